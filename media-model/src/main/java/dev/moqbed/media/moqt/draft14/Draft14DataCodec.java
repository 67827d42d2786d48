package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.Draft14Fields.forbidden;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.ObjectPayloads;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireReader;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;

/**
 * Draft-14 data plane (§10): SUBGROUP_HEADER stream types and object fields, and OBJECT_DATAGRAM.
 *
 * <p>SUBGROUP_HEADER types are 0x10..0x15 and 0x18..0x1D: bit 0x01 = objects carry an
 * extension-headers length, bits 0x06 = subgroup id mode (00 zero, 01 first object id, 10 explicit
 * field; 11 undefined), bit 0x08 = the stream contains the end of the group.
 *
 * <p>OBJECT_DATAGRAM types are 0x00..0x07 (payload; bit 0x01 extensions, 0x02 end of group, 0x04
 * object id omitted = 0) and 0x20..0x21 (status instead of payload; bit 0x01 extensions).
 */
final class Draft14DataCodec {
  static final int SUBGROUP_BASE = 0x10;
  static final int FLAG_EXTENSIONS = 0x01;
  static final int SUBGROUP_MODE_MASK = 0x06;
  static final int SUBGROUP_MODE_FIRST_OBJECT = 0x02;
  static final int SUBGROUP_MODE_EXPLICIT = 0x04;
  static final int SUBGROUP_END_OF_GROUP = 0x08;
  static final long FETCH_HEADER = 0x05;

  static final int DATAGRAM_END_OF_GROUP = 0x02;
  static final int DATAGRAM_NO_OBJECT_ID = 0x04;
  static final int DATAGRAM_STATUS = 0x20;

  private final MoqtLimits limits;

  Draft14DataCodec(MoqtLimits limits) {
    this.limits = limits;
  }

  MoqtLimits limits() {
    return limits;
  }

  // ---- subgroup header

  static int subgroupType(SubgroupHeader header) {
    int type = SUBGROUP_BASE;
    if (header.extensionsPresent()) {
      type |= FLAG_EXTENSIONS;
    }
    switch (header.subgroupIdMode()) {
      case FIRST_OBJECT_ID:
        type |= SUBGROUP_MODE_FIRST_OBJECT;
        break;
      case EXPLICIT:
        type |= SUBGROUP_MODE_EXPLICIT;
        break;
      default:
        break;
    }
    if (header.containsEndOfGroup()) {
      type |= SUBGROUP_END_OF_GROUP;
    }
    return type;
  }

  static void writeSubgroupHeader(SubgroupHeader header, WireWriter out) {
    out.writeVarint(subgroupType(header));
    out.writeVarint(header.trackAlias()).writeVarint(header.groupId());
    if (header.subgroupIdMode() == SubgroupIdMode.EXPLICIT) {
      out.writeVarint(header.subgroupId());
    }
    out.writeUint8(header.publisherPriority());
  }

  /** Checks a stream type the moment it is readable; returns it for the caller's layout. */
  static int checkSubgroupType(long type) {
    if (type == FETCH_HEADER) {
      throw MoqtProtocolException.violation(
          Problem.UNKNOWN_TYPE, "FETCH_HEADER streams (0x05) are not supported by this codec");
    }
    boolean subgroup =
        (type & ~0x0FL) == SUBGROUP_BASE && (type & SUBGROUP_MODE_MASK) != SUBGROUP_MODE_MASK;
    if (!subgroup) {
      throw MoqtProtocolException.violation(
          Problem.UNKNOWN_TYPE, "unidirectional stream type 0x" + Long.toHexString(type));
    }
    return (int) type;
  }

  static SubgroupHeader readSubgroupHeader(WireReader in) {
    int type = checkSubgroupType(in.readVarint("Type"));
    long alias = in.readVarint("Track Alias");
    long group = in.readVarint("Group ID");
    SubgroupIdMode mode;
    long subgroup;
    switch (type & SUBGROUP_MODE_MASK) {
      case SUBGROUP_MODE_EXPLICIT:
        mode = SubgroupIdMode.EXPLICIT;
        subgroup = in.readVarint("Subgroup ID");
        break;
      case SUBGROUP_MODE_FIRST_OBJECT:
        mode = SubgroupIdMode.FIRST_OBJECT_ID;
        subgroup = SubgroupHeader.UNRESOLVED;
        break;
      default:
        mode = SubgroupIdMode.ZERO;
        subgroup = 0;
    }
    int priority = in.readUint8("Publisher Priority");
    return new SubgroupHeader(
        alias,
        group,
        mode,
        subgroup,
        priority,
        (type & FLAG_EXTENSIONS) != 0,
        (type & SUBGROUP_END_OF_GROUP) != 0);
  }

  // ---- extension headers and status, shared by streams and datagrams

  static void writeExtensions(WireWriter out, KeyValuePairs extensions) {
    out.writeVarint(Draft14Fields.pairsLength(out.varints(), extensions));
    Draft14Fields.writePairs(out, extensions);
  }

  /** What the extension headers of a stream's object are called in errors. */
  static final String OBJECT_EXTENSIONS = "subgroup object extension headers";

  /** What the extension headers of a datagram are called in errors. */
  static final String DATAGRAM_EXTENSIONS = "OBJECT_DATAGRAM extension headers";

  /**
   * Reads an object's extension headers, named {@code extensionsFrame} in errors (a constant: the
   * name was concatenated for every object received).
   */
  KeyValuePairs readExtensions(WireReader in, String extensionsFrame) {
    int length = in.readLength("Extension Headers Length", limits.maxExtensionHeadersBytes());
    if (length == 0) {
      return KeyValuePairs.NONE;
    }
    return in.readWithin(
        length, "Extension headers", extensionsFrame, Draft14Fields::readPairsToEnd);
  }

  static ObjectStatus readStatus(WireReader in) {
    long code = in.readVarint("Object Status");
    ObjectStatus status = ObjectStatus.fromCode(code);
    if (status == null) {
      throw forbidden(in, "Object Status = " + code);
    }
    return status;
  }

  static void checkStatusExtensions(WireReader in, ObjectStatus status, KeyValuePairs extensions) {
    if (status == ObjectStatus.DOES_NOT_EXIST && !extensions.isEmpty()) {
      throw forbidden(in, "Object Does Not Exist with extension headers");
    }
  }

  int readPayloadLength(WireReader in) {
    return in.readLength("Object Payload Length", limits.maxObjectPayloadBytes());
  }

  // ---- datagrams

  static void writeDatagram(ObjectDatagram d, WireWriter out) {
    writeDatagram(d, d.trackAlias(), out);
  }

  /** The datagram {@code d} with {@code trackAlias} in place of its own. */
  static void writeDatagram(ObjectDatagram d, long trackAlias, WireWriter out) {
    int type = datagramType(d);
    out.writeVarint(type).writeVarint(trackAlias);
    writeDatagramAfterAlias(d, type, out);
  }

  /** The datagram's type: whether it has extensions, a status, an object id, the end of group. */
  static int datagramType(ObjectDatagram d) {
    boolean withStatus = d.status() != ObjectStatus.NORMAL;
    int type;
    if (withStatus) {
      if (d.endOfGroup()) {
        // Draft-14 has no status datagram type with the end-of-group flag.
        throw new IllegalArgumentException("a status datagram cannot carry end of group");
      }
      type = DATAGRAM_STATUS;
    } else {
      type =
          (d.endOfGroup() ? DATAGRAM_END_OF_GROUP : 0)
              | (d.objectId() == 0 ? DATAGRAM_NO_OBJECT_ID : 0);
    }
    if (!d.extensions().isEmpty()) {
      type |= FLAG_EXTENSIONS;
    }
    return type;
  }

  /** Everything after the track alias of a datagram of {@code type}. */
  static void writeDatagramAfterAlias(ObjectDatagram d, int type, WireWriter out) {
    boolean withExtensions = (type & FLAG_EXTENSIONS) != 0;
    boolean withStatus = d.status() != ObjectStatus.NORMAL;
    out.writeVarint(d.groupId());
    if ((type & DATAGRAM_NO_OBJECT_ID) == 0) {
      out.writeVarint(d.objectId());
    }
    out.writeUint8(d.publisherPriority());
    if (withExtensions) {
      writeExtensions(out, d.extensions());
    }
    if (withStatus) {
      out.writeVarint(d.status().code());
    } else {
      d.payload().writeTo(out);
    }
  }

  ObjectDatagram readDatagram(ByteBuffer datagram, ObjectPayloads payloads) {
    WireReader in = new WireReader(datagram, QuicVarint.INSTANCE, "OBJECT_DATAGRAM");
    long type = in.readVarint("Type");
    boolean statusType = type == DATAGRAM_STATUS || type == (DATAGRAM_STATUS | FLAG_EXTENSIONS);
    if (!statusType && (type < 0 || type > 0x07)) {
      throw MoqtProtocolException.violation(
          Problem.UNKNOWN_TYPE, "datagram type 0x" + Long.toHexString(type));
    }
    long alias = in.readVarint("Track Alias");
    long group = in.readVarint("Group ID");
    long objectId = (type & DATAGRAM_NO_OBJECT_ID) == 0 ? in.readVarint("Object ID") : 0;
    int priority = in.readUint8("Publisher Priority");
    KeyValuePairs extensions = KeyValuePairs.NONE;
    if ((type & FLAG_EXTENSIONS) != 0) {
      extensions = readExtensions(in, DATAGRAM_EXTENSIONS);
      if (extensions.isEmpty()) {
        throw forbidden(in, "Extensions Present with Extension Headers Length 0");
      }
    }
    if (statusType) {
      ObjectStatus status = readStatus(in);
      checkStatusExtensions(in, status, extensions);
      in.expectEnd();
      return new ObjectDatagram(
          alias, group, objectId, priority, false, status, extensions, ByteString.EMPTY);
    }
    if (in.remaining() > limits.maxObjectPayloadBytes()) {
      throw MoqtProtocolException.violation(
          Problem.TOO_LARGE,
          "OBJECT_DATAGRAM: payload of "
              + in.remaining()
              + " bytes exceeds the limit "
              + limits.maxObjectPayloadBytes());
    }
    int payloadSize = in.remaining();
    ByteString payload;
    if (payloads == ObjectPayloads.KEEP) {
      payload = ByteString.wrapOwned(in.readRest());
    } else {
      payload = ByteString.EMPTY;
      datagram.position(datagram.limit());
    }
    return new ObjectDatagram(
        alias,
        group,
        objectId,
        priority,
        (type & DATAGRAM_END_OF_GROUP) != 0,
        ObjectStatus.NORMAL,
        extensions,
        payload,
        payloadSize);
  }
}

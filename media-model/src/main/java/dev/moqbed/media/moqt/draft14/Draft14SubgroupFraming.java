package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.Draft14Fields.forbidden;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireReader;
import java.nio.ByteBuffer;

/**
 * What both subgroup stream decoders share: the scanners that find where a header or an object's
 * head ends (reading only length fields, rejecting a length above the limits as soon as it is
 * readable), and the strict decode of those fields with the stream's state (the previous object id,
 * the end marker, the header's subgroup id). An object's head is everything before its payload:
 * Object ID Delta, extension headers, Payload Length, and the status when the length is 0.
 */
final class Draft14SubgroupFraming {
  static final QuicVarint VARINTS = QuicVarint.INSTANCE;

  /** Returned by the scanners while the frame is still incomplete. */
  static final int INCOMPLETE = -1;

  private final Draft14DataCodec data;
  private SubgroupHeader header;
  private long previousObjectId = -1;
  private boolean endMarkerSeen;
  // The object whose head was read last, until finish() makes it the previous one.
  private long headId;
  private ObjectStatus headStatus;
  private KeyValuePairs headExtensions;
  private int headPayloadLength;
  // The Payload Length found by the last objectHeadLength scan.
  private int scannedPayloadLength;

  Draft14SubgroupFraming(Draft14DataCodec data) {
    this.data = data;
  }

  SubgroupHeader header() {
    return header;
  }

  /** Decodes the header in {@code frame} (exactly its bytes, as {@link #headerLength} found). */
  void decodeHeader(ByteBuffer frame) {
    WireReader in = new WireReader(frame, VARINTS, "SUBGROUP_HEADER");
    header = Draft14DataCodec.readSubgroupHeader(in);
    in.expectEnd();
  }

  /**
   * Reads an object's head: its id, extensions, payload length and status, checked as the complete
   * object would be. The payload (if any) follows in {@code in}; {@link #finish} completes it.
   */
  void readHead(WireReader in) {
    if (endMarkerSeen) {
      throw forbidden(in, "object after an End of Group / End of Track marker on the same stream");
    }
    long delta = in.readVarint("Object ID Delta");
    long id = previousObjectId < 0 ? delta : previousObjectId + 1 + delta;
    if (id > QuicVarint.MAX_VALUE || id < 0) {
      throw forbidden(in, "Object ID beyond 2^62-1 (previous " + previousObjectId + ")");
    }
    headId = id;
    headExtensions =
        header.extensionsPresent()
            ? data.readExtensions(in, Draft14DataCodec.OBJECT_EXTENSIONS)
            : KeyValuePairs.NONE;
    headPayloadLength = data.readPayloadLength(in);
    headStatus = ObjectStatus.NORMAL;
    if (headPayloadLength == 0) {
      headStatus = Draft14DataCodec.readStatus(in);
      Draft14DataCodec.checkStatusExtensions(in, headStatus, headExtensions);
    }
  }

  /** The payload length of the head read last. */
  int headPayloadLength() {
    return headPayloadLength;
  }

  /**
   * The object whose head was read last, with {@code payload} (empty when only its size is kept);
   * it becomes the previous object of the stream.
   */
  SubgroupObject finish(ByteString payload) {
    boolean first = previousObjectId < 0;
    if (first && header.subgroupIdMode() == SubgroupIdMode.FIRST_OBJECT_ID) {
      header = header.withFirstObjectId(headId);
    }
    previousObjectId = headId;
    endMarkerSeen =
        headStatus == ObjectStatus.END_OF_GROUP || headStatus == ObjectStatus.END_OF_TRACK;
    return new SubgroupObject(headId, headStatus, headExtensions, payload, headPayloadLength);
  }

  // ---- scanners: the frame's length, or INCOMPLETE

  static int headerLength(ByteBuffer view) {
    int start = view.position();
    int typeLength = VARINTS.lengthAt(view, start);
    if (typeLength < 0 || start + typeLength > view.limit()) {
      return INCOMPLETE;
    }
    // Reject a wrong stream type on its first bytes, before waiting for the rest.
    int type = Draft14DataCodec.checkSubgroupType(VARINTS.decodeAt(view, start));
    int at = skipVarint(view, start + typeLength); // Track Alias
    at = skipVarint(view, at); // Group ID
    if ((type & Draft14DataCodec.SUBGROUP_MODE_MASK) == Draft14DataCodec.SUBGROUP_MODE_EXPLICIT) {
      at = skipVarint(view, at); // Subgroup ID
    }
    if (at == INCOMPLETE || at + 1 > view.limit()) { // Publisher Priority
      return INCOMPLETE;
    }
    return at + 1 - start;
  }

  /**
   * The length of the object head at the view's position (see the class comment), its Payload
   * Length then in {@link #scannedPayloadLength()}; INCOMPLETE while the head is not all there.
   */
  int objectHeadLength(ByteBuffer view) {
    int start = view.position();
    int at = skipVarint(view, start); // Object ID Delta
    if (header.extensionsPresent()) {
      long extensionsLength =
          readLengthAt(view, at, data.limits().maxExtensionHeadersBytes(), "Extension Headers");
      if (extensionsLength < 0) {
        return INCOMPLETE;
      }
      long afterExtensions = (long) at + VARINTS.lengthAt(view, at) + extensionsLength;
      if (afterExtensions >= view.limit()) {
        return INCOMPLETE;
      }
      at = (int) afterExtensions;
    }
    long payloadLength =
        readLengthAt(view, at, data.limits().maxObjectPayloadBytes(), "Object Payload");
    if (payloadLength < 0) {
      return INCOMPLETE;
    }
    at += VARINTS.lengthAt(view, at);
    if (payloadLength == 0) {
      at = skipVarint(view, at); // Object Status
      if (at == INCOMPLETE) {
        return INCOMPLETE;
      }
    }
    scannedPayloadLength = (int) payloadLength;
    return at - start;
  }

  int scannedPayloadLength() {
    return scannedPayloadLength;
  }

  /** Index after the varint at {@code at}, or INCOMPLETE. */
  private static int skipVarint(ByteBuffer view, int at) {
    if (at == INCOMPLETE || at >= view.limit()) {
      return INCOMPLETE;
    }
    int length = VARINTS.lengthAt(view, at);
    return at + length > view.limit() ? INCOMPLETE : at + length;
  }

  /** The length varint at {@code at}, checked against {@code max}; -1 if not all there yet. */
  private static long readLengthAt(ByteBuffer view, int at, int max, String field) {
    if (skipVarint(view, at) == INCOMPLETE) {
      return -1;
    }
    long value = VARINTS.decodeAt(view, at);
    if (value > max) {
      throw MoqtProtocolException.violation(
          Problem.TOO_LARGE,
          "subgroup object: " + field + " length " + value + " exceeds the limit " + max);
    }
    return value;
  }
}

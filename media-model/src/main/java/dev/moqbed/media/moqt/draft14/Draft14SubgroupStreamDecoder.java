package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.Draft14Fields.forbidden;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.ObjectStatus;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.wire.ByteAccumulator;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireReader;
import java.nio.ByteBuffer;

/**
 * Incremental decoder of one draft-14 subgroup stream. Before decoding a header or an object it
 * scans the buffered bytes for the frame's end, reading only length fields; a length above the
 * limits is rejected there, so nothing waits for (or buffers towards) a size the peer merely
 * claims. The complete frame is then decoded by the same strict reader as everything else.
 */
final class Draft14SubgroupStreamDecoder implements SubgroupStreamDecoder {
  private static final QuicVarint VARINTS = QuicVarint.INSTANCE;

  /** Returned by the scanners while the frame is still incomplete. */
  private static final int INCOMPLETE = -1;

  private final Draft14DataCodec data;
  private final ByteAccumulator pending = new ByteAccumulator();
  private SubgroupHeader header;
  private long previousObjectId = -1;
  private boolean endMarkerSeen;

  Draft14SubgroupStreamDecoder(Draft14DataCodec data) {
    this.data = data;
  }

  @Override
  public void feed(ByteBuffer bytes) {
    pending.append(bytes);
  }

  @Override
  public SubgroupHeader header() {
    if (header == null) {
      decodeHeader();
    }
    return header;
  }

  @Override
  public SubgroupObject nextObject() {
    if (header == null && !decodeHeader()) {
      return null;
    }
    ByteBuffer view = pending.view();
    int length = objectLength(view);
    if (length == INCOMPLETE) {
      return null;
    }
    ByteBuffer frame = view.slice();
    frame.limit(length);
    WireReader in = new WireReader(frame, VARINTS, "subgroup object");
    SubgroupObject object = readObject(in);
    in.expectEnd();
    pending.consume(length);
    return object;
  }

  @Override
  public int bufferedBytes() {
    return pending.size();
  }

  @Override
  public void onEndOfStream() {
    if (header == null || pending.size() > 0) {
      throw MoqtProtocolException.violation(
          Problem.INCOMPLETE_AT_END_OF_STREAM,
          "subgroup stream ended inside "
              + (header == null ? "its header" : "an object")
              + " ("
              + pending.size()
              + " bytes pending)");
    }
  }

  private boolean decodeHeader() {
    ByteBuffer view = pending.view();
    int length = headerLength(view);
    if (length == INCOMPLETE) {
      return false;
    }
    ByteBuffer frame = view.slice();
    frame.limit(length);
    WireReader in = new WireReader(frame, VARINTS, "SUBGROUP_HEADER");
    header = Draft14DataCodec.readSubgroupHeader(in);
    in.expectEnd();
    pending.consume(length);
    return true;
  }

  private SubgroupObject readObject(WireReader in) {
    if (endMarkerSeen) {
      throw forbidden(in, "object after an End of Group / End of Track marker on the same stream");
    }
    long delta = in.readVarint("Object ID Delta");
    boolean first = previousObjectId < 0;
    long id = first ? delta : previousObjectId + 1 + delta;
    if (id > QuicVarint.MAX_VALUE || id < 0) {
      throw forbidden(in, "Object ID beyond 2^62-1 (previous " + previousObjectId + ")");
    }
    KeyValuePairs extensions =
        header.extensionsPresent() ? data.readExtensions(in) : KeyValuePairs.NONE;
    int payloadLength = data.readPayloadLength(in);
    ObjectStatus status = ObjectStatus.NORMAL;
    ByteString payload = ByteString.EMPTY;
    if (payloadLength == 0) {
      status = Draft14DataCodec.readStatus(in);
      Draft14DataCodec.checkStatusExtensions(in, status, extensions);
    } else {
      payload = ByteString.wrapOwned(in.readBytes(payloadLength, "Object Payload"));
    }
    if (first && header.subgroupIdMode() == SubgroupIdMode.FIRST_OBJECT_ID) {
      header = header.withFirstObjectId(id);
    }
    previousObjectId = id;
    endMarkerSeen = status == ObjectStatus.END_OF_GROUP || status == ObjectStatus.END_OF_TRACK;
    return new SubgroupObject(id, status, extensions, payload);
  }

  // ---- scanners: the frame's total length, or INCOMPLETE

  private static int headerLength(ByteBuffer view) {
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

  private int objectLength(ByteBuffer view) {
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
    long end = payloadLength == 0 ? skipVarint(view, at) : (long) at + payloadLength;
    if (end == INCOMPLETE || end > view.limit()) {
      return INCOMPLETE;
    }
    return (int) (end - start);
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

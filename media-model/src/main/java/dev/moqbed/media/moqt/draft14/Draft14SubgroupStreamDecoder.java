package dev.moqbed.media.moqt.draft14;

import static dev.moqbed.media.moqt.draft14.Draft14SubgroupFraming.INCOMPLETE;
import static dev.moqbed.media.moqt.draft14.Draft14SubgroupFraming.VARINTS;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.media.moqt.wire.ByteAccumulator;
import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import dev.moqbed.media.moqt.wire.WireReader;
import java.nio.ByteBuffer;

/**
 * Incremental decoder of one draft-14 subgroup stream that keeps every payload. Before decoding a
 * header or an object it scans the buffered bytes for the frame's end, reading only length fields;
 * a length above the limits is rejected there, so nothing waits for (or buffers towards) a size the
 * peer merely claims. The complete frame is then decoded by the same strict reader as everything
 * else.
 */
final class Draft14SubgroupStreamDecoder implements SubgroupStreamDecoder {
  private final Draft14SubgroupFraming framing;
  private final ByteAccumulator pending;

  Draft14SubgroupStreamDecoder(Draft14DataCodec data, ByteAccumulator pending) {
    this.framing = new Draft14SubgroupFraming(data);
    this.pending = pending;
  }

  @Override
  public void feed(ByteBuffer bytes) {
    pending.append(bytes);
  }

  @Override
  public SubgroupHeader header() {
    if (framing.header() == null) {
      decodeHeader();
    }
    return framing.header();
  }

  @Override
  public SubgroupObject nextObject() {
    if (framing.header() == null && !decodeHeader()) {
      return null;
    }
    ByteBuffer view = pending.view();
    int head = framing.objectHeadLength(view);
    if (head == INCOMPLETE) {
      return null;
    }
    long length = (long) head + framing.scannedPayloadLength();
    if (length > view.remaining()) {
      return null;
    }
    ByteBuffer frame = view.slice();
    frame.limit((int) length);
    WireReader in = new WireReader(frame, VARINTS, "subgroup object");
    framing.readHead(in);
    int payloadLength = framing.headPayloadLength();
    ByteString payload =
        payloadLength == 0
            ? ByteString.EMPTY
            : ByteString.wrapOwned(in.readBytes(payloadLength, "Object Payload"));
    SubgroupObject object = framing.finish(payload);
    in.expectEnd();
    pending.consume((int) length);
    return object;
  }

  @Override
  public int bufferedBytes() {
    return pending.size();
  }

  @Override
  public void onEndOfStream() {
    if (framing.header() == null || pending.size() > 0) {
      throw MoqtProtocolException.violation(
          Problem.INCOMPLETE_AT_END_OF_STREAM,
          "subgroup stream ended inside "
              + (framing.header() == null ? "its header" : "an object")
              + " ("
              + pending.size()
              + " bytes pending)");
    }
  }

  @Override
  public void release() {
    pending.clear();
  }

  private boolean decodeHeader() {
    ByteBuffer view = pending.view();
    int length = Draft14SubgroupFraming.headerLength(view);
    if (length == INCOMPLETE) {
      return false;
    }
    ByteBuffer frame = view.slice();
    frame.limit(length);
    framing.decodeHeader(frame);
    pending.consume(length);
    return true;
  }
}

package dev.moqbed.webtransport.qpack;

import dev.moqbed.media.moqt.wire.ByteAccumulator;
import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.nio.ByteBuffer;

/**
 * Reads the peer's QPACK decoder stream (RFC 9204 §4.4) for an encoder that never uses the dynamic
 * table. Stream Cancellation is legitimate (a decoder sends it when a stream is reset) and ignored:
 * there is no state to release. A Section Acknowledgment or an Insert Count Increment refers to
 * dynamic-table state this encoder never created, which §4.4.1 and §4.4.3 make the peer's error.
 */
public final class QpackDecoderStreamReader {
  private final ByteAccumulator pending = new ByteAccumulator();
  private long cancelledStreams;

  /**
   * Reads the remaining bytes of {@code data}; a cancellation split across calls is completed by
   * the next.
   *
   * @throws Http3Exception QPACK_DECODER_STREAM_ERROR for an acknowledgment or an increment
   */
  public void append(ByteBuffer data) {
    pending.append(data);
    ByteBuffer view = pending.view();
    int start = view.position();
    while (view.hasRemaining()) {
      int first = view.get(view.position()) & 0xff;
      if ((first & 0x80) != 0) {
        throw refused("Section Acknowledgment");
      }
      if ((first & 0x40) == 0) {
        throw refused("Insert Count Increment");
      }
      // Stream Cancellation: 01, then the stream id with a 6-bit prefix.
      if (PrefixedInteger.readIfComplete(view, 6, Http3ErrorCode.QPACK_DECODER_STREAM_ERROR) < 0) {
        break;
      }
      cancelledStreams++;
    }
    pending.consume(view.position() - start);
  }

  /** Stream Cancellations read so far. */
  public long cancelledStreams() {
    return cancelledStreams;
  }

  private static Http3Exception refused(String instruction) {
    return new Http3Exception(
        Http3ErrorCode.QPACK_DECODER_STREAM_ERROR,
        instruction + " for a dynamic table this encoder never used");
  }
}

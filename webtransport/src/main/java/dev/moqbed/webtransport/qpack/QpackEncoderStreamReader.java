package dev.moqbed.webtransport.qpack;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.nio.ByteBuffer;

/**
 * Reads the peer's QPACK encoder stream (RFC 9204 §4.3) when this endpoint's dynamic table has
 * capacity 0. The only instruction that fits is Set Dynamic Table Capacity to 0, which changes
 * nothing; every insertion, duplication or larger capacity would exceed the table this endpoint
 * advertised and is the peer's error.
 */
public final class QpackEncoderStreamReader {
  /** Set Dynamic Table Capacity (001, 5-bit prefix) with the value 0, in its one-byte form. */
  private static final int SET_CAPACITY_ZERO = 0x20;

  /**
   * Reads the remaining bytes of {@code data}.
   *
   * @throws Http3Exception QPACK_ENCODER_STREAM_ERROR for any instruction but a zero capacity
   */
  public void append(ByteBuffer data) {
    while (data.hasRemaining()) {
      int instruction = data.get() & 0xff;
      if (instruction != SET_CAPACITY_ZERO) {
        throw new Http3Exception(
            Http3ErrorCode.QPACK_ENCODER_STREAM_ERROR,
            "encoder instruction 0x"
                + Integer.toHexString(instruction)
                + " needs a dynamic table, whose capacity is 0");
      }
    }
  }
}

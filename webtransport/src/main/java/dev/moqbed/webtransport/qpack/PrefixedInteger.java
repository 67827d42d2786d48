package dev.moqbed.webtransport.qpack;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * The prefixed integers of HPACK and QPACK (RFC 7541 §5.1, RFC 9204 §4.1.1): the low N bits of a
 * first byte whose high bits carry flags, continued in 7-bit groups when the value does not fit.
 * This is not a QUIC varint and shares nothing with one but the purpose.
 */
final class PrefixedInteger {
  /** Values above this would need more than 62 bits; refused as no QPACK field needs them. */
  private static final int MAX_SHIFT = 56;

  private PrefixedInteger() {}

  /**
   * Writes {@code value} with an {@code prefixBits}-bit prefix; {@code flags} holds the first
   * byte's high bits, already in place.
   */
  static void write(ByteArrayOutputStream out, int flags, int prefixBits, long value) {
    int max = (1 << prefixBits) - 1;
    if (value < max) {
      out.write(flags | (int) value);
      return;
    }
    out.write(flags | max);
    long rest = value - max;
    while (rest >= 0x80) {
      out.write((int) (rest & 0x7f) | 0x80);
      rest >>>= 7;
    }
    out.write((int) rest);
  }

  /**
   * Reads an integer whose first byte is at the buffer's position, or returns -1 without moving the
   * position when its last byte has not arrived yet.
   *
   * @throws Http3Exception {@code errorCode} for a value above 2^62
   */
  static long readIfComplete(ByteBuffer buffer, int prefixBits, long errorCode) {
    int start = buffer.position();
    if (!buffer.hasRemaining()) {
      return -1;
    }
    int max = (1 << prefixBits) - 1;
    long value = buffer.get() & max;
    if (value < max) {
      return value;
    }
    int shift = 0;
    while (buffer.hasRemaining()) {
      int next = buffer.get() & 0xff;
      if (shift > MAX_SHIFT) {
        throw new Http3Exception(errorCode, "prefixed integer longer than 62 bits");
      }
      value += (long) (next & 0x7f) << shift;
      shift += 7;
      if ((next & 0x80) == 0) {
        return value;
      }
    }
    buffer.position(start);
    return -1;
  }

  /**
   * Reads an integer from a field section that is already complete: running out of bytes is the
   * peer's error.
   */
  static long read(ByteBuffer buffer, int prefixBits) {
    long value = readIfComplete(buffer, prefixBits, Http3ErrorCode.QPACK_DECOMPRESSION_FAILED);
    if (value < 0) {
      throw new Http3Exception(
          Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, "field section ends inside an integer");
    }
    return value;
  }
}

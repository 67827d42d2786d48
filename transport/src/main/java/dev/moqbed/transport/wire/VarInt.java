package dev.moqbed.transport.wire;

import dev.moqbed.runtime.wire.VarintCodec;
import java.nio.ByteBuffer;

/**
 * QUIC variable-length integers (RFC 9000 §16): the two high bits of the first byte give the length
 * (1, 2, 4 or 8 bytes), the remaining 6, 14, 30 or 62 bits the value in network order.
 *
 * <p>Writers come in two forms: minimal ({@link #write(ByteBuffer, long)}, what §16 recommends) and
 * explicit length ({@link #write(ByteBuffer, long, int)}, which §16 allows "where the value is
 * known later", e.g. a long header's Length field reserved before the payload is built). Readers
 * accept any length, as §16 requires; {@link #isMinimal} lets callers that must check minimality
 * (frame types, RFC 9000 §12.4) do so.
 *
 * <p>The encoding is the project's one varint codec, {@link VarintCodec} in {@code runtime}; this
 * class adds what QUIC frames need on top: a read that reports a truncated varint as
 * FRAME_ENCODING_ERROR, and minimality checks.
 *
 * <p>All values are non-negative {@code long}s up to {@link #MAX}. Encoding a value outside that
 * range is a local programming error ({@link IllegalArgumentException}); decoding cannot produce
 * one.
 */
public final class VarInt {
  /** The largest value a varint can hold, 2^62 - 1. */
  public static final long MAX = VarintCodec.MAX;

  /** The largest value a 1-byte varint holds. */
  public static final long MAX_1_BYTE = VarintCodec.MAX_1_BYTE;

  /** The largest value a 2-byte varint holds. */
  public static final long MAX_2_BYTES = VarintCodec.MAX_2_BYTES;

  /** The largest value a 4-byte varint holds. */
  public static final long MAX_4_BYTES = VarintCodec.MAX_4_BYTES;

  private VarInt() {}

  /** Minimal encoded size of {@code value}: 1, 2, 4 or 8 bytes. */
  public static int encodedSize(long value) {
    return VarintCodec.encodedSize(value);
  }

  /** Whether {@code value} fits in a varint of {@code length} bytes (1, 2, 4 or 8). */
  public static boolean fits(long value, int length) {
    return VarintCodec.fits(value, length);
  }

  /** Whether {@code length} is the minimal encoded size of {@code value}. */
  public static boolean isMinimal(long value, int length) {
    return encodedSize(value) == length;
  }

  /** The largest value encodable in {@code length} bytes. */
  public static long maxValue(int length) {
    return VarintCodec.maxValue(length);
  }

  /** The encoded length announced by a varint's first byte (its two high bits). */
  public static int lengthFromFirstByte(byte first) {
    return VarintCodec.lengthFromFirstByte(first);
  }

  /** Writes {@code value} in its minimal encoding at the buffer's position, advancing it. */
  public static void write(ByteBuffer buffer, long value) {
    VarintCodec.write(buffer, value);
  }

  /**
   * Writes {@code value} in exactly {@code length} bytes (1, 2, 4 or 8) at the buffer's position,
   * advancing it. A longer than minimal length is valid on the wire (RFC 9000 §16).
   */
  public static void write(ByteBuffer buffer, long value, int length) {
    VarintCodec.write(buffer, value, length);
  }

  /**
   * Writes {@code value} in exactly {@code length} bytes at absolute {@code index}, leaving the
   * position alone: fills in a Length field reserved earlier.
   */
  public static void writeAt(ByteBuffer buffer, int index, long value, int length) {
    VarintCodec.writeAt(buffer, index, value, length);
  }

  /**
   * Reads the varint at the buffer's position, advancing it.
   *
   * @throws QuicWireException FRAME_ENCODING_ERROR when the buffer ends inside the varint; use
   *     {@link QuicWireReader} for another error code
   */
  public static long read(ByteBuffer buffer) throws QuicWireException {
    if (!buffer.hasRemaining()) {
      throw new QuicWireException(TransportErrorCode.FRAME_ENCODING_ERROR, "varint: no bytes left");
    }
    int index = buffer.position();
    int length = lengthFromFirstByte(buffer.get(index));
    if (buffer.remaining() < length) {
      throw new QuicWireException(
          TransportErrorCode.FRAME_ENCODING_ERROR,
          "varint of " + length + " bytes, " + buffer.remaining() + " left");
    }
    buffer.position(index + length);
    return VarintCodec.decodeAt(buffer, index, length);
  }

  /**
   * The varint of {@code length} bytes at absolute {@code index}; the caller has checked that the
   * bytes are there and that {@code length} matches the first byte.
   */
  static long getUnchecked(ByteBuffer buffer, int index, int length) {
    return VarintCodec.decodeAt(buffer, index, length);
  }
}

package dev.moqbed.transport.wire;

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
 * <p>All values are non-negative {@code long}s up to {@link #MAX}. Encoding a value outside that
 * range is a local programming error ({@link IllegalArgumentException}); decoding cannot produce
 * one.
 */
public final class VarInt {
  /** The largest value a varint can hold, 2^62 - 1. */
  public static final long MAX = (1L << 62) - 1;

  /** The largest value a 1-byte varint holds. */
  public static final long MAX_1_BYTE = 63;

  /** The largest value a 2-byte varint holds. */
  public static final long MAX_2_BYTES = 16_383;

  /** The largest value a 4-byte varint holds. */
  public static final long MAX_4_BYTES = (1L << 30) - 1;

  private VarInt() {}

  /** Minimal encoded size of {@code value}: 1, 2, 4 or 8 bytes. */
  public static int encodedSize(long value) {
    if (value < 0) {
      throw new IllegalArgumentException("not a QUIC varint: " + value);
    }
    if (value <= MAX_1_BYTE) {
      return 1;
    }
    if (value <= MAX_2_BYTES) {
      return 2;
    }
    if (value <= MAX_4_BYTES) {
      return 4;
    }
    if (value <= MAX) {
      return 8;
    }
    throw new IllegalArgumentException("not a QUIC varint: " + value);
  }

  /** Whether {@code value} fits in a varint of {@code length} bytes (1, 2, 4 or 8). */
  public static boolean fits(long value, int length) {
    return value >= 0 && value <= maxValue(length);
  }

  /** Whether {@code length} is the minimal encoded size of {@code value}. */
  public static boolean isMinimal(long value, int length) {
    return encodedSize(value) == length;
  }

  /** The largest value encodable in {@code length} bytes. */
  public static long maxValue(int length) {
    switch (length) {
      case 1:
        return MAX_1_BYTE;
      case 2:
        return MAX_2_BYTES;
      case 4:
        return MAX_4_BYTES;
      case 8:
        return MAX;
      default:
        throw new IllegalArgumentException("varint length must be 1, 2, 4 or 8: " + length);
    }
  }

  /** The encoded length announced by a varint's first byte (its two high bits). */
  public static int lengthFromFirstByte(byte first) {
    return 1 << ((first & 0xc0) >>> 6);
  }

  /** Writes {@code value} in its minimal encoding at the buffer's position, advancing it. */
  public static void write(ByteBuffer buffer, long value) {
    write(buffer, value, encodedSize(value));
  }

  /**
   * Writes {@code value} in exactly {@code length} bytes (1, 2, 4 or 8) at the buffer's position,
   * advancing it. A longer than minimal length is valid on the wire (RFC 9000 §16).
   */
  public static void write(ByteBuffer buffer, long value, int length) {
    if (!fits(value, length)) {
      throw new IllegalArgumentException(value + " does not fit a " + length + "-byte varint");
    }
    switch (length) {
      case 1:
        buffer.put((byte) value);
        break;
      case 2:
        buffer.putShort((short) (value | 0x4000));
        break;
      case 4:
        buffer.putInt((int) (value | 0x8000_0000L));
        break;
      default:
        buffer.putLong(value | 0xc000_0000_0000_0000L);
        break;
    }
  }

  /**
   * Writes {@code value} in exactly {@code length} bytes at absolute {@code index}, leaving the
   * position alone: fills in a Length field reserved earlier.
   */
  public static void writeAt(ByteBuffer buffer, int index, long value, int length) {
    if (!fits(value, length)) {
      throw new IllegalArgumentException(value + " does not fit a " + length + "-byte varint");
    }
    switch (length) {
      case 1:
        buffer.put(index, (byte) value);
        break;
      case 2:
        buffer.putShort(index, (short) (value | 0x4000));
        break;
      case 4:
        buffer.putInt(index, (int) (value | 0x8000_0000L));
        break;
      default:
        buffer.putLong(index, value | 0xc000_0000_0000_0000L);
        break;
    }
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
    return getUnchecked(buffer, index, length);
  }

  /**
   * The varint of {@code length} bytes at absolute {@code index}; the caller has checked that the
   * bytes are there and that {@code length} matches the first byte.
   */
  static long getUnchecked(ByteBuffer buffer, int index, int length) {
    switch (length) {
      case 1:
        return buffer.get(index) & 0x3f;
      case 2:
        return buffer.getShort(index) & 0x3fff;
      case 4:
        return buffer.getInt(index) & 0x3fff_ffffL;
      default:
        return buffer.getLong(index) & MAX;
    }
  }
}

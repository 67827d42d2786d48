package dev.moqbed.runtime.wire;

import java.nio.ByteBuffer;

/**
 * The QUIC variable-length integer (RFC 9000 §16), the project's one codec for it: the two high
 * bits of the first byte give the length (1, 2, 4 or 8 bytes), the remaining 6, 14, 30 or 62 bits
 * the value in network order. QUIC frames ({@code transport.wire.VarInt}), MoQT messages and HTTP/3
 * ({@code media.moqt.wire.QuicVarint}) delegate here and add only their own error codes.
 *
 * <p>Writers take the minimal length (what §16 recommends) or an explicit one (which §16 allows,
 * for a Length field reserved before the value is known). Readers accept any length, as §16
 * requires. Values are non-negative {@code long}s up to {@link #MAX}; encoding a value outside that
 * range is a local programming error ({@link IllegalArgumentException}). Reads here do not check
 * that the bytes are there: the callers check it and report a truncation in their protocol's terms.
 * Multi-byte reads and writes use the buffer's order, which must be big-endian (a new buffer's).
 */
public final class VarintCodec {
  /** The largest value a varint can hold, 2^62 - 1. */
  public static final long MAX = (1L << 62) - 1;

  /** The largest value a 1-byte varint holds. */
  public static final long MAX_1_BYTE = 63;

  /** The largest value a 2-byte varint holds. */
  public static final long MAX_2_BYTES = 16_383;

  /** The largest value a 4-byte varint holds. */
  public static final long MAX_4_BYTES = (1L << 30) - 1;

  private VarintCodec() {}

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

  /**
   * The length of the varint at absolute {@code index} if all its bytes lie before the buffer's
   * limit, otherwise -1 (not there yet, or truncated).
   */
  public static int completeLengthAt(ByteBuffer buffer, int index) {
    if (index < 0 || index >= buffer.limit()) {
      return -1;
    }
    int length = lengthFromFirstByte(buffer.get(index));
    return buffer.limit() - index >= length ? length : -1;
  }

  /** Writes {@code value} in its minimal encoding at the buffer's position, advancing it. */
  public static void write(ByteBuffer buffer, long value) {
    write(buffer, value, encodedSize(value));
  }

  /**
   * Writes {@code value} in exactly {@code length} bytes (1, 2, 4 or 8) at the buffer's position,
   * advancing it.
   */
  public static void write(ByteBuffer buffer, long value, int length) {
    if (!fits(value, length)) {
      throw new IllegalArgumentException(value + " does not fit a " + length + "-byte varint");
    }
    // Relative puts: a buffer without room fails with BufferOverflowException, which callers
    // that grow their buffer rely on.
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

  /** Writes the minimal encoding of {@code value} into {@code destination} at {@code offset}. */
  public static void encode(long value, byte[] destination, int offset) {
    int length = encodedSize(value);
    // The length code (0..3) is log2 of the byte count and sits in the top two bits.
    int lengthCode = Integer.numberOfTrailingZeros(length);
    for (int i = length - 1; i >= 0; i--) {
      destination[offset + i] = (byte) value;
      value >>>= 8;
    }
    destination[offset] = (byte) ((destination[offset] & 0x3f) | (lengthCode << 6));
  }

  /**
   * The varint at absolute {@code index}, its length read from its first byte; the caller has
   * checked that all its bytes are there.
   */
  public static long decodeAt(ByteBuffer buffer, int index) {
    byte first = buffer.get(index);
    return decodeAt(buffer, index, lengthFromFirstByte(first));
  }

  /**
   * The varint of {@code length} bytes at absolute {@code index}; the caller has checked that the
   * bytes are there and that {@code length} matches the first byte.
   */
  public static long decodeAt(ByteBuffer buffer, int index, int length) {
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

package dev.moqbed.media.moqt.wire;

import java.nio.ByteBuffer;

/**
 * The QUIC variable-length integer (RFC 9000 §16): the two high bits of the first byte give the
 * length (1, 2, 4 or 8 bytes), the remaining bits hold the value big-endian, so values go up to
 * 2^62 - 1. Encoding always picks the shortest length (the draft's SHOULD); decoding accepts any
 * length, as RFC 9000 allows a non-minimal encoding.
 */
public final class QuicVarint implements VarintFormat {
  /** The single instance; the format has no state. */
  public static final QuicVarint INSTANCE = new QuicVarint();

  /** 2^62 - 1, the largest value an 8-byte varint carries. */
  public static final long MAX_VALUE = (1L << 62) - 1;

  private QuicVarint() {}

  @Override
  public long maxValue() {
    return MAX_VALUE;
  }

  @Override
  public int encodedLength(long value) {
    if (value < 0 || value > MAX_VALUE) {
      throw new IllegalArgumentException("varint out of range [0, 2^62-1]: " + value);
    }
    if (value < (1L << 6)) {
      return 1;
    }
    if (value < (1L << 14)) {
      return 2;
    }
    if (value < (1L << 30)) {
      return 4;
    }
    return 8;
  }

  @Override
  public void encode(long value, byte[] destination, int offset) {
    int length = encodedLength(value);
    // The length code (0..3) is log2 of the byte count and sits in the top two bits.
    int lengthCode = Integer.numberOfTrailingZeros(length);
    for (int i = length - 1; i >= 0; i--) {
      destination[offset + i] = (byte) value;
      value >>>= 8;
    }
    destination[offset] = (byte) ((destination[offset] & 0x3F) | (lengthCode << 6));
  }

  @Override
  public int lengthAt(ByteBuffer buffer, int index) {
    if (index >= buffer.limit()) {
      return -1;
    }
    return 1 << ((buffer.get(index) & 0xFF) >>> 6);
  }

  @Override
  public long decodeAt(ByteBuffer buffer, int index) {
    int first = buffer.get(index) & 0xFF;
    int length = 1 << (first >>> 6);
    long value = first & 0x3F;
    for (int i = 1; i < length; i++) {
      value = (value << 8) | (buffer.get(index + i) & 0xFF);
    }
    return value;
  }
}

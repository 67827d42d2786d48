package dev.moqbed.media.moqt.wire;

import dev.moqbed.runtime.wire.VarintCodec;
import java.nio.ByteBuffer;

/**
 * The QUIC variable-length integer (RFC 9000 §16): the two high bits of the first byte give the
 * length (1, 2, 4 or 8 bytes), the remaining bits hold the value big-endian, so values go up to
 * 2^62 - 1. Encoding always picks the shortest length (the draft's SHOULD); decoding accepts any
 * length, as RFC 9000 allows a non-minimal encoding. The encoding is the project's one varint
 * codec, {@link VarintCodec} in {@code runtime}; this class is the MoQT codec's {@link
 * VarintFormat} over it.
 */
public final class QuicVarint implements VarintFormat {
  /** The single instance; the format has no state. */
  public static final QuicVarint INSTANCE = new QuicVarint();

  /** 2^62 - 1, the largest value an 8-byte varint carries. */
  public static final long MAX_VALUE = VarintCodec.MAX;

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
    return VarintCodec.encodedSize(value);
  }

  @Override
  public void encode(long value, byte[] destination, int offset) {
    VarintCodec.encode(value, destination, offset);
  }

  @Override
  public int lengthAt(ByteBuffer buffer, int index) {
    if (index >= buffer.limit()) {
      return -1;
    }
    return VarintCodec.lengthFromFirstByte(buffer.get(index));
  }

  @Override
  public long decodeAt(ByteBuffer buffer, int index) {
    return VarintCodec.decodeAt(buffer, index);
  }
}

package dev.moqbed.transport.quic;

/** Sizes of QUIC variable-length integers (RFC 9000 §16). */
final class VarInt {
  static final long MAX = (1L << 62) - 1;

  private VarInt() {}

  /** Encoded size in bytes of {@code value}: 1, 2, 4 or 8. */
  static int size(long value) {
    if (value < 0 || value > MAX) {
      throw new IllegalArgumentException("not a QUIC varint: " + value);
    }
    if (value < 64) {
      return 1;
    }
    if (value < 16_384) {
      return 2;
    }
    if (value < 1L << 30) {
      return 4;
    }
    return 8;
  }
}

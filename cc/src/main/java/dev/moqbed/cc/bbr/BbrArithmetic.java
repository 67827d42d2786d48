package dev.moqbed.cc.bbr;

import dev.moqbed.cc.common.Rates;

/** Integer helpers shared by both flavours: picoquic's byte/rate conversions without overflow. */
final class BbrArithmetic {
  /** Stands for "infinity" where picoquic uses {@code UINT64_MAX}. */
  static final long INFINITE = Long.MAX_VALUE;

  private BbrArithmetic() {}

  /** picoquic's {@code PICOQUIC_BYTES_FROM_RATE}, saturating: see {@link Rates#bytesFromRate}. */
  static long bytesFromRate(long micros, long bytesPerSecond) {
    return Rates.bytesFromRate(micros, bytesPerSecond);
  }

  /** picoquic's {@code PICOQUIC_RATE_FROM_BYTES}: {@code bytes * 10^6 / micros}, truncated. */
  static long rateFromBytes(long bytes, long micros) {
    if (micros <= 0) {
      return 0;
    }
    return saturatedProduct(bytes, 1_000_000L) / micros;
  }

  /** A non-negative product, {@link #INFINITE} when it would overflow. */
  static long saturatedProduct(long a, long b) {
    if (a <= 0 || b <= 0) {
      return 0;
    }
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    if (high != 0 || low < 0) {
      return INFINITE;
    }
    return low;
  }

  /** A sum of non-negative values, {@link #INFINITE} when it would overflow. */
  static long saturatedSum(long a, long b) {
    long sum = a + b;
    return sum < 0 ? INFINITE : sum;
  }

  /** {@code (long) (gain * value)} as C converts a double to {@code uint64_t}, saturating. */
  static long scaled(double gain, long value) {
    double product = gain * (double) value;
    return product >= (double) INFINITE ? INFINITE : (long) product;
  }
}

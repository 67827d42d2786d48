package dev.moqbed.cc.c4;

/**
 * The integer arithmetic of picoquic's C4: coefficients over 1024 with truncation, and the
 * byte/rate/time conversions of {@code picoquic_utils.h}. Truncation is kept on purpose so that
 * numbers match the reference to the byte.
 */
final class FixedPoint {
  static final long ONE_1024 = 1024;
  private static final long MICROS_PER_SECOND = 1_000_000;

  private FixedPoint() {}

  /** {@code MULT1024(c, v)}: {@code value x coefficient / 1024}, truncated. */
  static long times1024(long coefficient1024, long value) {
    return (value * coefficient1024) >> 10;
  }

  /**
   * {@code PICOQUIC_BYTES_FROM_RATE}: the bytes sent in {@code micros} at {@code rate}. Saturates
   * at {@link Long#MAX_VALUE} instead of wrapping: the one product that can overflow is the running
   * min RTT still at "infinity" times a rate, where picoquic's unsigned wrap-around also gives a
   * huge number.
   */
  static long bytesFromRate(long micros, long bytesPerSecond) {
    long high = Math.multiplyHigh(micros, bytesPerSecond);
    long low = micros * bytesPerSecond;
    if (high != 0 || low < 0) {
      return Long.MAX_VALUE;
    }
    return low / MICROS_PER_SECOND;
  }

  /** {@code PICOQUIC_RATE_FROM_BYTES}: the rate that sends {@code bytes} in {@code micros}. */
  static long rateFromBytes(long bytes, long micros) {
    return bytes * MICROS_PER_SECOND / micros;
  }
}

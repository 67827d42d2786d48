package dev.moqbed.cc.common;

/** Conversions between rates, durations and byte counts, in picoquic's integer arithmetic. */
public final class Rates {
  private static final long MICROS_PER_SECOND = 1_000_000;

  private Rates() {}

  /**
   * Bytes sent in {@code micros} at {@code bytesPerSecond}, truncated: picoquic's {@code
   * PICOQUIC_BYTES_FROM_RATE}. Saturates instead of wrapping when the product does not fit in 63
   * bits (picoquic's unsigned product would wrap; no realistic path gets there).
   */
  public static long bytesFromRate(long micros, long bytesPerSecond) {
    long product = micros * bytesPerSecond;
    if (Math.multiplyHigh(micros, bytesPerSecond) != 0 || product < 0) {
      return Long.MAX_VALUE / MICROS_PER_SECOND;
    }
    return product / MICROS_PER_SECOND;
  }
}

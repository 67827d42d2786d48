package dev.moqbed.cc.c4;

/**
 * How sensitive a flow is to congestion, as a function of its nominal rate, and the three
 * thresholds derived from it. A flow with a low rate reacts later than one with a high rate, so
 * competing C4 flows converge to a fair share (c4-design, "Driving for fairness").
 *
 * <p>The curve is the code's ({@code c4_sensitivity_1024}): 0 below 50 kB/s, 963/1024 (0.94) at 1
 * MB/s, 1 above 10 MB/s. The spec text says 0.92 at 1 MB/s; the code wins (docs/cc/c4.md).
 */
final class C4Sensitivity {
  static final long FULL_1024 = 1024;

  /** The cap on the delay threshold. */
  static final long DELAY_THRESHOLD_MAX_MICROS = 25_000;

  private static final long INSENSITIVE_BELOW_BYTES_PER_SECOND = 50_000;
  private static final long KNEE_BYTES_PER_SECOND = 1_000_000;
  private static final long FULLY_SENSITIVE_ABOVE_BYTES_PER_SECOND = 10_000_000;
  private static final long SENSITIVITY_AT_KNEE_1024 = 963;

  private C4Sensitivity() {}

  /** Sensitivity over 1024 for a nominal rate. */
  static long sensitivity1024(long nominalRateBytesPerSecond) {
    long rate = nominalRateBytesPerSecond;
    if (rate < INSENSITIVE_BELOW_BYTES_PER_SECOND) {
      return 0;
    }
    if (rate > FULLY_SENSITIVE_ABOVE_BYTES_PER_SECOND) {
      return FULL_1024;
    }
    if (rate < KNEE_BYTES_PER_SECOND) {
      return (rate - INSENSITIVE_BELOW_BYTES_PER_SECOND)
          * SENSITIVITY_AT_KNEE_1024
          / (KNEE_BYTES_PER_SECOND - INSENSITIVE_BELOW_BYTES_PER_SECOND);
    }
    return SENSITIVITY_AT_KNEE_1024
        + (rate - KNEE_BYTES_PER_SECOND)
            * (FULL_1024 - SENSITIVITY_AT_KNEE_1024)
            / (FULLY_SENSITIVE_ABOVE_BYTES_PER_SECOND - KNEE_BYTES_PER_SECOND);
  }

  /**
   * How far above the nominal max RTT a sample must be to signal congestion: the max RTT times (64
   * + (1 - s) x 196) / 1024, i.e. 1/16 at full sensitivity and about 1/4 at none, capped at 25 ms.
   * (The spec says 1/16 + (1 - s) x 3/16; 196 is the code's slope.)
   */
  static long delayThresholdMicros(long nominalRateBytesPerSecond, long nominalMaxRttMicros) {
    long sensitivity = sensitivity1024(nominalRateBytesPerSecond);
    long fraction1024 = 64 + FixedPoint.times1024(FULL_1024 - sensitivity, 196);
    return Math.min(
        DELAY_THRESHOLD_MAX_MICROS, FixedPoint.times1024(fraction1024, nominalMaxRttMicros));
  }

  /** The CE-marking fraction, over 1024, above which ECN signals congestion: 18.75 % to 9.375 %. */
  static long ecnThreshold1024(long nominalRateBytesPerSecond) {
    return 192 - FixedPoint.times1024(sensitivity1024(nominalRateBytesPerSecond), 96);
  }

  /** The smoothed loss rate above which losses signal congestion: 2 % + 50 % x (1 - s). */
  static double lossThreshold(long nominalRateBytesPerSecond) {
    double fraction = ((double) sensitivity1024(nominalRateBytesPerSecond)) / 1024.0;
    return 0.02 + 0.50 * (1 - fraction);
  }

  /** The loss rate cut: (1/4 + s/4) / 2, i.e. 1/8 at no sensitivity to 1/4 at full. */
  static long lossBeta1024(long nominalRateBytesPerSecond) {
    return (C4Controller.BETA_MAX_1024
            + FixedPoint.times1024(
                sensitivity1024(nominalRateBytesPerSecond), C4Controller.BETA_MAX_1024))
        / 2;
  }
}

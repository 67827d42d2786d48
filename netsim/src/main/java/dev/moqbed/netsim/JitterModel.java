package dev.moqbed.netsim;

/**
 * How a link draws the extra delay of each packet, exactly as picoquic's {@code sim_link.c} does.
 * The configured jitter J is in microseconds; a link with J = 0 draws nothing at all (the random
 * stream does not advance).
 */
public enum JitterModel {
  /**
   * Gaussian: x = (sum of 12 uniforms) - 6, clamped below at -3; delay = J + trunc(J·x/3). Mean
   * about J, standard deviation about J/3, range [0, 3J].
   */
  GAUSSIAN {
    @Override
    public long delayMicros(SplitMix64 random, long jitterMicros) {
      double x = random.nextGaussianSum12();
      if (x < -3.0) {
        x = -3.0;
      }
      x /= 3.0;
      // the cast truncates towards zero, as the reference's (int64_t) cast
      return jitterMicros + (long) (x * (double) jitterMicros);
    }
  },

  /**
   * picoquic's Wi-Fi model ({@code picoquictest_sim_link_wifi_jitter}): N1·1000 us with N1 ~
   * Poisson(1), smoothed by subtracting a uniform [0, 1000) when N1 &gt; 0; and, only when J &gt;
   * 1000, with probability (J - 1000)/84000 (tested on a 30-bit draw) a "retransmission" component
   * N2·7500 us with N2 ~ Poisson(12), smoothed by a uniform [0, 7500) when N2 &gt; 1. Its mean is
   * about J (6.85 ms for J = 7 ms).
   */
  WIFI {
    @Override
    public long delayMicros(SplitMix64 random, long jitterMicros) {
      long primaryCount = random.nextPoisson(WIFI_EXP_MINUS_1_Q30);
      long delay = primaryCount * WIFI_PRIMARY_STEP_MICROS;
      if (primaryCount > 0) {
        delay -= random.nextUniform(WIFI_PRIMARY_STEP_MICROS);
      }
      if (jitterMicros > WIFI_PRIMARY_STEP_MICROS) {
        // enabled when r * 84000 < (J - 1000) * 2^30, r a 30-bit uniform (unsigned, may wrap
        // for J beyond 2^34 us, as in the reference)
        long r = random.nextQ30() * WIFI_RETRANSMISSION_DIVISOR_MICROS;
        long threshold = (jitterMicros - WIFI_PRIMARY_STEP_MICROS) << 30;
        if (Long.compareUnsigned(r, threshold) < 0) {
          long retransmissions = random.nextPoisson(WIFI_EXP_MINUS_12_Q30);
          delay += retransmissions * WIFI_RETRANSMISSION_STEP_MICROS;
          if (retransmissions > 1) {
            delay -= random.nextUniform(WIFI_RETRANSMISSION_STEP_MICROS);
          }
        }
      }
      return delay;
    }
  };

  /** e^-1 · 2^30, the reference's constant for Poisson(1). */
  public static final long WIFI_EXP_MINUS_1_Q30 = 395_007_542L;

  /** e^-12 · 2^30, the reference's constant for Poisson(12). */
  public static final long WIFI_EXP_MINUS_12_Q30 = 6_597L;

  /** One step of the short-term component (the reference's "primary jitter"). */
  public static final long WIFI_PRIMARY_STEP_MICROS = 1_000L;

  /** One step of the retransmission component (an old reference comment says 7000; code 7500). */
  public static final long WIFI_RETRANSMISSION_STEP_MICROS = 7_500L;

  /** The enabling probability is (J - 1000) / this (saturates at 1 for J &gt;= 85 ms). */
  public static final long WIFI_RETRANSMISSION_DIVISOR_MICROS = 84_000L;

  /**
   * One delay draw, in microseconds, never negative.
   *
   * @param random the link's own generator
   * @param jitterMicros the configured jitter J, positive
   */
  public abstract long delayMicros(SplitMix64 random, long jitterMicros);
}

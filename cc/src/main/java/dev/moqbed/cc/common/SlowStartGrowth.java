package dev.moqbed.cc.common;

/** picoquic's slow-start window rules from {@code cc_common.c}, as pure functions. */
public final class SlowStartGrowth {

  /** {@code PICOQUIC_HYSTART_PP_CSS_GROWTH_DIVISOR}. */
  public static final int CONSERVATIVE_GROWTH_DIVISOR = 4;

  private SlowStartGrowth() {}

  /**
   * {@code picoquic_cc_slow_start_increase}: the acknowledged bytes, but only when the last
   * packet-preparation pass stopped on the window. An ACK that arrives while the sender was held by
   * pacing or had nothing to send earns nothing.
   */
  public static long increaseBytes(boolean congestionWindowBlocked, long ackedBytes) {
    return congestionWindowBlocked ? ackedBytes : 0;
  }

  /**
   * {@code picoquic_cc_slow_start_increase_ex}: as {@link #increaseBytes(boolean, long)}, divided
   * by four in conservative slow start. picoquic's controllers always pass {@code false}.
   */
  public static long increaseBytes(
      boolean congestionWindowBlocked, long ackedBytes, boolean inConservativeSlowStart) {
    return increaseBytes(
        congestionWindowBlocked,
        inConservativeSlowStart ? ackedBytes / CONSERVATIVE_GROWTH_DIVISOR : ackedBytes);
  }

  /**
   * {@code picoquic_cc_update_target_cwin_estimation}: the window raised to half the bytes the
   * path's peak delivery rate carries in one smoothed RTT, if that is larger.
   */
  public static long peakRateFloorBytes(
      long congestionWindowBytes, long smoothedRttMicros, long peakRateBytesPerSecond) {
    long floorBytes = Rates.bytesFromRate(smoothedRttMicros, peakRateBytesPerSecond) / 2;
    return Math.max(floorBytes, congestionWindowBytes);
  }
}

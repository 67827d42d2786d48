package dev.moqbed.cc.common;

/**
 * {@code picoquic_cc_update_cwin_for_long_rtt}: on long paths the initial window is scaled with the
 * minimum RTT, 15,360 bytes per 100 ms, counting at most 610 ms (93,696 bytes).
 */
public final class LongRttFloor {

  private LongRttFloor() {}

  /** The larger of {@code congestionWindowBytes} and the scaled initial window. */
  public static long windowBytes(long congestionWindowBytes, long minRttMicros) {
    long rttMicros = Math.min(minRttMicros, PicoquicConstants.TARGET_SATELLITE_RTT_MICROS);
    long floorBytes =
        (long)
            ((double) PicoquicConstants.INITIAL_WINDOW_BYTES
                * (double) rttMicros
                / (double) PicoquicConstants.TARGET_RENO_RTT_MICROS);
    return Math.max(floorBytes, congestionWindowBytes);
  }
}

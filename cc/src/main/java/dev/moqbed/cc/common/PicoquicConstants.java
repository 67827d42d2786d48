package dev.moqbed.cc.common;

/**
 * Constants that picoquic's window-based controllers share ({@code picoquic_internal.h}). The
 * window constants are multiples of the fixed 1,536-byte {@code PICOQUIC_MAX_PACKET_SIZE}, not of
 * the path's current packet size: picoquic's initial window is 15,360 bytes whatever the MTU.
 */
public final class PicoquicConstants {

  /** {@code PICOQUIC_MAX_PACKET_SIZE}: the unit of picoquic's window constants. */
  public static final int MAX_PACKET_SIZE_BYTES = 1536;

  /** {@code PICOQUIC_CWIN_INITIAL}: ten maximum-size packets. */
  public static final long INITIAL_WINDOW_BYTES = 10L * MAX_PACKET_SIZE_BYTES;

  /** {@code PICOQUIC_CWIN_MINIMUM}: two maximum-size packets. */
  public static final long MINIMUM_WINDOW_BYTES = 2L * MAX_PACKET_SIZE_BYTES;

  /** {@code PICOQUIC_TARGET_RENO_RTT}: the RTT above which windows are scaled up (100 ms). */
  public static final long TARGET_RENO_RTT_MICROS = 100_000;

  /** {@code PICOQUIC_TARGET_SATELLITE_RTT}: the largest RTT the scaling accounts for (610 ms). */
  public static final long TARGET_SATELLITE_RTT_MICROS = 610_000;

  /**
   * {@code PICOQUIC_MAX_BANDWIDTH_TIME_INTERVAL_MAX} (15 ms): the pacing rule uses it both as the
   * slow-start quantum duration and, times four, as the "long RTT" threshold.
   */
  public static final long MAX_BANDWIDTH_TIME_INTERVAL_MICROS = 15_000;

  /** The value picoquic keeps in an unset {@code ssthresh} ({@code UINT64_MAX}). */
  public static final long UNSET_THRESHOLD_BYTES = Long.MAX_VALUE;

  private PicoquicConstants() {}
}

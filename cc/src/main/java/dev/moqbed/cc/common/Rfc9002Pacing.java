package dev.moqbed.cc.common;

/**
 * Pacing for the RFC flavours, after RFC 9002 §7.7: rate = 1.25 × congestion window / smoothed RTT,
 * and bursts limited to the initial window. RFC 9002 leaves the burst size to the implementation
 * ("SHOULD limit bursts to the initial congestion window"); the quantum here is exactly that.
 */
public final class Rfc9002Pacing {

  /** RFC 9002's suggested N: pace a little faster than the window so it is not under-used. */
  public static final double RATE_GAIN = 1.25;

  private final long quantumBytes;
  private long rateBytesPerSecond;

  /** A pacer whose bursts are limited to {@code initialWindowBytes}. */
  public Rfc9002Pacing(long initialWindowBytes) {
    this.quantumBytes = initialWindowBytes;
  }

  /** Recomputes the rate from the window and the smoothed RTT (at least 1 µs). */
  public void update(double congestionWindowBytes, long smoothedRttMicros) {
    double rate =
        RATE_GAIN * congestionWindowBytes * 1_000_000.0 / (double) Math.max(smoothedRttMicros, 1);
    rateBytesPerSecond = Math.max(1, (long) rate);
  }

  /** The pacing rate; 0 before the first {@link #update}. */
  public long rateBytesPerSecond() {
    return rateBytesPerSecond;
  }

  public long quantumBytes() {
    return quantumBytes;
  }

  /** RFC 9002 §7.2: min(10 × max datagram size, max(14,720, 2 × max datagram size)). */
  public static long initialWindowBytes(int maxDatagramSizeBytes) {
    return Math.min(10L * maxDatagramSizeBytes, Math.max(14_720L, 2L * maxDatagramSizeBytes));
  }
}

package dev.moqbed.cc.bbr;

/**
 * picoquic's window-based pacing rule ({@code picoquic_update_pacing_window}), which BBR uses only
 * in its long-RTT Startup: rate = cwnd / srtt (x1.25 in slow start), quantum = cwnd/4 with a floor
 * of 2 MTU, a cap of 16 MTU, and in slow start over 60 ms at least 32 KiB or 15 ms of the rate. A
 * window under 8 MTU, or an srtt of 1 µs or less, is not paced at all: that is expressed as a rate
 * giving a 1 ns packet time and a quantum of one srtt at that rate, which a picoquic-style token
 * bucket treats exactly as picoquic's unpaced state.
 */
final class WindowPacing {
  private static final long SLOW_START_LONG_RTT_MICROS = 60_000;
  private static final long SLOW_START_MIN_QUANTUM_BYTES = 0x8000;
  private static final long SLOW_START_QUANTUM_MICROS = 15_000;

  private double rateBytesPerSecond;
  private long quantumBytes;

  /** Computes the rate and quantum for a window; read them with the accessors. */
  void update(boolean slowStart, long cwndBytes, long mtuBytes, long smoothedRttMicros) {
    if (cwndBytes < 8 * mtuBytes || smoothedRttMicros <= 1) {
      rateBytesPerSecond = mtuBytes * 1e9;
      quantumBytes =
          BbrArithmetic.bytesFromRate(Math.max(smoothedRttMicros, 1), (long) rateBytesPerSecond);
      return;
    }
    double rate = (double) cwndBytes / (double) smoothedRttMicros * 1e6;
    long quantum = cwndBytes / 4;
    if (quantum < 2 * mtuBytes) {
      quantum = 2 * mtuBytes;
    } else if (slowStart && smoothedRttMicros > SLOW_START_LONG_RTT_MICROS) {
      // picoquic lets a slow-start burst grow without the 16-MTU cap on long paths.
      if (quantum < SLOW_START_MIN_QUANTUM_BYTES) {
        quantum = SLOW_START_MIN_QUANTUM_BYTES;
      } else {
        quantum = Math.max(quantum, (long) (rate * SLOW_START_QUANTUM_MICROS / 1e6));
      }
    } else if (quantum > 16 * mtuBytes) {
      quantum = 16 * mtuBytes;
    }
    if (slowStart) {
      rate *= 1.25;
    }
    rateBytesPerSecond = rate;
    quantumBytes = quantum;
  }

  double rateBytesPerSecond() {
    return rateBytesPerSecond;
  }

  long quantumBytes() {
    return quantumBytes;
  }
}

package dev.moqbed.cc.common;

/**
 * The pacing rate and quantum picoquic derives from a congestion window ({@code
 * picoquic_update_pacing_window} and {@code picoquic_update_pacing_parameters}). A controller calls
 * {@link #update} after each event, then reports {@link #rateBytesPerSecond()} and {@link
 * #quantumBytes()}.
 *
 * <ul>
 *   <li>Window under 8 packets, or smoothed RTT of 1 µs or less: no pacing.
 *   <li>Otherwise rate = window / smoothed RTT, times 1.25 in slow start. Quantum = window / 4 with
 *       a floor of 2 packets; above the floor it is capped at 16 packets, except in slow start on a
 *       path slower than 60 ms, where it is at least 32,768 bytes or 15 ms at the rate, uncapped.
 * </ul>
 *
 * <p>picoquic's pacer works in time per packet and bucket depth. "No pacing" is its setting of 1 ns
 * per packet with a bucket of one smoothed RTT; this class reports that setting in the interface's
 * units, as a rate of one packet per nanosecond and a quantum of one smoothed RTT at that rate, so
 * a pacer that converts back (packet time = packet size / rate, bucket = quantum / rate) reproduces
 * picoquic's state exactly. Before the first update the pacer is in picoquic's initial high-speed
 * state: 1 ns per packet and a 16 ns bucket.
 */
public final class WindowPacing {
  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final long QUANTUM_SLOW_START_MIN_BYTES = 0x8000;
  private static final double SLOW_START_GAIN = 1.25;

  private long rateBytesPerSecond;
  private long quantumBytes;
  private long packetTimeNanos;
  private long packetTimeMicros;
  private boolean paced;

  /** A pacer in picoquic's initial state for packets of {@code packetSizeBytes}. */
  public WindowPacing(int packetSizeBytes) {
    rateBytesPerSecond = packetSizeBytes * NANOS_PER_SECOND;
    quantumBytes = 16L * packetSizeBytes;
    packetTimeNanos = 1;
    packetTimeMicros = 1;
  }

  /** Recomputes the pacing from the window; {@code slowStart} selects the slow-start rules. */
  public void update(
      long congestionWindowBytes, int packetSizeBytes, long smoothedRttMicros, boolean slowStart) {
    long rttNanos = smoothedRttMicros * 1000;
    if (congestionWindowBytes < 8L * packetSizeBytes || rttNanos <= 1000) {
      // Small windows rely on ACK clocking alone.
      paced = false;
      packetTimeNanos = 1;
      packetTimeMicros = 1;
      rateBytesPerSecond = packetSizeBytes * NANOS_PER_SECOND;
      quantumBytes = Math.max(rttNanos, 1) * packetSizeBytes;
      return;
    }
    paced = true;
    double rate = ((double) congestionWindowBytes / (double) rttNanos) * 1_000_000_000.0;
    long quantum = congestionWindowBytes / 4;
    if (quantum < 2L * packetSizeBytes) {
      quantum = 2L * packetSizeBytes;
    } else if (slowStart
        && smoothedRttMicros > 4 * PicoquicConstants.MAX_BANDWIDTH_TIME_INTERVAL_MICROS) {
      // Long paths in slow start get large bursts: picoquic applies no 16-packet cap here.
      if (quantum < QUANTUM_SLOW_START_MIN_BYTES) {
        quantum = QUANTUM_SLOW_START_MIN_BYTES;
      } else {
        long rateQuantum =
            (long) ((rate * PicoquicConstants.MAX_BANDWIDTH_TIME_INTERVAL_MICROS) / 1_000_000.0);
        quantum = Math.max(quantum, rateQuantum);
      }
    } else if (quantum > 16L * packetSizeBytes) {
      quantum = 16L * packetSizeBytes;
    }
    if (slowStart) {
      rate *= SLOW_START_GAIN;
    }
    rateBytesPerSecond = (long) rate;
    quantumBytes = quantum;
    double packetTimeSeconds = (double) packetSizeBytes / rate;
    long nanos =
        packetTimeSeconds > 10_000.0
            ? 10_000_000_000_000L
            : (long) (packetTimeSeconds * 1_000_000_000.0);
    if (nanos <= 0) {
      packetTimeNanos = 1;
      packetTimeMicros = 1;
    } else {
      packetTimeNanos = Math.min(nanos, rttNanos);
      packetTimeMicros = (packetTimeNanos + 999) / 1000;
    }
  }

  /** The pacing rate; one packet per nanosecond when unpaced. */
  public long rateBytesPerSecond() {
    return rateBytesPerSecond;
  }

  /** The burst the pacer's bucket holds. */
  public long quantumBytes() {
    return quantumBytes;
  }

  /** Time per full-size packet, capped at the smoothed RTT (picoquic's {@code packet_time}). */
  public long packetTimeNanos() {
    return packetTimeNanos;
  }

  /** The packet time rounded up to microseconds: the floor of the HyStart threshold. */
  public long packetTimeMicros() {
    return packetTimeMicros;
  }

  /** False when the window is too small to pace and ACK clocking alone applies. */
  public boolean paced() {
    return paced;
  }
}

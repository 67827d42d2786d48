package dev.moqbed.netem;

import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;

/**
 * The bytes one direction of the emulator may hold: every datagram is copied into an array of its
 * own size, charged here with a fixed overhead, and refused when the budget is spent. The default
 * budget is what the link itself can hold at its fastest: its rate times (queue limit + one-way
 * delay + the jitter's tail), over every phase, so with the default nothing the link model would
 * accept is refused; a phase without a queue limit (0) counts as one second of queue, and a
 * suspension as its duration at the fastest rate (the link holds everything sent meanwhile). The
 * budget is what keeps a client that sends faster than the link from growing the heap.
 */
final class BufferBudget {
  /** What each held datagram costs beyond its bytes: its objects (array header, packet, node). */
  static final int OVERHEAD_BYTES = 96;

  static final long MIN_BYTES = 256L << 10;
  static final long MAX_BYTES = 256L << 20;

  /** Counted as the queue of a phase without a limit. */
  static final long UNLIMITED_QUEUE_MICROS = 1_000_000;

  /** Beyond 3 J for the Gaussian model; the Wi-Fi model's retransmission tail (Poisson(12)). */
  static final long WIFI_TAIL_MICROS = 250_000;

  private final long capacityBytes;
  private long heldBytes;

  BufferBudget(long capacityBytes) {
    if (capacityBytes <= 0) {
      throw new IllegalArgumentException("buffer budget must be positive: " + capacityBytes);
    }
    this.capacityBytes = capacityBytes;
  }

  /** The default budget of {@code direction} on {@code schedule}. */
  static long defaultBytes(LinkSchedule schedule, LinkDirection direction) {
    double fastest = 0;
    for (LinkPhase phase : schedule.phases()) {
      fastest = Math.max(fastest, phase.rateGbps(direction));
    }
    double most = 0;
    for (LinkPhase phase : schedule.phases()) {
      double rate = phase.rateGbps(direction);
      long queue =
          phase.queueDelayMaxMicros() == 0 ? UNLIMITED_QUEUE_MICROS : phase.queueDelayMaxMicros();
      long hold = queue + phase.latencyMicros() + jitterTailMicros(phase);
      if (rate == 0) {
        long held = Math.min(phase.durationMicros(), 10_000_000L);
        most = Math.max(most, fastest * 125.0 * (held + hold));
      } else {
        most = Math.max(most, rate * 125.0 * hold); // Gbit/s × 125 = bytes per microsecond
      }
    }
    long bytes = (long) Math.min(most * 1.25, MAX_BYTES);
    return Math.max(MIN_BYTES, bytes);
  }

  private static long jitterTailMicros(LinkPhase phase) {
    long j = phase.jitterMicros();
    if (j == 0) {
      return 0;
    }
    return phase.jitterModel() == JitterModel.WIFI ? 4_000 + WIFI_TAIL_MICROS : 3 * j;
  }

  /** Charges a datagram of {@code sizeBytes}; false (nothing charged) when it does not fit. */
  boolean tryTake(int sizeBytes) {
    long cost = sizeBytes + (long) OVERHEAD_BYTES;
    if (heldBytes + cost > capacityBytes) {
      return false;
    }
    heldBytes += cost;
    return true;
  }

  /** Gives back what {@link #tryTake} charged for a datagram of {@code sizeBytes}. */
  void release(int sizeBytes) {
    heldBytes -= sizeBytes + (long) OVERHEAD_BYTES;
  }

  long capacityBytes() {
    return capacityBytes;
  }

  long heldBytes() {
    return heldBytes;
  }
}

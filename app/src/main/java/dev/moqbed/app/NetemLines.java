package dev.moqbed.app;

import dev.moqbed.netem.DirectionSample;
import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.runtime.Quantities;
import java.util.Locale;

/** The emulator's interval and summary lines: one per direction. */
final class NetemLines {
  private NetemLines() {}

  /** {@code [ 3.0- 4.0 s] up in 1667 ... }, times from {@code originMicros}. */
  static String line(DirectionSample sample, long originMicros) {
    double from = (sample.startMicros() - originMicros) / 1e6;
    double to = (sample.startMicros() + sample.durationMicros() - originMicros) / 1e6;
    return String.format(
        Locale.ROOT,
        "[%5.1f-%5.1f s] %-4s in %6d dg %9s  out %6d dg %9s %12s  drop queue %d aqm %d loss %d"
            + " size %d buffer %d socket %d other %d  held %d  queue p50 %s p99 %s  transit p50"
            + " %s p99 %s",
        from,
        to,
        sample.direction() == LinkDirection.UP ? "up" : "down",
        sample.received(),
        bytes(sample.receivedBytes()),
        sample.forwarded(),
        bytes(sample.forwardedBytes()),
        Quantities.formatRate(sample.forwardedBitsPerSecond()),
        sample.droppedQueue(),
        sample.droppedAqm(),
        sample.droppedLoss(),
        sample.droppedOversize(),
        sample.droppedBuffer(),
        sample.droppedSocket(),
        sample.droppedOther(),
        sample.held(),
        millis(sample.queueP50Micros()),
        millis(sample.queueP99Micros()),
        millis(sample.transitP50Micros()),
        millis(sample.transitP99Micros()));
  }

  private static String bytes(long bytes) {
    if (bytes >= 1_000_000) {
      return String.format(Locale.ROOT, "%.2f MB", bytes / 1e6);
    }
    if (bytes >= 1_000) {
      return String.format(Locale.ROOT, "%.1f kB", bytes / 1e3);
    }
    return bytes + " B";
  }

  private static String millis(long micros) {
    return String.format(Locale.ROOT, "%.2fms", micros / 1e3);
  }
}

package dev.moqbed.simulation;

import dev.moqbed.transport.quic.ConnectionStats;
import java.util.List;

/**
 * The draft's load (scenarios.md §3): the main sender's bytes on the wire over a window, × 8, over
 * the window's length and the nominal link rate. Alone, the window is the main sender's first to
 * last datagram; with background connections, the period where all of them send (from the latest
 * first send to the earliest last send). If that period is empty, the whole-connection rate is
 * used.
 */
public final class Load {
  private Load() {}

  public static double of(
      ConnectionStats main, List<ConnectionStats> background, long nominalRateBitsPerSecond) {
    if (main.datagramsSent() == 0 || nominalRateBitsPerSecond <= 0) {
      return 0;
    }
    long from = main.firstSendMicros();
    long to = main.lastSendMicros();
    for (ConnectionStats other : background) {
      if (other.datagramsSent() > 0) {
        from = Math.max(from, other.firstSendMicros());
        to = Math.min(to, other.lastSendMicros());
      }
    }
    if (to <= from) {
      from = main.firstSendMicros();
      to = main.lastSendMicros();
    }
    if (to <= from) {
      return 0;
    }
    return main.bytesSentBetween(from, to) * 8e6 / (to - from) / nominalRateBitsPerSecond;
  }
}

package dev.moqbed.transport.qlog;

import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.PathView;

/**
 * The values of qlog's {@code recovery:metrics_updated}, as last logged: an update finds which
 * changed, and only those are written (the event's rule), the first time all of them. RTTs are
 * written in milliseconds, the pacing rate in bits per second, as the event definitions ask.
 */
final class RecoveryMetrics {
  private static final String[] NAMES = {
    "min_rtt",
    "smoothed_rtt",
    "latest_rtt",
    "rtt_variance",
    "congestion_window",
    "bytes_in_flight",
    "pacing_rate"
  };
  private static final int RTT_FIELDS = 4;

  private final long[] logged = new long[NAMES.length];
  private final long[] current = new long[NAMES.length];
  private int changed; // bit i: NAMES[i] differs from what was logged
  private boolean anyLogged;

  /** Reads the path and controller; true when a value differs from the last logged one. */
  boolean update(PathView path, CongestionController controller) {
    current[0] = path.minRttMicros();
    current[1] = path.smoothedRttMicros();
    current[2] = path.latestRttMicros();
    current[3] = path.rttVarianceMicros();
    current[4] = controller.congestionWindowBytes();
    current[5] = path.bytesInFlight();
    current[6] = controller.pacingRateBytesPerSecond() * 8;
    changed = 0;
    for (int i = 0; i < NAMES.length; i++) {
      if (!anyLogged || current[i] != logged[i]) {
        changed |= 1 << i;
      }
    }
    return changed != 0;
  }

  /** Writes the changed values and remembers them as logged. */
  void writeChanged(JsonText json) {
    for (int i = 0; i < NAMES.length; i++) {
      if ((changed & (1 << i)) == 0) {
        continue;
      }
      if (i < RTT_FIELDS) {
        json.millisField(NAMES[i], current[i]);
      } else {
        json.field(NAMES[i], current[i]);
      }
      logged[i] = current[i];
    }
    anyLogged = true;
  }
}

package dev.moqbed.relay;

import dev.moqbed.runtime.Clock;

/**
 * How many log lines one peer may cause: a burst of {@value #BURST} lines, then one per second; the
 * lines beyond are counted, and the next line let through (or the session's end) says how many were
 * left out. A peer that sends 20,000 bad SUBSCRIBEs costs the operator a dozen lines, not 20,000,
 * and still shows who it was and how much it tried.
 */
final class LogBudget {
  static final int BURST = 10;
  private static final long REFILL_MICROS = 1_000_000;

  private final Clock clock;
  private final RelayEvents events;
  private double tokens = BURST;
  private long refilledAtMicros;
  private long suppressed;

  LogBudget(Clock clock, RelayEvents events) {
    this.clock = clock;
    this.events = events;
    this.refilledAtMicros = clock.nowMicros();
  }

  /** Logs {@code line} if the budget allows, else counts it. */
  void log(String peer, String line) {
    long now = clock.nowMicros();
    tokens = Math.min(BURST, tokens + (double) (now - refilledAtMicros) / REFILL_MICROS);
    refilledAtMicros = now;
    if (tokens < 1) {
      suppressed++;
      return;
    }
    tokens -= 1;
    reportSuppressed(peer);
    events.onLog(line);
  }

  /** Says how many lines were left out since the last one logged, if any. */
  void reportSuppressed(String peer) {
    if (suppressed > 0) {
      events.onLog(peer + ": " + suppressed + " more log lines left out (flood)");
      suppressed = 0;
    }
  }
}

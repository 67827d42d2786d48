package dev.moqbed.transport.quic;

import java.util.Arrays;

/**
 * One deadline per {@link ConnectionTimer} kind, in microseconds, {@link Long#MAX_VALUE} when
 * stopped. Setting or stopping a timer names it, so each piece of the connection owns its entries,
 * and the wake-up the host needs is the smallest entry. A fixed array: no allocation.
 */
final class TimerTable {
  private static final long STOPPED = Long.MAX_VALUE;

  private final long[] deadlines = new long[ConnectionTimer.ALL.length];

  TimerTable() {
    Arrays.fill(deadlines, STOPPED);
  }

  /** Arms {@code timer} at {@code deadlineMicros}; {@link Long#MAX_VALUE} stops it. */
  void set(ConnectionTimer timer, long deadlineMicros) {
    deadlines[timer.ordinal()] = deadlineMicros;
  }

  void stop(ConnectionTimer timer) {
    deadlines[timer.ordinal()] = STOPPED;
  }

  void stopAll() {
    Arrays.fill(deadlines, STOPPED);
  }

  /** Stops every timer but {@code kept}. */
  void stopAllExcept(ConnectionTimer kept) {
    long deadline = deadlines[kept.ordinal()];
    Arrays.fill(deadlines, STOPPED);
    deadlines[kept.ordinal()] = deadline;
  }

  /** Whether {@code timer} is armed and due at {@code nowMicros}. */
  boolean isExpired(ConnectionTimer timer, long nowMicros) {
    long deadline = deadlines[timer.ordinal()];
    return deadline != STOPPED && deadline <= nowMicros;
  }

  /** The earliest armed deadline, {@link Long#MAX_VALUE} when every timer is stopped. */
  long nextDeadlineMicros() {
    long next = STOPPED;
    for (long deadline : deadlines) {
      next = Math.min(next, deadline);
    }
    return next;
  }
}

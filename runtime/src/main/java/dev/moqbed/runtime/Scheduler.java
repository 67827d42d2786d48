package dev.moqbed.runtime;

/**
 * Runs tasks at given times on one thread. Protocol code (transport, roles, link models) receives a
 * scheduler instead of threads, sleeps or the wall clock, so the same code runs on a {@link
 * VirtualScheduler} in a simulation and on a network event loop in real time.
 */
public interface Scheduler extends Clock {

  /**
   * Runs {@code task} at {@code deadlineMicros}. A deadline in the past means "as soon as
   * possible", after the tasks already due.
   */
  TimerHandle scheduleAt(long deadlineMicros, Runnable task);

  /** Runs {@code task} {@code delayMicros} from now. */
  default TimerHandle scheduleAfter(long delayMicros, Runnable task) {
    return scheduleAt(nowMicros() + delayMicros, task);
  }

  /** Runs {@code task} now, after the task that is running and any already due. */
  default void execute(Runnable task) {
    scheduleAt(nowMicros(), task);
  }
}

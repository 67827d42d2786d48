package dev.moqbed.runtime;

/** A task scheduled on a {@link Scheduler}. */
public interface TimerHandle {

  /** When the task is due. */
  long deadlineMicros();

  /**
   * Prevents the task from running.
   *
   * @return true if this call cancelled it, false if it had already run or been cancelled
   */
  boolean cancel();

  /** True until the task has run or been cancelled. */
  boolean isPending();
}

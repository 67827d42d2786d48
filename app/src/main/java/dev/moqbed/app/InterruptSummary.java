package dev.moqbed.app;

import dev.moqbed.runtime.Quantities;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a long command prints when Ctrl-C or SIGTERM stops it, as iperf3 prints its partial summary:
 * a JVM shutdown hook, registered while the work runs and removed once it has ended (when the JVM
 * is already shutting down the hook runs anyway and says what was kept). The JVM then exits with
 * 130 (SIGINT) or 143 (SIGTERM), whatever the command returns.
 */
final class InterruptSummary implements AutoCloseable {
  /** How long a stopping hook waits for the command to print its summary: never a hung exit. */
  static final long SUMMARY_WAIT_SECONDS = 8;

  private final Thread hook;
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile boolean interrupted;

  private InterruptSummary(Runnable onSignal, boolean waits, String name) {
    this.hook =
        new Thread(
            () -> {
              interrupted = true;
              onSignal.run();
              if (waits) {
                awaitEnd();
              }
            },
            name);
  }

  /** Prints {@code summary} if the JVM is stopped before {@link #close}. */
  static InterruptSummary register(String name, Runnable summary) {
    InterruptSummary registered = new InterruptSummary(summary, false, name);
    Runtime.getRuntime().addShutdownHook(registered.hook);
    return registered;
  }

  /**
   * On a signal before {@link #close}: runs {@code stop}, which ends the work early, then lets the
   * command print its usual summary over what it measured (it checks {@link #interrupted()}) and
   * waits up to {@link #SUMMARY_WAIT_SECONDS} for its {@link #close}.
   */
  static InterruptSummary stopping(String name, Runnable stop) {
    InterruptSummary registered = new InterruptSummary(stop, true, name);
    Runtime.getRuntime().addShutdownHook(registered.hook);
    return registered;
  }

  /** Whether a signal stopped the work (the summary then says it is partial). */
  boolean interrupted() {
    return interrupted;
  }

  /** "interrupted after 4.2 s of 10 s" (or "after 4.2 s" without a planned length). */
  static String after(long elapsedNanos, long plannedMicros) {
    String elapsed = Quantities.formatDuration(elapsedNanos / 1_000);
    return "interrupted after "
        + elapsed
        + (plannedMicros > 0 ? " of " + Quantities.formatDuration(plannedMicros) : "");
  }

  /** The work ended, by itself or stopped: nothing more to print on exit. */
  @Override
  public void close() {
    ended.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run: it says what was kept
    }
  }

  private void awaitEnd() {
    try {
      ended.await(SUMMARY_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException stopped) {
      Thread.currentThread().interrupt();
    }
  }
}

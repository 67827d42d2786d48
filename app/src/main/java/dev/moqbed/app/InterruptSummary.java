package dev.moqbed.app;

/**
 * What a long command prints when Ctrl-C or SIGTERM stops it, as iperf3 prints its partial summary:
 * a JVM shutdown hook, registered while the work runs and removed once it has ended (when the JVM
 * is already shutting down the hook runs anyway and says what was kept).
 */
final class InterruptSummary implements AutoCloseable {
  private final Thread hook;

  private InterruptSummary(Thread hook) {
    this.hook = hook;
  }

  /** Prints {@code summary} if the JVM is stopped before {@link #close}. */
  static InterruptSummary register(String name, Runnable summary) {
    Thread hook = new Thread(summary, name);
    Runtime.getRuntime().addShutdownHook(hook);
    return new InterruptSummary(hook);
  }

  /** The work ended by itself: nothing to print on exit. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or has run: it says what was kept
    }
  }
}

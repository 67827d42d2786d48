package dev.moqbed.app;

/**
 * Shutdown hooks of the long-running commands (relay, netem), registered once they have started and
 * printed their banner. A script that reads the banner may send SIGTERM at once, before the hook is
 * in place: the JVM then refuses new hooks ("Shutdown in progress"), which would end the command
 * with an internal error instead of a clean stop.
 */
final class ShutdownHooks {
  private ShutdownHooks() {}

  /**
   * Registers {@code hook}; when the JVM is already shutting down, runs {@code alreadyStopping} on
   * this thread instead, so the command stops as if the hook had run.
   */
  static void addOrElse(Thread hook, Runnable alreadyStopping) {
    try {
      Runtime.getRuntime().addShutdownHook(hook);
    } catch (IllegalStateException shutdownInProgress) {
      alreadyStopping.run();
    }
  }
}

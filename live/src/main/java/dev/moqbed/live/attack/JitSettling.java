package dev.moqbed.live.attack;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Waits, second by second, until this JVM's JIT compiled less than a threshold in one, and says how
 * long that took. Under a steady attack the compilers' work falls from seconds per phase to tens of
 * milliseconds (type checks that see the attack's classes, branches never taken before, recompiled
 * after deoptimisations), but not in a fixed number of rounds: with two warm-up rounds the first
 * measured attack phase still had 450-700 ms of compilation on the relay's core.
 */
final class JitSettling {
  private JitSettling() {}

  /**
   * @param settledMillis compilation in one second below which the JIT counts as settled; 0 to
   *     return at once
   * @param name the round, for the progress line
   * @param progress where the line that says how long it took goes
   */
  static void await(int settledMillis, String name, Consumer<String> progress)
      throws InterruptedException {
    if (settledMillis == 0) {
      return;
    }
    long lastSecond = -1;
    for (int second = 1; second <= AttackBench.MAX_JIT_SETTLING_SECONDS; second++) {
      JvmWork before = JvmWork.sinceStart();
      TimeUnit.SECONDS.sleep(1);
      lastSecond = JvmWork.sinceStart().since(before).compileMillis();
      if (lastSecond < settledMillis) {
        progress.accept(
            String.format(
                Locale.ROOT,
                "%s: the JIT settled after %d s more of the attack (%d ms of compilation in the"
                    + " last second)",
                name,
                second,
                lastSecond));
        return;
      }
    }
    progress.accept(
        String.format(
            Locale.ROOT,
            "%s: the JIT still compiled %d ms in the last of %d s more of the attack; measuring"
                + " anyway",
            name,
            lastSecond,
            AttackBench.MAX_JIT_SETTLING_SECONDS));
  }
}

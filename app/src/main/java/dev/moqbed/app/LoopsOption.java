package dev.moqbed.app;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import picocli.CommandLine.Option;

/**
 * {@code --loops N}: the relay's event loops on the project's stack, each with its own socket on
 * the port, its own connections and its own relay, joined in-process (docs/relay-scale.md).
 */
final class LoopsOption {
  @Option(
      names = "--loops",
      paramLabel = "N",
      description =
          "Event loops of the relay on the project's stack: each owns the connections of its own"
              + " SO_REUSEPORT socket on the port, and a track's objects reach each loop once"
              + " (default: the number of cores, or of --relay-cpus where given; 1 with --trace or --collect; quiche runs one).")
  Integer loops;

  /**
   * The loops to run on {@code stack}: as given, else the number of cores (one on quiche).
   *
   * @param loopZeroOnly names of options given (null for one not given) that read the first loop
   *     only: the default is then one loop, and more are refused
   */
  int resolve(LiveStack stack, String... loopZeroOnly) {
    boolean quiche = stack.transport() == LiveTransport.QUICHE;
    int resolved = loops != null || !quiche ? orCores(loopZeroOnly) : 1;
    if (quiche && resolved > 1) {
      throw new IllegalArgumentException(
          "--loops "
              + resolved
              + " needs the project's stack (--transport moqbed); quiche runs one");
    }
    return resolved;
  }

  /**
   * As given, else the number of cores: for a command that runs several stacks in turn (quiche's
   * relays run one whatever this says).
   *
   * @param loopZeroOnly as for {@link #resolve}
   */
  int orCores(String... loopZeroOnly) {
    return orCores(Runtime.getRuntime().availableProcessors(), loopZeroOnly);
  }

  /**
   * As given, else {@code cores}: the cores the relay may run on (fewer than the machine's when it
   * is pinned, where more loops than cores would only queue for them).
   */
  int orCores(int cores, String... loopZeroOnly) {
    boolean readsOneLoop = false;
    for (String option : loopZeroOnly) {
      readsOneLoop |= option != null;
    }
    int resolved = loops != null ? loops : readsOneLoop ? 1 : cores;
    if (resolved < 1) {
      throw new IllegalArgumentException("--loops " + resolved + ": expected at least 1");
    }
    for (String option : loopZeroOnly) {
      if (option != null && resolved > 1) {
        throw new IllegalArgumentException(
            option + " reads one event loop: give --loops 1 with it (" + resolved + " asked)");
      }
    }
    return resolved;
  }

  /** For banners: ", N event loops" when more than one. */
  static String describe(int loops) {
    return loops == 1 ? "" : ", " + loops + " event loops";
  }
}

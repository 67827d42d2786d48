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
              + " (default: the number of cores; quiche runs one).")
  Integer loops;

  /**
   * The loops to run on {@code stack}: as given, else the number of cores (one on quiche).
   *
   * @param loopZeroOnly names of options given that read the first loop only; with several loops
   *     they are refused
   */
  int resolve(LiveStack stack, String... loopZeroOnly) {
    boolean quiche = stack.transport() == LiveTransport.QUICHE;
    int resolved = loops != null ? loops : quiche ? 1 : Runtime.getRuntime().availableProcessors();
    if (resolved < 1) {
      throw new IllegalArgumentException("--loops " + resolved + ": expected at least 1");
    }
    if (quiche && resolved > 1) {
      throw new IllegalArgumentException(
          "--loops "
              + resolved
              + " needs the project's stack (--transport moqbed); quiche runs one");
    }
    for (String option : loopZeroOnly) {
      if (option != null && resolved > 1) {
        throw new IllegalArgumentException(
            option + " reads one event loop: give --loops 1 with it (" + resolved + " asked)");
      }
    }
    return resolved;
  }

  /** As given, else the number of cores: for a command that runs several stacks in turn. */
  int orCores() {
    int resolved = loops != null ? loops : Runtime.getRuntime().availableProcessors();
    if (resolved < 1) {
      throw new IllegalArgumentException("--loops " + resolved + ": expected at least 1");
    }
    return resolved;
  }

  /** For banners: ", N event loops" when more than one. */
  static String describe(int loops) {
    return loops == 1 ? "" : ", " + loops + " event loops";
  }
}

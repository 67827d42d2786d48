package dev.moqbed.app;

import dev.moqbed.live.ExternalSubscriber;
import dev.moqbed.live.RelayUrl;
import dev.moqbed.live.stack.LiveStack;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --subscriber moqbed|chromium}: who receives in a chain or a live run, the project's
 * subscriber or headless Chromium running the watch page over WebTransport (Chromium's own QUIC
 * stack, whose ACK policy the relay's controller reads).
 */
final class ReceiverOption {
  @Option(
      names = "--subscriber",
      paramLabel = "RECEIVER",
      defaultValue = "moqbed",
      description =
          "The receiver: moqbed (the project's subscriber on its QUIC stack) or chromium (headless"
              + " Chromium running the watch page over WebTransport, its own QUIC stack; rows"
              + " labelled live:CC@chromium) (default ${DEFAULT-VALUE}).")
  String receiver;

  @Option(
      names = "--chromium",
      paramLabel = "PATH",
      description = "The Chromium executable for --subscriber chromium (default: on the PATH).")
  String chromium;

  boolean isChromium() {
    return receiver.equals("chromium");
  }

  /**
   * One-line errors before anything runs: an unknown receiver, a relay stack without WebTransport,
   * no Chromium to run.
   */
  void validate(List<LiveStack> relayStacks) {
    if (!List.of("moqbed", "chromium").contains(receiver)) {
      throw new IllegalArgumentException(
          "--subscriber must be moqbed or chromium, not '" + receiver + "'");
    }
    if (!isChromium()) {
      return;
    }
    for (LiveStack stack : relayStacks) {
      try {
        stack.withWebTransport(RelayUrl.DEFAULT_PATH);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "--subscriber chromium reaches the relay over WebTransport, which runs on the"
                + " project's QUIC stack: "
                + stack.controller()
                + " is quiche's");
      }
    }
    if (chromium == null) {
      ChromiumBrowser.find(); // none on the PATH: say what to install before anything runs
    }
  }

  /** The receiver other than the project's subscriber, or null for the project's. */
  ExternalSubscriber externalSubscriber() {
    return isChromium() ? new ChromiumSubscriber(chromium) : null;
  }

  /** A row label's suffix: {@code @chromium}, or nothing for the project's subscriber. */
  String labelSuffix() {
    return isChromium() ? "@chromium" : "";
  }

  /** A banner's words for the receiver: nothing for the project's subscriber. */
  String description() {
    return isChromium()
        ? "; receiver: headless Chromium (the watch page over WebTransport, Chromium's own QUIC)"
        : "";
  }
}

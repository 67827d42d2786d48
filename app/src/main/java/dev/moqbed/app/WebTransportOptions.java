package dev.moqbed.app;

import dev.moqbed.live.RelayUrl;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import picocli.CommandLine.Option;

/**
 * The relay's WebTransport door: MoQT over WebTransport (HTTP/3, ALPN {@code h3}) on the same UDP
 * port as raw QUIC, for browsers and for clients given an {@code https://} URL.
 */
final class WebTransportOptions {
  @Option(
      names = "--webtransport-path",
      paramLabel = "PATH",
      defaultValue = RelayUrl.DEFAULT_PATH,
      description =
          "Accept MoQT over WebTransport (HTTP/3, ALPN h3) on this path, on the same port as raw"
              + " QUIC; project's stack only (default ${DEFAULT-VALUE}).")
  String path;

  @Option(names = "--no-webtransport", description = "Accept raw QUIC (ALPN moq-00) only.")
  boolean off;

  /**
   * {@code stack} accepting WebTransport as asked; quiche's stack serves raw QUIC only, which an
   * explicit {@code --webtransport-path} there is told.
   */
  LiveStack apply(LiveStack stack, boolean pathGiven) {
    if (off) {
      if (pathGiven) {
        throw new IllegalArgumentException(
            "give --webtransport-path or --no-webtransport, not both");
      }
      return stack;
    }
    if (stack.transport() == LiveTransport.QUICHE) {
      if (pathGiven) {
        throw new IllegalArgumentException(
            "--webtransport-path: WebTransport runs on the project's QUIC stack only (--transport"
                + " moqbed)");
      }
      return stack;
    }
    return stack.withWebTransport(path);
  }
}

package dev.moqbed.app;

import dev.moqbed.live.RelayUrl;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netty.ServerCertificate;
import java.net.InetSocketAddress;
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

  /**
   * The banner's lines for browsers, or null when WebTransport is off: the URL and the
   * certificate's SHA-256, which a page passes as {@code serverCertificateHashes} when the
   * certificate is self-signed, and the {@code watch} command that does.
   */
  static String bannerLine(LiveStack stack, InetSocketAddress address, ServerCertificate tls) {
    if (stack.webTransportPath() == null) {
      return null;
    }
    String host =
        address.getAddress().isAnyLocalAddress() || address.getAddress().isLoopbackAddress()
            ? "localhost"
            : address.getHostString();
    return "moqbed relay: WebTransport on https://"
        + host
        + ":"
        + address.getPort()
        + stack.webTransportPath()
        + " (HTTP/3, same port); certificate SHA-256 "
        + tls.sha256Hex()
        + (tls.isHashPinnable(java.time.Instant.now())
            ? " (a page may pin it with serverCertificateHashes until "
                + tls.notAfter()
                + ")\nmoqbed relay: watch it in a browser: ./moqbed watch https://"
                + host
                + ":"
                + address.getPort()
                + stack.webTransportPath()
                + " --cert-hash "
                + tls.sha256Hex()
            : " (not pinnable by hash: give browsers a certificate they trust)");
  }
}

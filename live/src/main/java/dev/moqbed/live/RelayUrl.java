package dev.moqbed.live;

import dev.moqbed.live.stack.LiveStack;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Where a client reaches a relay and how: {@code HOST:PORT} for MoQT over raw QUIC (ALPN {@code
 * moq-00}), or {@code https://HOST[:PORT][/PATH]} for MoQT over WebTransport (ALPN {@code h3}; port
 * 443 and path {@code /moq} when absent), as a browser would.
 *
 * @param address the relay's UDP address
 * @param serverName the name its certificate must carry ({@code localhost} for a loopback address,
 *     the self-signed certificate's name)
 * @param webTransportPath the WebTransport path (with its query), or null for raw QUIC
 */
public record RelayUrl(InetSocketAddress address, String serverName, String webTransportPath) {
  /** The path a relay serves WebTransport on unless told otherwise. */
  public static final String DEFAULT_PATH = "/moq";

  private static final String SCHEME = "https://";

  /**
   * Parses what a user typed.
   *
   * @throws IllegalArgumentException with a one-line reason
   */
  public static RelayUrl parse(String text) {
    if (!text.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
      if (text.contains("://")) {
        throw new IllegalArgumentException(
            "expected HOST:PORT (raw QUIC) or https://HOST:PORT/PATH (WebTransport), got '"
                + text
                + "'");
      }
      InetSocketAddress address = LiveSupport.parseAddress(text);
      return new RelayUrl(address, LiveSupport.serverName(text, address), null);
    }
    URI uri;
    try {
      uri = new URI(text);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a URL: '" + text + "' (" + e.getReason() + ")");
    }
    if (uri.getHost() == null) {
      throw new IllegalArgumentException("no host in '" + text + "'");
    }
    String host = uri.getHost().replace("[", "").replace("]", "");
    int port = uri.getPort() < 0 ? 443 : uri.getPort();
    InetSocketAddress address = LiveSupport.parseAddress(hostPort(host, port));
    String path =
        uri.getRawPath() == null || uri.getRawPath().isEmpty() ? DEFAULT_PATH : uri.getRawPath();
    if (uri.getRawQuery() != null) {
      path += "?" + uri.getRawQuery();
    }
    String serverName = address.getAddress().isLoopbackAddress() ? "localhost" : host;
    return new RelayUrl(address, serverName, path);
  }

  /** {@code stack}, speaking WebTransport when this URL asks for it. */
  public LiveStack route(LiveStack stack) {
    return webTransportPath == null ? stack : stack.withWebTransport(webTransportPath);
  }

  /** For logs: the URL, or HOST:PORT for raw QUIC. */
  public String describe() {
    String hostPort = hostPort(address.getHostString(), address.getPort());
    return webTransportPath == null ? hostPort : SCHEME + hostPort + webTransportPath;
  }

  private static String hostPort(String host, int port) {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }
}

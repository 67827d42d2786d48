package dev.moqbed.webtransport.session;

/**
 * The server side: accepts extended CONNECT requests for WebTransport on the configured path (200),
 * answers others 400, 404, 405 or 429, and then serves each session's streams and datagrams. A
 * request that arrives before the client's SETTINGS waits for them.
 */
public final class WebTransportServer extends WebTransportEndpoint {
  /**
   * @param port the QUIC connection (ALPN {@code h3}) this server answers through
   * @param listener who hears about sessions, streams and datagrams
   * @param config limits and the served path
   */
  public WebTransportServer(
      QuicConnectionPort port, WebTransportListener listener, WebTransportConfig config) {
    super(true, port, listener, config);
  }
}

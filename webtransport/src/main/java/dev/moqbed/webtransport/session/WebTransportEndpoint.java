package dev.moqbed.webtransport.session;

import java.nio.ByteBuffer;

/**
 * The inputs of one side of an HTTP/3 connection carrying WebTransport: whoever owns the QUIC
 * connection calls these as its events happen, on the connection's thread. Everything the endpoint
 * sends goes out through the {@link QuicConnectionPort} it was built with, everything the
 * application needs to know through its {@link WebTransportListener}.
 */
public abstract sealed class WebTransportEndpoint permits WebTransportServer, WebTransportClient {
  final Http3Connection connection;

  WebTransportEndpoint(
      boolean server,
      QuicConnectionPort port,
      WebTransportListener listener,
      WebTransportConfig config) {
    this.connection = new Http3Connection(server, port, listener, config);
  }

  /**
   * Opens this side's control stream with its SETTINGS and its QPACK streams; call once the QUIC
   * handshake allows streams (ALPN {@code h3}).
   */
  public void start() {
    connection.start();
  }

  /** Bytes the peer sent on a stream, and whether its side of the stream ended with them. */
  public void onStreamData(long streamId, ByteBuffer data, boolean fin) {
    connection.onStreamData(streamId, data, fin);
  }

  /** The peer reset its side of a stream (RESET_STREAM) with an HTTP/3 error code. */
  public void onStreamReset(long streamId, long errorCode) {
    connection.onStreamReset(streamId, errorCode);
  }

  /** The peer asked this side to stop sending on a stream (STOP_SENDING). */
  public void onStopSending(long streamId, long errorCode) {
    connection.onStopSending(streamId, errorCode);
  }

  /** A QUIC DATAGRAM frame's payload: an HTTP datagram with its quarter stream id. */
  public void onDatagram(ByteBuffer payload) {
    connection.onDatagram(payload);
  }

  /** The QUIC connection ended (either side, or idle); every session ends with it. */
  public void onTransportClosed(long errorCode, String reason) {
    connection.onTransportClosed(errorCode, reason);
  }

  /** The session with this id, or null when there is none (any more). */
  public WebTransportSession session(long sessionId) {
    return connection.sessions().get(sessionId);
  }

  /** The draft both sides' SETTINGS agree on; null before the peer's arrive, or when none. */
  public WebTransportDraft negotiatedDraft() {
    return connection.negotiatedDraft();
  }

  /** True once this side closed the connection for a protocol error, or the transport ended. */
  public boolean isClosed() {
    return connection.isClosed();
  }

  /** Datagrams dropped because their session was unknown or not open. */
  public long droppedDatagrams() {
    return connection.droppedDatagrams();
  }

  /** The stream id of the peer's last GOAWAY, or -1 when it sent none. */
  public long goawayId() {
    return connection.goawayId();
  }

  /** Streams this side still tracks (handlers of open streams); bounded by the limits. */
  public int trackedStreamCount() {
    return connection.trackedStreamCount();
  }
}

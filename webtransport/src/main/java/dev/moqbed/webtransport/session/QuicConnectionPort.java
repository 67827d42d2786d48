package dev.moqbed.webtransport.session;

/**
 * What the HTTP/3 and WebTransport state machines need from one QUIC connection: the few calls they
 * make, nothing about how the connection runs. The project's {@code QuicConnection}, Netty's codec
 * or an in-memory pair implement it. Every call is made on the connection's own thread and must not
 * block; bytes passed in are owned by the callee afterwards.
 */
public interface QuicConnectionPort {
  /**
   * Opens a unidirectional stream and returns its QUIC stream id.
   *
   * @throws IllegalStateException when the peer's stream limit allows no more
   */
  long openUnidirectionalStream();

  /**
   * Opens a bidirectional stream and returns its QUIC stream id.
   *
   * @throws IllegalStateException when the peer's stream limit allows no more
   */
  long openBidirectionalStream();

  /** Queues {@code bytes} on a stream, then its FIN when {@code fin}. */
  void write(long streamId, byte[] bytes, boolean fin);

  /** Abandons sending on a stream (RESET_STREAM) with an HTTP/3 error code. */
  void resetStream(long streamId, long errorCode);

  /** Asks the peer to stop sending on a stream (STOP_SENDING) with an HTTP/3 error code. */
  void stopSending(long streamId, long errorCode);

  /** Sends one QUIC DATAGRAM frame; false when it is too large or cannot be queued. */
  boolean sendDatagram(byte[] payload);

  /** Closes the connection with an HTTP/3 error code and a reason (CONNECTION_CLOSE). */
  void close(long errorCode, String reason);
}

package dev.moqbed.transport.quic;

/**
 * The application on one end of a connection. Callbacks run inside the transport's receive or timer
 * processing; they may call the connection (write, open streams, close) but must not block.
 */
public interface ConnectionHandler {

  /** The connection may carry application data (client: handshake done; server: confirmed). */
  default void onReady(QuicConnection connection, long nowMicros) {}

  /**
   * In-order bytes of a stream, each exactly once. {@code data} is null when the peer sent counts
   * only. On a connection fed by the packet codec, {@code data} is a view of the buffer the
   * datagram was received into, valid during this call only: a handler that keeps bytes copies them
   * (the next datagram overwrites the buffer). See docs/transport/connection.md, "Receive buffers".
   */
  default void onStreamData(
      QuicConnection connection,
      long nowMicros,
      long streamId,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {}

  /**
   * New bytes of one of our streams (or its FIN) went into the packet being built; {@code
   * sentBytes} is the stream's send offset after them. This is the moment picoquic asks an active
   * stream for its data (its {@code prepare_to_send} callback): quicperf's media server decides
   * there, when a frame's last byte leaves, whether the stream sleeps until its next frame. The
   * handler may write more on the stream; it goes in this packet if there is room. Resent bytes are
   * not reported.
   */
  default void onStreamBytesSent(
      QuicConnection connection, long nowMicros, long streamId, long sentBytes) {}

  /**
   * The connection forgot one of our streams: every byte and the FIN, or the reset, acknowledged.
   * No callback names it again, so a handler may drop what it keeps per stream.
   */
  default void onSendStreamRetired(QuicConnection connection, long streamId) {}

  /** The peer asked us to stop sending on a stream (STOP_SENDING). */
  default void onStopSending(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {}

  /**
   * The peer's MAX_STREAMS raised its limit while we could open no more streams of that kind: one
   * more may open now (RFC 9000 §4.6).
   */
  default void onStreamCredit(QuicConnection connection, long nowMicros, boolean bidirectional) {}

  /** The peer abandoned a stream it was sending (RESET_STREAM). */
  default void onStreamReset(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {}

  /**
   * A DATAGRAM frame arrived. Its bytes, as {@link #onStreamData}'s, are a view of the receive
   * buffer when the connection is fed by the packet codec: read them during the call, or copy them.
   */
  default void onDatagram(QuicConnection connection, long nowMicros, DatagramPayload payload) {}

  /** The connection is closed: by us, by the peer, or because it timed out. */
  default void onClosed(QuicConnection connection, long nowMicros, long errorCode) {}
}

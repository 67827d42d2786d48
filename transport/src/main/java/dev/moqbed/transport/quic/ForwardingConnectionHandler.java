package dev.moqbed.transport.quic;

import java.util.Objects;

/**
 * Passes every event of a connection to another handler: the base of handlers that watch or wrap an
 * application (a handshake's end, a bench's timing, a choice between two protocols) and override
 * only the events they change, calling {@code super} to pass them on. A new callback of {@link
 * ConnectionHandler} is forwarded here once instead of in each wrapper.
 */
public abstract class ForwardingConnectionHandler implements ConnectionHandler {
  private final ConnectionHandler delegate;

  /** Forwards to {@code delegate}. */
  protected ForwardingConnectionHandler(ConnectionHandler delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * For a handler that chooses its delegate from the connection (at its first event, once TLS has
   * chosen the application protocol): it overrides {@link #delegate(QuicConnection)}.
   */
  protected ForwardingConnectionHandler() {
    this.delegate = null;
  }

  /** The handler {@code connection}'s events go to; the one given at construction by default. */
  protected ConnectionHandler delegate(QuicConnection connection) {
    return delegate;
  }

  @Override
  public void onReady(QuicConnection connection, long nowMicros) {
    delegate(connection).onReady(connection, nowMicros);
  }

  @Override
  public void onStreamData(
      QuicConnection connection,
      long nowMicros,
      long streamId,
      long offset,
      int length,
      ByteSlice data,
      boolean fin) {
    delegate(connection).onStreamData(connection, nowMicros, streamId, offset, length, data, fin);
  }

  @Override
  public void onStreamBytesSent(
      QuicConnection connection, long nowMicros, long streamId, long sentBytes) {
    delegate(connection).onStreamBytesSent(connection, nowMicros, streamId, sentBytes);
  }

  @Override
  public void onSendStreamRetired(QuicConnection connection, long streamId) {
    delegate(connection).onSendStreamRetired(connection, streamId);
  }

  @Override
  public void onStopSending(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {
    delegate(connection).onStopSending(connection, nowMicros, streamId, errorCode);
  }

  @Override
  public void onStreamCredit(QuicConnection connection, long nowMicros, boolean bidirectional) {
    delegate(connection).onStreamCredit(connection, nowMicros, bidirectional);
  }

  @Override
  public void onStreamReset(
      QuicConnection connection, long nowMicros, long streamId, long errorCode) {
    delegate(connection).onStreamReset(connection, nowMicros, streamId, errorCode);
  }

  @Override
  public void onDatagram(QuicConnection connection, long nowMicros, DatagramPayload payload) {
    delegate(connection).onDatagram(connection, nowMicros, payload);
  }

  @Override
  public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
    delegate(connection).onClosed(connection, nowMicros, errorCode);
  }
}

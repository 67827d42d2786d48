package dev.moqbed.live.stack;

import dev.moqbed.transport.quic.ConnectionHandler;
import dev.moqbed.transport.quic.ForwardingConnectionHandler;
import dev.moqbed.transport.quic.QuicConnection;
import java.util.concurrent.CompletableFuture;

/**
 * The handler of a client connection on the project's stack while {@code connect} waits for it:
 * everything goes to the transport above (MoQT's, or HTTP/3's under WebTransport), and the
 * handshake's end completes {@link #ready} — normally, or with the close code of a handshake that
 * failed, for the one-line error.
 */
final class HandshakeWatch extends ForwardingConnectionHandler {
  /** Completes when the connection is ready; fails with a {@link HandshakeClosed} otherwise. */
  final CompletableFuture<Void> ready;

  private final ConnectionHandler transport;

  /**
   * @param transport what takes the connection's events: MoQT's transport, or HTTP/3's
   * @param ready the future to complete, made by the caller before the connection exists, so the
   *     caller waits on it without reaching into the task that opens the connection
   */
  HandshakeWatch(ConnectionHandler transport, CompletableFuture<Void> ready) {
    super(transport);
    this.transport = transport;
    this.ready = ready;
  }

  /**
   * Why a handshake ended before the connection was ready.
   *
   * @see ConnectFailure#ofHandshake
   */
  static final class HandshakeClosed extends Exception {
    /** The close's error code: this end's when it closed first, else the peer's. */
    final long errorCode;

    /** True when this end closed (its TLS refused the relay, say), false when the peer did. */
    final boolean local;

    /** The close's reason phrase, empty without one. */
    final String reason;

    /** Whether anything at all came from the peer: false means no answer. */
    final boolean heardFromPeer;

    HandshakeClosed(long errorCode, boolean local, String reason, boolean heardFromPeer) {
      super(
          "closed with code 0x"
              + Long.toHexString(errorCode)
              + (reason.isEmpty() ? "" : ": " + reason),
          null,
          false,
          false);
      this.errorCode = errorCode;
      this.local = local;
      this.reason = reason;
      this.heardFromPeer = heardFromPeer;
    }
  }

  @Override
  public void onReady(QuicConnection connection, long nowMicros) {
    // Watched to its end: from here on the transport takes the events directly.
    connection.setHandler(transport);
    transport.onReady(connection, nowMicros);
    ready.complete(null);
  }

  @Override
  public void onClosed(QuicConnection connection, long nowMicros, long errorCode) {
    long localCode = connection.localCloseErrorCode();
    boolean local = localCode >= 0;
    ready.completeExceptionally(
        new HandshakeClosed(
            local ? localCode : errorCode,
            local,
            local ? connection.localCloseReason() : connection.peerCloseReason(),
            connection.firstReceivedMicros() >= 0));
    super.onClosed(connection, nowMicros, errorCode);
  }
}

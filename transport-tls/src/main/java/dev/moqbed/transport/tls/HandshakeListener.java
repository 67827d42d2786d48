package dev.moqbed.transport.tls;

/**
 * What a {@link HandshakeSession} tells the connection driving it. Each event comes once, in this
 * order, from within {@link HandshakeSession#receive} (or {@link HandshakeSession#start}); after
 * {@link #handshakeFailed} nothing else comes.
 */
public interface HandshakeListener {

  /**
   * Keys for a level can be installed: Handshake secrets after ServerHello, 1-RTT secrets after the
   * server's Finished (on the server, straight after its own flight; it may send 0.5-RTT data but
   * must not read 1-RTT packets before the handshake completes, RFC 9001 §5.7).
   */
  default void secretsAvailable(TrafficSecrets secrets) {}

  /**
   * The TLS handshake is complete (RFC 9001 §4.1.1): both Finished messages are sent or verified,
   * the peer's transport parameters and the ALPN are known.
   */
  default void handshakeComplete() {}

  /**
   * The handshake is confirmed (RFC 9001 §4.1.2): on the server when it completes, on the client
   * when the connection reports a HANDSHAKE_DONE frame. Handshake keys can be discarded (§4.9.2).
   */
  default void handshakeConfirmed() {}

  /** The handshake failed: close the connection with {@code failure.errorCode()}. */
  default void handshakeFailed(HandshakeFailure failure) {}
}

package dev.moqbed.transport.tls;

/**
 * Thrown inside this package when the peer's CRYPTO bytes end the handshake before agent15 sees
 * them (framing, size, wrong level); the session turns it into its {@link HandshakeFailure}.
 */
final class HandshakeAbort extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient HandshakeFailure failure;

  HandshakeAbort(HandshakeFailure failure) {
    super(failure.reason(), null, false, false);
    this.failure = failure;
  }

  HandshakeFailure failure() {
    return failure;
  }
}

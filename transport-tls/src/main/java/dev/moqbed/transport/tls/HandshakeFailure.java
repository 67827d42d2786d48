package dev.moqbed.transport.tls;

import dev.moqbed.transport.wire.TransportErrorCode;
import java.util.Objects;

/**
 * Why a handshake ended: the QUIC transport error code the connection closes with (RFC 9000 §20.1)
 * and a reason for logs and for the CONNECTION_CLOSE reason phrase.
 *
 * <p>Almost always a CRYPTO_ERROR, 0x0100 plus the TLS alert (RFC 9001 §4.8); a malformed or
 * invalid quic_transport_parameters extension is TRANSPORT_PARAMETER_ERROR (RFC 9001 §8.2), a
 * handshake message too large to buffer CRYPTO_BUFFER_EXCEEDED (RFC 9000 §7.5).
 */
public record HandshakeFailure(long errorCode, String reason) {

  public HandshakeFailure {
    Objects.requireNonNull(reason, "reason");
  }

  /** A fatal TLS alert, as QUIC carries it. */
  public static HandshakeFailure alert(int tlsAlert, String reason) {
    return new HandshakeFailure(TransportErrorCode.cryptoError(tlsAlert), reason);
  }

  /** A transport error that is not a TLS alert. */
  public static HandshakeFailure transport(TransportErrorCode error, String reason) {
    return new HandshakeFailure(error.code(), reason);
  }

  public boolean isCryptoError() {
    return errorCode >= 0x0100 && errorCode <= 0x01ff;
  }

  /** The TLS alert of a CRYPTO_ERROR; -1 for other errors. */
  public int tlsAlert() {
    return isCryptoError() ? (int) (errorCode - 0x0100) : -1;
  }

  @Override
  public String toString() {
    return TransportErrorCode.describe(errorCode) + ": " + reason;
  }
}

package dev.moqbed.transport.tls;

import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import tech.kwik.agent15.TlsConstants.AlertDescription;
import tech.kwik.agent15.TlsProtocolException;
import tech.kwik.agent15.alert.ErrorAlert;

/**
 * Turns what agent15 throws while it processes the peer's messages into the QUIC error the
 * connection closes with (RFC 9001 §4.8: CRYPTO_ERROR is 0x0100 plus the TLS alert).
 *
 * <p>agent15's parsers assume well-formed input in places and then fail with the buffer's own
 * exceptions; those are decode_error, since the message did not match its syntax. Any other
 * unchecked exception is internal_error: something on our side could not go on.
 */
final class FailureMapper {
  private FailureMapper() {}

  static HandshakeFailure fromTls(TlsProtocolException e) {
    if (e instanceof TransportParameterFailure) {
      return new HandshakeFailure(((TransportParameterFailure) e).errorCode(), e.getMessage());
    }
    if (e instanceof ErrorAlert) {
      AlertDescription alert = ((ErrorAlert) e).alertDescription();
      return HandshakeFailure.alert(alert.value & 0xff, alert + ": " + e.getMessage());
    }
    // agent15's plain TlsProtocolException means a message it cannot take now.
    return alert(AlertDescription.unexpected_message, e.getMessage());
  }

  static HandshakeFailure fromUnchecked(RuntimeException e) {
    if (e instanceof BufferUnderflowException
        || e instanceof BufferOverflowException
        || e instanceof IndexOutOfBoundsException
        || e instanceof NegativeArraySizeException
        || e instanceof IllegalArgumentException) {
      return alert(AlertDescription.decode_error, "malformed handshake message: " + e);
    }
    return alert(AlertDescription.internal_error, "TLS engine failed: " + e);
  }

  static HandshakeFailure alert(AlertDescription alert, String reason) {
    return HandshakeFailure.alert(alert.value & 0xff, alert + ": " + reason);
  }
}

package dev.moqbed.transport.tls;

import dev.moqbed.transport.wire.QuicWireException;
import tech.kwik.agent15.TlsProtocolException;

/**
 * The peer's quic_transport_parameters did not decode or validate. It travels through agent15 as a
 * {@link TlsProtocolException} (the only checked exception its callbacks may throw) and comes out
 * as the codec's transport error, TRANSPORT_PARAMETER_ERROR, not as a TLS alert (RFC 9001 §8.2).
 */
final class TransportParameterFailure extends TlsProtocolException {
  private static final long serialVersionUID = 1L;

  private final long errorCode;

  TransportParameterFailure(QuicWireException cause) {
    super("peer transport parameters: " + cause.getMessage(), cause);
    this.errorCode = cause.error().code();
  }

  long errorCode() {
    return errorCode;
  }
}

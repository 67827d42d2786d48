package dev.moqbed.transport.qlog;

/**
 * A transport error code as quic-events names it: {@code TransportError} for RFC 9000 §20.1's
 * codes, {@code CryptoError} ({@code crypto_error_0x1XX}) for the TLS alert range. Other codes have
 * no name and are logged as numbers.
 */
final class TransportErrorNames {
  private static final String[] NAMES = {
    "no_error",
    "internal_error",
    "connection_refused",
    "flow_control_error",
    "stream_limit_error",
    "stream_state_error",
    "final_size_error",
    "frame_encoding_error",
    "transport_parameter_error",
    "connection_id_limit_error",
    "protocol_violation",
    "invalid_token",
    "application_error",
    "crypto_buffer_exceeded",
    "key_update_error",
    "aead_limit_reached",
    "no_viable_path"
  };
  private static final long CRYPTO_FIRST = 0x100;
  private static final long CRYPTO_LAST = 0x1ff;

  private TransportErrorNames() {}

  /** The name of {@code code}, or null when quic-events has none for it. */
  static String of(long code) {
    if (code >= 0 && code < NAMES.length) {
      return NAMES[(int) code];
    }
    if (code >= CRYPTO_FIRST && code <= CRYPTO_LAST) {
      return String.format("crypto_error_0x%03x", code);
    }
    return null;
  }
}

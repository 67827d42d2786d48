package dev.moqbed.media.moqt.wire;

/**
 * Session termination codes (the code in QUIC CONNECTION_CLOSE or the WebTransport close capsule),
 * with the values of draft-ietf-moq-transport-14 §3.4. Later drafts kept these values; a draft that
 * changes one maps it in its codec.
 */
public enum SessionError {
  NO_ERROR(0x0),
  INTERNAL_ERROR(0x1),
  UNAUTHORIZED(0x2),
  PROTOCOL_VIOLATION(0x3),
  INVALID_REQUEST_ID(0x4),
  DUPLICATE_TRACK_ALIAS(0x5),
  KEY_VALUE_FORMATTING_ERROR(0x6),
  TOO_MANY_REQUESTS(0x7),
  INVALID_PATH(0x8),
  MALFORMED_PATH(0x9),
  GOAWAY_TIMEOUT(0x10),
  CONTROL_MESSAGE_TIMEOUT(0x11),
  DATA_STREAM_TIMEOUT(0x12),
  AUTH_TOKEN_CACHE_OVERFLOW(0x13),
  DUPLICATE_AUTH_TOKEN_ALIAS(0x14),
  VERSION_NEGOTIATION_FAILED(0x15),
  MALFORMED_AUTH_TOKEN(0x16),
  UNKNOWN_AUTH_TOKEN_ALIAS(0x17),
  EXPIRED_AUTH_TOKEN(0x18),
  INVALID_AUTHORITY(0x19),
  MALFORMED_AUTHORITY(0x1A);

  private final long code;

  SessionError(long code) {
    this.code = code;
  }

  /** The value carried on the wire. */
  public long code() {
    return code;
  }
}

package dev.moqbed.transport.wire;

/**
 * The transport error codes of RFC 9000 §20.1, carried in CONNECTION_CLOSE frames of type 0x1c.
 *
 * <p>CRYPTO_ERROR is a range (0x0100–0x01ff, the TLS alert in the low byte); it is represented by
 * {@link #CRYPTO_ERROR} with the base code, and {@link #cryptoError(int)} builds the wire value.
 */
public enum TransportErrorCode {
  NO_ERROR(0x00),
  INTERNAL_ERROR(0x01),
  CONNECTION_REFUSED(0x02),
  FLOW_CONTROL_ERROR(0x03),
  STREAM_LIMIT_ERROR(0x04),
  STREAM_STATE_ERROR(0x05),
  FINAL_SIZE_ERROR(0x06),
  FRAME_ENCODING_ERROR(0x07),
  TRANSPORT_PARAMETER_ERROR(0x08),
  CONNECTION_ID_LIMIT_ERROR(0x09),
  PROTOCOL_VIOLATION(0x0a),
  INVALID_TOKEN(0x0b),
  APPLICATION_ERROR(0x0c),
  CRYPTO_BUFFER_EXCEEDED(0x0d),
  KEY_UPDATE_ERROR(0x0e),
  AEAD_LIMIT_REACHED(0x0f),
  NO_VIABLE_PATH(0x10),
  CRYPTO_ERROR(0x0100);

  private final long code;

  TransportErrorCode(long code) {
    this.code = code;
  }

  /** The value carried in the Error Code field of CONNECTION_CLOSE (RFC 9000 §19.19). */
  public long code() {
    return code;
  }

  /** The CRYPTO_ERROR wire value for a TLS alert (RFC 9001 §4.8). */
  public static long cryptoError(int tlsAlert) {
    if (tlsAlert < 0 || tlsAlert > 0xff) {
      throw new IllegalArgumentException("not a TLS alert: " + tlsAlert);
    }
    return CRYPTO_ERROR.code + tlsAlert;
  }

  /**
   * The name of a wire value, for logs; codes beyond §20.1 (peer-defined or future) are shown in
   * hex.
   */
  public static String describe(long code) {
    if (code >= 0x0100 && code <= 0x01ff) {
      return "CRYPTO_ERROR(0x" + Long.toHexString(code - 0x0100) + ")";
    }
    for (TransportErrorCode known : values()) {
      if (known.code == code) {
        return known.name();
      }
    }
    return "0x" + Long.toHexString(code);
  }
}

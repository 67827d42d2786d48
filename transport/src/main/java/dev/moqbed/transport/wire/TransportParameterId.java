package dev.moqbed.transport.wire;

/**
 * Transport parameter identifiers (RFC 9000 §18.2, RFC 9221 §3, draft-ietf-quic-ack-frequency-09
 * §3).
 */
public final class TransportParameterId {
  public static final long ORIGINAL_DESTINATION_CONNECTION_ID = 0x00;
  public static final long MAX_IDLE_TIMEOUT = 0x01;
  public static final long STATELESS_RESET_TOKEN = 0x02;
  public static final long MAX_UDP_PAYLOAD_SIZE = 0x03;
  public static final long INITIAL_MAX_DATA = 0x04;
  public static final long INITIAL_MAX_STREAM_DATA_BIDI_LOCAL = 0x05;
  public static final long INITIAL_MAX_STREAM_DATA_BIDI_REMOTE = 0x06;
  public static final long INITIAL_MAX_STREAM_DATA_UNI = 0x07;
  public static final long INITIAL_MAX_STREAMS_BIDI = 0x08;
  public static final long INITIAL_MAX_STREAMS_UNI = 0x09;
  public static final long ACK_DELAY_EXPONENT = 0x0a;
  public static final long MAX_ACK_DELAY = 0x0b;
  public static final long DISABLE_ACTIVE_MIGRATION = 0x0c;
  public static final long PREFERRED_ADDRESS = 0x0d;
  public static final long ACTIVE_CONNECTION_ID_LIMIT = 0x0e;
  public static final long INITIAL_SOURCE_CONNECTION_ID = 0x0f;
  public static final long RETRY_SOURCE_CONNECTION_ID = 0x10;

  /** RFC 9221 §3. */
  public static final long MAX_DATAGRAM_FRAME_SIZE = 0x20;

  /**
   * draft-ietf-quic-ack-frequency-09 §3 (earlier drafts used 0xff04de1a and 0xff02de1a); the value
   * picoquic sends.
   */
  public static final long MIN_ACK_DELAY = 0xff04de1bL;

  private TransportParameterId() {}

  /** Whether a client must not send {@code id} (RFC 9000 §18.2: server-only parameters). */
  public static boolean isServerOnly(long id) {
    return id == ORIGINAL_DESTINATION_CONNECTION_ID
        || id == STATELESS_RESET_TOKEN
        || id == PREFERRED_ADDRESS
        || id == RETRY_SOURCE_CONNECTION_ID;
  }

  /** Whether {@code id} is of the form 31 * N + 27, reserved for greasing (RFC 9000 §18.1). */
  public static boolean isReserved(long id) {
    return id >= 27 && (id - 27) % 31 == 0;
  }
}

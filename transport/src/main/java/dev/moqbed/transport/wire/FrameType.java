package dev.moqbed.transport.wire;

/**
 * Frame type codes (RFC 9000 §19 and §12.4 Table 3, RFC 9221 §4, draft-ietf-quic-ack-frequency-09
 * §4 and §5) and the table of which packet types may carry each.
 *
 * <p>ACK_FREQUENCY and IMMEDIATE_ACK carry the code points of draft-ietf-quic-ack-frequency-09,
 * which picoquic uses since its commit f4c78509 ("Update code point to draft-ietf-quic-ack-
 * frequency-09"): ACK_FREQUENCY 0xaf (a 2-byte varint on the wire, {@code 40 af}), IMMEDIATE_ACK
 * 0x1f (earlier drafts used 0xac).
 */
public final class FrameType {
  public static final long PADDING = 0x00;
  public static final long PING = 0x01;
  public static final long ACK = 0x02;
  public static final long ACK_ECN = 0x03;
  public static final long RESET_STREAM = 0x04;
  public static final long STOP_SENDING = 0x05;
  public static final long CRYPTO = 0x06;
  public static final long NEW_TOKEN = 0x07;

  /** STREAM frames are 0x08–0x0f; the low three bits are these flags (RFC 9000 §19.8). */
  public static final long STREAM = 0x08;

  /** STREAM flag: an Offset field is present. */
  public static final int STREAM_OFF_BIT = 0x04;

  /** STREAM flag: a Length field is present; without it the data runs to the packet's end. */
  public static final int STREAM_LEN_BIT = 0x02;

  /** STREAM flag: this frame ends the stream. */
  public static final int STREAM_FIN_BIT = 0x01;

  public static final long MAX_DATA = 0x10;
  public static final long MAX_STREAM_DATA = 0x11;
  public static final long MAX_STREAMS_BIDI = 0x12;
  public static final long MAX_STREAMS_UNI = 0x13;
  public static final long DATA_BLOCKED = 0x14;
  public static final long STREAM_DATA_BLOCKED = 0x15;
  public static final long STREAMS_BLOCKED_BIDI = 0x16;
  public static final long STREAMS_BLOCKED_UNI = 0x17;
  public static final long NEW_CONNECTION_ID = 0x18;
  public static final long RETIRE_CONNECTION_ID = 0x19;
  public static final long PATH_CHALLENGE = 0x1a;
  public static final long PATH_RESPONSE = 0x1b;

  /** CONNECTION_CLOSE signalling a transport error (RFC 9000 §19.19). */
  public static final long CONNECTION_CLOSE = 0x1c;

  /** CONNECTION_CLOSE signalling an application error (RFC 9000 §19.19). */
  public static final long APPLICATION_CLOSE = 0x1d;

  public static final long HANDSHAKE_DONE = 0x1e;

  /** IMMEDIATE_ACK, draft-ietf-quic-ack-frequency-09 §5. */
  public static final long IMMEDIATE_ACK = 0x1f;

  /** DATAGRAM without a Length field: the data runs to the packet's end (RFC 9221 §4). */
  public static final long DATAGRAM = 0x30;

  /** DATAGRAM with a Length field (RFC 9221 §4). */
  public static final long DATAGRAM_WITH_LENGTH = 0x31;

  /** ACK_FREQUENCY, draft-ietf-quic-ack-frequency-09 §4. */
  public static final long ACK_FREQUENCY = 0xaf;

  // Packet-type masks, one bit per PacketType#frameMask(): the I, 0, H, 1 columns of Table 3.
  private static final int I = PacketType.INITIAL.frameMask();
  private static final int Z = PacketType.ZERO_RTT.frameMask();
  private static final int H = PacketType.HANDSHAKE.frameMask();
  private static final int O = PacketType.ONE_RTT.frameMask();

  /** Table 3 of RFC 9000 §12.4, indexed by frame type 0x00–0x1f. */
  private static final int[] ALLOWED_LOW = {
    I | Z | H | O, // PADDING
    I | Z | H | O, // PING
    I | H | O, // ACK: no 0-RTT, which cannot acknowledge (§17.2.3)
    I | H | O, // ACK_ECN
    Z | O, // RESET_STREAM
    Z | O, // STOP_SENDING
    I | H | O, // CRYPTO
    O, // NEW_TOKEN: only a server sends it, after the handshake
    Z | O, // STREAM 0x08..0x0f
    Z | O,
    Z | O,
    Z | O,
    Z | O,
    Z | O,
    Z | O,
    Z | O,
    Z | O, // MAX_DATA
    Z | O, // MAX_STREAM_DATA
    Z | O, // MAX_STREAMS (bidi)
    Z | O, // MAX_STREAMS (uni)
    Z | O, // DATA_BLOCKED
    Z | O, // STREAM_DATA_BLOCKED
    Z | O, // STREAMS_BLOCKED (bidi)
    Z | O, // STREAMS_BLOCKED (uni)
    Z | O, // NEW_CONNECTION_ID
    Z | O, // RETIRE_CONNECTION_ID
    Z | O, // PATH_CHALLENGE
    O, // PATH_RESPONSE: answers a challenge, so never in 0-RTT
    I | Z | H | O, // CONNECTION_CLOSE (transport)
    Z | O, // CONNECTION_CLOSE (application): sent as 0x1c before 1-RTT keys (§10.2.3)
    O, // HANDSHAKE_DONE
    O, // IMMEDIATE_ACK: application packet number space, 1-RTT only
  };

  private FrameType() {}

  /**
   * Whether {@code type} is a frame type this codec knows. Unknown types are FRAME_ENCODING_ERROR
   * (RFC 9000 §12.4): a frame's length cannot be known without knowing its type.
   */
  public static boolean isKnown(long type) {
    return (type >= 0 && type < ALLOWED_LOW.length)
        || type == DATAGRAM
        || type == DATAGRAM_WITH_LENGTH
        || type == ACK_FREQUENCY;
  }

  /**
   * Whether a packet of {@code packetType} may carry a frame of {@code type} (RFC 9000 §12.4 Table
   * 3). DATAGRAM is allowed in 0-RTT and 1-RTT (RFC 9221 §4); ACK_FREQUENCY and IMMEDIATE_ACK in
   * 1-RTT (draft-ietf-quic-ack-frequency-09: they belong to the application data space and need the
   * negotiated extension, which 0-RTT cannot rely on).
   */
  public static boolean isAllowedIn(long type, PacketType packetType) {
    return (allowedMask(type) & packetType.frameMask()) != 0;
  }

  private static int allowedMask(long type) {
    if (type >= 0 && type < ALLOWED_LOW.length) {
      return ALLOWED_LOW[(int) type];
    }
    if (type == DATAGRAM || type == DATAGRAM_WITH_LENGTH) {
      return Z | O;
    }
    if (type == ACK_FREQUENCY) {
      return O;
    }
    return 0;
  }

  /**
   * Whether a frame of {@code type} makes its packet ack-eliciting: all but ACK, PADDING and
   * CONNECTION_CLOSE (RFC 9000 §13.2.1 and the glossary of §2).
   */
  public static boolean isAckEliciting(long type) {
    return type != ACK
        && type != ACK_ECN
        && type != PADDING
        && type != CONNECTION_CLOSE
        && type != APPLICATION_CLOSE;
  }

  /** Whether {@code type} is one of the eight STREAM types. */
  public static boolean isStream(long type) {
    return (type & ~0x07L) == STREAM;
  }
}

package dev.moqbed.transport.wire;

/**
 * The kinds of QUIC packet a datagram can hold (RFC 9000 §17).
 *
 * <p>Each kind that carries frames has a bit in {@link #frameMask()}, so the frame table of RFC
 * 9000 §12.4 (Table 3) is a mask per frame type ({@link FrameType#isAllowedIn}).
 */
public enum PacketType {
  /** Long header type 0x0 (RFC 9000 §17.2.2): carries a token, Initial keys. */
  INITIAL(0x0, 1),
  /** Long header type 0x1 (RFC 9000 §17.2.3): early data. */
  ZERO_RTT(0x1, 2),
  /** Long header type 0x2 (RFC 9000 §17.2.4). */
  HANDSHAKE(0x2, 4),
  /** Long header type 0x3 (RFC 9000 §17.2.5): no packet number, no frames. */
  RETRY(0x3, 0),
  /** Short header (RFC 9000 §17.3.1). */
  ONE_RTT(-1, 8),
  /** Long header with version 0 (RFC 9000 §17.2.1): no packet number, no frames. */
  VERSION_NEGOTIATION(-1, 0),
  /**
   * Long header of a version this codec does not speak: only the version-independent fields (RFC
   * 8999 §5.1) are parsed, enough to answer with Version Negotiation (RFC 9000 §6.1).
   */
  UNSUPPORTED_VERSION(-1, 0);

  private final int longHeaderTypeBits;
  private final int frameMask;

  PacketType(int longHeaderTypeBits, int frameMask) {
    this.longHeaderTypeBits = longHeaderTypeBits;
    this.frameMask = frameMask;
  }

  /** The 2-bit Long Packet Type of version 1 (RFC 9000 §17.2, Table 5), or -1. */
  public int longHeaderTypeBits() {
    return longHeaderTypeBits;
  }

  /** This kind's bit in the frame table masks; 0 for kinds that carry no frames. */
  int frameMask() {
    return frameMask;
  }

  /** Whether the packet has a packet number and a payload of frames. */
  public boolean carriesFrames() {
    return frameMask != 0;
  }

  public boolean isLongHeader() {
    return this != ONE_RTT;
  }

  /** The version 1 long-header kind for Long Packet Type bits 0..3. */
  static PacketType fromLongHeaderTypeBits(int bits) {
    switch (bits) {
      case 0x0:
        return INITIAL;
      case 0x1:
        return ZERO_RTT;
      case 0x2:
        return HANDSHAKE;
      default:
        return RETRY;
    }
  }
}

package dev.moqbed.webtransport.capsule;

/** Capsule type codes (RFC 9297 §5.4, draft-ietf-webtrans-http3). */
public final class CapsuleType {
  /** DATAGRAM: an HTTP datagram sent in a capsule instead of a QUIC DATAGRAM frame. */
  public static final long DATAGRAM = 0x00;

  /** CLOSE_WEBTRANSPORT_SESSION: a 32-bit application error code and a UTF-8 reason. */
  public static final long CLOSE_WEBTRANSPORT_SESSION = 0x2843;

  /** DRAIN_WEBTRANSPORT_SESSION: the sender asks for a graceful end; no payload. */
  public static final long DRAIN_WEBTRANSPORT_SESSION = 0x78ae;

  private CapsuleType() {}
}

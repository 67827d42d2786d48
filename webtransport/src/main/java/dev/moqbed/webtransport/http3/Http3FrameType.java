package dev.moqbed.webtransport.http3;

/** HTTP/3 frame type codes (RFC 9114 §7.2, §11.2.1) and the rules about which ones are refused. */
public final class Http3FrameType {
  /** DATA: a piece of a message's content; on a WebTransport CONNECT stream, capsules. */
  public static final long DATA = 0x00;

  /** HEADERS: a QPACK-encoded field section. */
  public static final long HEADERS = 0x01;

  /** CANCEL_PUSH: server push, which this endpoint never enables. */
  public static final long CANCEL_PUSH = 0x03;

  /** SETTINGS: the first frame of each control stream, exactly once. */
  public static final long SETTINGS = 0x04;

  /** PUSH_PROMISE: server push, never enabled here. */
  public static final long PUSH_PROMISE = 0x05;

  /** GOAWAY: the peer will process no request or push above an identifier. */
  public static final long GOAWAY = 0x07;

  /** MAX_PUSH_ID: a client allowing server pushes up to an identifier. */
  public static final long MAX_PUSH_ID = 0x0d;

  /**
   * WEBTRANSPORT_STREAM (draft-ietf-webtrans-http3): the signal that opens a WebTransport
   * bidirectional stream. It sits where a frame type would and is followed by the session id, not a
   * length, so it is only valid as the very first bytes of a stream.
   */
  public static final long WEBTRANSPORT_STREAM = 0x41;

  private Http3FrameType() {}

  /**
   * True for the types HTTP/2 uses that HTTP/3 reserves and forbids (RFC 9114 §7.2.8): PRIORITY,
   * PING, WINDOW_UPDATE and CONTINUATION. Receiving one is H3_FRAME_UNEXPECTED.
   */
  public static boolean isHttp2Only(long type) {
    return type == 0x02 || type == 0x06 || type == 0x08 || type == 0x09;
  }

  /**
   * True for the reserved "grease" values {@code 0x1f * N + 0x21} (RFC 9114 §7.2.8), which peers
   * send to check that unknown types are ignored. The same pattern reserves settings identifiers,
   * stream types and error codes.
   */
  public static boolean isGrease(long value) {
    return value >= 0x21 && (value - 0x21) % 0x1f == 0;
  }
}

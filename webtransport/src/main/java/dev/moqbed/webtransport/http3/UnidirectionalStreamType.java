package dev.moqbed.webtransport.http3;

/** The type varint that opens every unidirectional stream (RFC 9114 §6.2, RFC 9204 §4.2). */
public final class UnidirectionalStreamType {
  /** The control stream: SETTINGS first, then GOAWAY and the like; one per direction. */
  public static final long CONTROL = 0x00;

  /** A server push stream; never allowed here, as no MAX_PUSH_ID is ever sent. */
  public static final long PUSH = 0x01;

  /** The QPACK encoder stream: dynamic-table insertions, none with a zero-capacity table. */
  public static final long QPACK_ENCODER = 0x02;

  /** The QPACK decoder stream: acknowledgements and cancellations. */
  public static final long QPACK_DECODER = 0x03;

  /**
   * A WebTransport unidirectional stream (draft-ietf-webtrans-http3): the session id follows, then
   * the application's bytes.
   */
  public static final long WEBTRANSPORT = 0x54;

  private UnidirectionalStreamType() {}
}

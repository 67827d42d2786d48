package dev.moqbed.webtransport.http3;

/**
 * Identifiers of the SETTINGS this project reads or sends: HTTP/3's and QPACK's (RFC 9114 §7.2.4.1,
 * RFC 9204 §5), extended CONNECT (RFC 9220), HTTP datagrams (RFC 9297) and the WebTransport ones of
 * each draft that browsers speak (see docs/webtransport.md for which browser sends which).
 */
public final class Http3SettingId {
  /** QPACK's dynamic table capacity; 0 (the default) turns the dynamic table off. */
  public static final long QPACK_MAX_TABLE_CAPACITY = 0x01;

  /** The largest field section (RFC 9114 §4.2.2 size) the sender accepts. */
  public static final long MAX_FIELD_SECTION_SIZE = 0x06;

  /** How many streams may wait on QPACK's dynamic table; 0 with no dynamic table. */
  public static final long QPACK_BLOCKED_STREAMS = 0x07;

  /** 1: the sender accepts extended CONNECT requests with a {@code :protocol} (RFC 9220 §3). */
  public static final long ENABLE_CONNECT_PROTOCOL = 0x08;

  /** 1: the sender accepts HTTP datagrams (RFC 9297 §2.1.1). */
  public static final long H3_DATAGRAM = 0x33;

  /** HTTP datagrams before the RFC (draft-ietf-masque-h3-datagram-04); Chromium still sends it. */
  public static final long H3_DATAGRAM_DRAFT04 = 0xffd277;

  /** 1: WebTransport as of draft-ietf-webtrans-http3-02 ("ENABLE_WEBTRANSPORT"). */
  public static final long ENABLE_WEBTRANSPORT_DRAFT02 = 0x2b603742;

  /**
   * A server's session limit next to ENABLE_WEBTRANSPORT, before draft-07; some servers send it.
   */
  public static final long WEBTRANSPORT_MAX_SESSIONS_DRAFT02 = 0x2b603743;

  /** Above 0: WebTransport as of draft-07 to draft-12, with at most that many sessions. */
  public static final long WEBTRANSPORT_MAX_SESSIONS_DRAFT07 = 0xc671706aL;

  /** Above 0: WebTransport as of draft-13 and draft-14 ("SETTINGS_WT_MAX_SESSIONS"). */
  public static final long WT_MAX_SESSIONS_DRAFT13 = 0x14e9cd29;

  /** HTTP/2's identifiers that HTTP/3 forbids (RFC 9114 §7.2.4.1): receiving one is an error. */
  public static boolean isHttp2Only(long id) {
    return id == 0x00 || id == 0x02 || id == 0x03 || id == 0x04 || id == 0x05;
  }

  private Http3SettingId() {}
}

package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import dev.moqbed.webtransport.http3.Http3SettingId;
import dev.moqbed.webtransport.http3.Http3Settings;

/**
 * The SETTINGS each side sends to offer WebTransport, and the draft two sides' SETTINGS agree on.
 * Both sides offer draft-02 and draft-07, with RFC 9297 datagrams and their draft-04 code (which
 * Chromium still sends); the server adds extended CONNECT. The later drafts (13 and up) are not
 * offered: their SETTINGS turn on per-session flow control this module does not implement, and a
 * peer of those drafts would then be allowed no stream at all.
 */
final class WebTransportSettings {
  private WebTransportSettings() {}

  /** What this side sends on its control stream. */
  static Http3Settings local(boolean server, WebTransportConfig config) {
    Http3Settings.Builder settings =
        Http3Settings.builder()
            .set(Http3SettingId.MAX_FIELD_SECTION_SIZE, config.maxFieldSectionBytes());
    if (server) {
      settings.set(Http3SettingId.ENABLE_CONNECT_PROTOCOL, 1);
    }
    return settings
        .set(Http3SettingId.H3_DATAGRAM, 1)
        .set(Http3SettingId.H3_DATAGRAM_DRAFT04, 1)
        .set(Http3SettingId.ENABLE_WEBTRANSPORT_DRAFT02, 1)
        .set(Http3SettingId.WEBTRANSPORT_MAX_SESSIONS_DRAFT07, server ? config.maxSessions() : 1)
        .build();
  }

  /**
   * Checks the values the peer sent for settings that can only be 0 or 1 (RFC 9220 §3, RFC 9297
   * §2.1.1, and draft-02's ENABLE_WEBTRANSPORT).
   *
   * @throws Http3Exception H3_SETTINGS_ERROR for another value
   */
  static void checkPeer(Http3Settings peer) {
    for (long id :
        new long[] {
          Http3SettingId.ENABLE_CONNECT_PROTOCOL,
          Http3SettingId.H3_DATAGRAM,
          Http3SettingId.H3_DATAGRAM_DRAFT04,
          Http3SettingId.ENABLE_WEBTRANSPORT_DRAFT02
        }) {
      long value = peer.valueOr(id, 0);
      if (value > 1) {
        throw new Http3Exception(
            Http3ErrorCode.H3_SETTINGS_ERROR,
            "setting 0x" + Long.toHexString(id) + " must be 0 or 1, is " + value);
      }
    }
  }

  /**
   * The newest draft both sides offer, given the peer's SETTINGS, or null when the peer does not
   * offer WebTransport with the datagrams it needs. A server's draft-07 offer also needs extended
   * CONNECT, which a client need not announce.
   */
  static WebTransportDraft negotiate(Http3Settings peer, boolean server) {
    boolean rfcDatagrams = peer.valueOr(Http3SettingId.H3_DATAGRAM, 0) == 1;
    boolean anyDatagrams = rfcDatagrams || peer.valueOr(Http3SettingId.H3_DATAGRAM_DRAFT04, 0) == 1;
    boolean connectProtocol =
        server || peer.valueOr(Http3SettingId.ENABLE_CONNECT_PROTOCOL, 0) == 1;
    if (rfcDatagrams
        && connectProtocol
        && peer.valueOr(Http3SettingId.WEBTRANSPORT_MAX_SESSIONS_DRAFT07, 0) > 0) {
      return WebTransportDraft.DRAFT_07;
    }
    if (anyDatagrams && peer.valueOr(Http3SettingId.ENABLE_WEBTRANSPORT_DRAFT02, 0) == 1) {
      return WebTransportDraft.DRAFT_02;
    }
    return null;
  }
}

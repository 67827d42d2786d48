package dev.moqbed.webtransport.session;

/**
 * The versions of draft-ietf-webtrans-http3 this module speaks, which are the ones Chromium
 * negotiates (docs/webtransport.md). They share the stream signals, the datagram format and the
 * close capsule; they differ in the SETTINGS that announce them and, for draft-02, in a response
 * header.
 */
public enum WebTransportDraft {
  /**
   * Draft-02 (also called draft-00): SETTINGS_ENABLE_WEBTRANSPORT = 1; Chromium's default. The
   * server's 200 carries {@code sec-webtransport-http3-draft: draft02}.
   */
  DRAFT_02,

  /**
   * Draft-07: SETTINGS_WEBTRANSPORT_MAX_SESSIONS above 0, with extended CONNECT and RFC 9297
   * datagrams required; Chromium behind its EnableWebTransportDraft07 feature.
   */
  DRAFT_07
}

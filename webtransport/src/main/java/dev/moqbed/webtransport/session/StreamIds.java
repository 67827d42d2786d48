package dev.moqbed.webtransport.session;

/** What a QUIC stream id says about its stream (RFC 9000 §2.1): who opened it, which way. */
final class StreamIds {
  private StreamIds() {}

  /** True for a stream the client opened (the id's lowest bit is 0). */
  static boolean isClientInitiated(long streamId) {
    return (streamId & 0x1) == 0;
  }

  /** True for a unidirectional stream (the id's second bit is 1). */
  static boolean isUnidirectional(long streamId) {
    return (streamId & 0x2) != 0;
  }

  /** True when the peer of the side that is {@code server} opened the stream. */
  static boolean isPeerInitiated(long streamId, boolean server) {
    return isClientInitiated(streamId) == server;
  }

  /**
   * True for an id that can name a WebTransport session: a client-initiated bidirectional stream,
   * where the extended CONNECT request travels.
   */
  static boolean isSessionId(long streamId) {
    return streamId >= 0 && (streamId & 0x3) == 0;
  }
}

package dev.moqbed.webtransport.session;

import java.nio.ByteBuffer;

/**
 * Hears what happens on the WebTransport sessions of one connection. Called on the connection's
 * thread during the input call that caused it; every method has a default that ignores the event,
 * so a listener writes only what it uses. Buffers passed in are valid during the call only.
 */
public interface WebTransportListener {
  /** A session is established: the server accepted the CONNECT (200) or the client read it. */
  default void onSessionOpened(WebTransportSession session) {}

  /**
   * The server answered the client's CONNECT with {@code status} other than 2xx, or (status 0) its
   * SETTINGS do not offer WebTransport. Client side only.
   */
  default void onSessionRefused(WebTransportSession session, int status) {}

  /** The peer opened a stream in the session; its data follows in {@link #onStreamData}. */
  default void onIncomingStream(
      WebTransportSession session, long streamId, boolean bidirectional) {}

  /** Bytes the peer sent on a session's stream, then {@code fin} when it ended its side. */
  default void onStreamData(
      WebTransportSession session, long streamId, ByteBuffer data, boolean fin) {}

  /** The peer reset its side of a stream; the code is the application's (WebTransport) code. */
  default void onStreamReset(WebTransportSession session, long streamId, long errorCode) {}

  /** The peer asked this side to stop sending on a stream, with the application's code. */
  default void onStopSending(WebTransportSession session, long streamId, long errorCode) {}

  /** A datagram of the session, without its quarter stream id prefix. */
  default void onDatagram(WebTransportSession session, ByteBuffer payload) {}

  /** The peer asked for the session to end soon (DRAIN_WEBTRANSPORT_SESSION). */
  default void onSessionDraining(WebTransportSession session) {}

  /** The session ended, by either side, with the application's code and reason. */
  default void onSessionClosed(WebTransportSession session, long errorCode, String reason) {}

  /**
   * The connection ended: this side closed it for the peer's protocol error (the HTTP/3 code and
   * what was wrong), or the transport reported its end. No event follows.
   */
  default void onConnectionClosed(long errorCode, String reason) {}
}

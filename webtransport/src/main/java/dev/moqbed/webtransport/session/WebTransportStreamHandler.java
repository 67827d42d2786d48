package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import java.nio.ByteBuffer;

/**
 * A stream of an established session, either direction: the peer's bytes go to the listener as they
 * arrive, its reset and STOP_SENDING with the application's error code.
 */
final class WebTransportStreamHandler implements StreamHandler {
  private final WebTransportSession session;
  private final long streamId;

  WebTransportStreamHandler(WebTransportSession session, long streamId) {
    this.session = session;
    this.streamId = streamId;
  }

  @Override
  public void onData(ByteBuffer data, boolean fin) {
    session.listener().onStreamData(session, streamId, data, fin);
    if (fin) {
      session.incomingEnded(streamId);
    }
  }

  /**
   * A reset with WEBTRANSPORT_SESSION_GONE is the peer closing the session: it resets every stream
   * as it sends its close capsule, and those resets may arrive first. The application hears the
   * close (capsule, CONNECT stream's end or the connection's), not a reset of each stream, which
   * MoQT would take for a broken control stream.
   */
  @Override
  public void onReset(long errorCode) {
    if (errorCode != Http3ErrorCode.WEBTRANSPORT_SESSION_GONE) {
      session.listener().onStreamReset(session, streamId, applicationCode(errorCode));
    }
    session.incomingEnded(streamId);
  }

  @Override
  public void onStopSending(long errorCode) {
    session.listener().onStopSending(session, streamId, applicationCode(errorCode));
    session.outgoingEnded(streamId);
  }

  /** The application's code, or 0 when HTTP/3 itself (not the application) ended the stream. */
  private static long applicationCode(long http3Code) {
    return Math.max(0, WebTransportErrors.fromHttp3(http3Code));
  }
}

package dev.moqbed.webtransport.session;

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

  @Override
  public void onReset(long errorCode) {
    session.listener().onStreamReset(session, streamId, applicationCode(errorCode));
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

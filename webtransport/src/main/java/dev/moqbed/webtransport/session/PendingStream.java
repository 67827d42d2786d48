package dev.moqbed.webtransport.session;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * A WebTransport stream whose session is not established yet: its CONNECT request (on the server)
 * or the response (on the client) may still be on its way, as streams are not ordered with each
 * other. Its bytes are held, up to a limit, until the session opens or is refused.
 */
final class PendingStream implements StreamHandler {
  private final Http3Connection connection;
  private final long streamId;
  private final long sessionId;
  private final ByteArrayOutputStream held = new ByteArrayOutputStream();
  private boolean finished;

  PendingStream(Http3Connection connection, long streamId, long sessionId) {
    this.connection = connection;
    this.streamId = streamId;
    this.sessionId = sessionId;
  }

  long streamId() {
    return streamId;
  }

  long sessionId() {
    return sessionId;
  }

  @Override
  public void onData(ByteBuffer data, boolean fin) {
    int incoming = data.remaining();
    if (held.size() + (long) incoming > connection.config().maxBufferedBytesPerStream()) {
      connection.sessions().dropPending(this);
      connection.refuseStream(streamId, Http3ErrorCode.WEBTRANSPORT_BUFFERED_STREAM_REJECTED);
      return;
    }
    byte[] bytes = new byte[incoming];
    data.get(bytes);
    held.writeBytes(bytes);
    finished |= fin;
  }

  @Override
  public void onReset(long errorCode) {
    connection.sessions().dropPending(this);
    connection.removeHandler(streamId);
  }

  /** Hands the held bytes to the stream's handler in the established session. */
  void release(StreamHandler handler) {
    handler.onData(ByteBuffer.wrap(held.toByteArray()), finished);
  }
}

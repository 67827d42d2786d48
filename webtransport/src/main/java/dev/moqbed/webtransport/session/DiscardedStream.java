package dev.moqbed.webtransport.session;

import java.nio.ByteBuffer;

/**
 * A stream this side has refused or does not understand (an unknown unidirectional type, a stream
 * of a session that is gone): its bytes are dropped until it ends. STOP_SENDING was sent when it
 * was refused, so few bytes follow.
 */
final class DiscardedStream implements StreamHandler {
  private final Http3Connection connection;
  private final long streamId;

  DiscardedStream(Http3Connection connection, long streamId) {
    this.connection = connection;
    this.streamId = streamId;
  }

  @Override
  public void onData(ByteBuffer data, boolean fin) {
    data.position(data.limit());
    if (fin) {
      connection.removeHandler(streamId);
    }
  }

  @Override
  public void onReset(long errorCode) {
    connection.removeHandler(streamId);
  }
}

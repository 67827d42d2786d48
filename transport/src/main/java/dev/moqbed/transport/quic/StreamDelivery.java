package dev.moqbed.transport.quic;

/**
 * Hands a receive stream's in-order bytes to the connection's handler, at the time of the call that
 * delivers them: one object for the connection's life instead of a lambda made per frame received.
 */
final class StreamDelivery implements StreamReceiveState.Consumer {
  private final QuicConnection connection;
  private long nowMicros;

  StreamDelivery(QuicConnection connection) {
    this.connection = connection;
  }

  /**
   * Delivers at {@code now} from here on; returns the time it had, which the caller puts back once
   * done, so that a handler which delivers again from inside a delivery (resuming a paused stream)
   * leaves the outer delivery's time as it was.
   */
  long swapTime(long now) {
    long previous = nowMicros;
    nowMicros = now;
    return previous;
  }

  @Override
  public void onData(long streamId, long offset, int length, ByteSlice data, boolean fin) {
    connection.handler().onStreamData(connection, nowMicros, streamId, offset, length, data, fin);
  }
}

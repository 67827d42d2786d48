package dev.moqbed.session.transport;

import java.nio.ByteBuffer;

/** Events of a {@link ReceiveStream}, in stream order. */
public interface ReceiveStreamListener {

  /** The next in-order bytes; the buffer is only valid during the call. */
  void onData(ByteBuffer bytes);

  /** The peer finished the stream (FIN) and every byte has been delivered. */
  void onFinished();

  /** The peer reset the stream (RESET_STREAM) with its application error code. */
  void onReset(long errorCode);
}

package dev.moqbed.webtransport.session;

import java.nio.ByteBuffer;

/**
 * Where the bytes of one incoming stream go. A stream's handler changes as the stream reveals what
 * it is: a {@link StreamStart} reads its first varints, then hands the stream to a control, request
 * or WebTransport handler.
 */
interface StreamHandler {
  /** Bytes the peer sent, and whether its side of the stream ends with them. */
  void onData(ByteBuffer data, boolean fin);

  /** The peer reset its side of the stream with an HTTP/3 error code. */
  void onReset(long errorCode);

  /** The peer asked this side to stop sending, with an HTTP/3 error code. */
  default void onStopSending(long errorCode) {}
}

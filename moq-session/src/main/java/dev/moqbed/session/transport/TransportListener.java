package dev.moqbed.session.transport;

import java.nio.ByteBuffer;

/** Events of a {@link TransportConnection}, delivered on its scheduler thread. */
public interface TransportListener {

  /**
   * The peer opened a bidirectional stream. Set the receive side's listener before returning, or
   * bytes already there are lost.
   */
  void onBidirectionalStream(BidirectionalStream stream);

  /** The peer opened a unidirectional stream. Set its listener before returning. */
  void onUnidirectionalStream(ReceiveStream stream);

  /**
   * The peer raised its unidirectional stream limit (MAX_STREAMS): {@link
   * TransportConnection#canOpenUnidirectionalStream()} may be true again. Transports without stream
   * limits never call it.
   */
  default void onUnidirectionalStreamCredit() {}

  /** A DATAGRAM frame arrived; the buffer is only valid during the call. */
  void onDatagram(ByteBuffer payload);

  /**
   * The connection ended.
   *
   * @param applicationErrorCode the application code of the CONNECTION_CLOSE, -1 when it was a
   *     transport error or a timeout
   * @param byPeer true when the peer (or the network) ended it, false when we called close
   */
  void onClosed(long applicationErrorCode, String reason, boolean byPeer);
}

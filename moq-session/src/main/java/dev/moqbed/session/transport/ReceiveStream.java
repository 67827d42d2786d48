package dev.moqbed.session.transport;

/** The receiving half of a stream. */
public interface ReceiveStream {

  /** The QUIC stream id, for logs. */
  long id();

  /** Sets who receives the stream's bytes and end; bytes that arrived before are delivered then. */
  void setListener(ReceiveStreamListener listener);

  /**
   * Asks the peer to stop sending (STOP_SENDING with {@code errorCode}). No further bytes are
   * delivered; the listener hears nothing more from this stream.
   */
  void stopSending(long errorCode);
}

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

  /**
   * Stops delivering bytes until {@link #resume()}. The transport then grants the peer no more
   * flow-control credit for this stream than it has delivered, so a peer that keeps sending is
   * stopped by QUIC flow control rather than by this end's memory. How a session holds a stream it
   * is not ready to read (one that arrives before the MoQT setup).
   */
  void pause();

  /** Delivers again, first what arrived while paused; the transport grants credit as before. */
  void resume();
}

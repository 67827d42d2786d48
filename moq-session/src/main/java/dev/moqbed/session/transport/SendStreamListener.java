package dev.moqbed.session.transport;

/** Events of a {@link SendStream}. */
public interface SendStreamListener {

  /**
   * The peer asked us to stop sending (STOP_SENDING). The stream is then closed for writing.
   *
   * @param errorCode the peer's code, or -1 when the transport does not report it (Netty's QUIC
   *     codec learns of STOP_SENDING only from a failed write, without the code)
   */
  void onStopSending(long errorCode);

  /** The stream became writable again after {@link SendStream#isWritable()} was false. */
  default void onWritable() {}
}

package dev.moqbed.session;

/** Events of a {@link SubgroupWriter}. */
public interface SubgroupWriterListener {

  /**
   * The peer sent STOP_SENDING on this subgroup's stream. The stream is closed for writing.
   *
   * @param errorCode the peer's code, -1 when the transport does not report it
   */
  void onStopSending(SubgroupWriter writer, long errorCode);

  /** The stream can take more bytes again. */
  default void onWritable(SubgroupWriter writer) {}
}

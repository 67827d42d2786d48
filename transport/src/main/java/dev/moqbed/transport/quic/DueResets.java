package dev.moqbed.transport.quic;

import java.util.List;

/**
 * How many of a connection's send streams owe the peer a RESET_STREAM, so that building a packet
 * need not ask every stream: {@link StreamTable} reports each change of a stream's {@link
 * StreamSendState#resetFrameDue()} here. A relay's subscriber connection builds hundreds of packets
 * a second and resets a stream a few times a minute; the walk over its streams for every packet was
 * 1.5 % of the relay thread's samples at 100 subscribers, most of it the first touch of each
 * stream's state since the connection was last polled.
 */
final class DueResets {
  /** The most a RESET_STREAM frame takes: type, stream id, error code, final size. */
  static final int MAX_FRAME_BYTES = 25;

  private int due;

  /** A stream's reset frame was due before a change ({@code wasDue}) and is due after it or not. */
  void onChange(boolean wasDue, boolean isDue) {
    if (wasDue != isDue) {
      due += isDue ? 1 : -1;
    }
  }

  /** True while some stream owes its RESET_STREAM. */
  boolean any() {
    return due > 0;
  }

  /**
   * The RESET_STREAM frames that are due and fit, in stream order (the order of {@code streams});
   * returns the bytes added.
   */
  int addFrames(List<StreamSendState> streams, List<Frame> frames, int capacity) {
    if (due == 0) {
      return 0;
    }
    int used = 0;
    for (int i = 0; i < streams.size(); i++) { // indexed: no iterator per packet
      StreamSendState stream = streams.get(i);
      if (stream.resetFrameDue() && used + MAX_FRAME_BYTES <= capacity) {
        Frame.ResetStream reset = stream.takeResetFrame();
        due--;
        frames.add(reset);
        used += reset.sizeBytes();
      }
    }
    return used;
  }
}

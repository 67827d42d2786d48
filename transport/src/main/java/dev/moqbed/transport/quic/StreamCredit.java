package dev.moqbed.transport.quic;

import java.util.List;

/**
 * The credit of the streams of one kind (bidirectional or unidirectional) that the peer opens (RFC
 * 9000 §4.6): the highest stream count we have allowed, how many of its streams have closed, and
 * when a MAX_STREAMS frame should raise the count again.
 *
 * <p>As picoquic and quinn do, the count follows the closed streams: the peer may always have
 * {@code window} streams open, and a new MAX_STREAMS goes once half a window has closed since the
 * last one (every closed stream for a window of one). So the streams we keep state for never exceed
 * the window, whatever the peer does; a stream beyond the count is a STREAM_LIMIT_ERROR.
 *
 * <p>The modelled handshake declares no limits, so in virtual time the credit is not enforced and
 * never sends a frame: the draft's runs go as they did. A real handshake, which declares the window
 * as initial_max_streams_*, turns it on ({@link #enforce}).
 */
final class StreamCredit {
  private final boolean bidirectional;
  private final long window;
  private boolean enforced;

  /** The stream count the peer knows or will know: the initial one, then our last MAX_STREAMS. */
  private long limitSent;

  private long closed;

  /** Our last MAX_STREAMS was lost and nothing newer went: send the count again. */
  private boolean resendDue;

  StreamCredit(boolean bidirectional, long window) {
    this.bidirectional = bidirectional;
    this.window = window;
    this.limitSent = window;
  }

  /** The count was declared to the peer in our transport parameters: from now on it binds. */
  void enforce() {
    enforced = true;
  }

  /** Whether the peer may open the stream of this index (its id divided by 4). */
  boolean allows(long index) {
    return !enforced || index < limitSent;
  }

  /** The stream count the peer was given, for the close's reason and tests. */
  long limit() {
    return limitSent;
  }

  /** One of the peer's streams of this kind is closed in both directions: its credit comes back. */
  void onStreamClosed() {
    closed++;
  }

  long closedStreams() {
    return closed;
  }

  boolean isUpdateDue() {
    return enforced && (resendDue || nextLimit() - limitSent >= Math.max(1, window / 2));
  }

  /**
   * Adds the MAX_STREAMS frame that is due, if any and if it fits in {@code capacity} bytes (9: the
   * type and an 8-byte count at most); returns the bytes used.
   */
  int addUpdate(List<Frame> frames, int capacity) {
    if (!isUpdateDue() || capacity < 9) {
      return 0;
    }
    limitSent = Math.max(limitSent, nextLimit());
    resendDue = false;
    Frame frame = new Frame.MaxStreams(bidirectional, limitSent);
    frames.add(frame);
    return frame.sizeBytes();
  }

  /** A packet with one of our MAX_STREAMS was lost: resend unless a higher count already went. */
  void onUpdateLost(Frame.MaxStreams lost) {
    if (lost.maximum() == limitSent) {
      resendDue = true;
    }
  }

  private long nextLimit() {
    return Math.min(ConnectionConfig.MAX_STREAM_COUNT, closed + window);
  }
}

package dev.moqbed.transport.quic;

import java.util.List;

/**
 * The STREAMS_BLOCKED frames due (RFC 9000 §4.6, §19.14): when the peer's stream count stops us
 * opening a stream, we say so once per count, bidirectional and unidirectional apart.
 */
final class StreamsBlockedReports {
  /** Encoded size of the largest STREAMS_BLOCKED frame we send (type and an 8-byte count). */
  private static final int MAX_FRAME_BYTES = 9;

  /** The count a frame is due for, per kind (0 bidi, 1 uni); -1 when none is due. */
  private final long[] due = {-1, -1};

  /** The count of the last frame sent, per kind, so that each count is reported once. */
  private final long[] sent = {-1, -1};

  /** We are blocked by the peer's count {@code limit} of this kind of stream. */
  void onBlocked(boolean bidirectional, long limit) {
    int kind = bidirectional ? 0 : 1;
    if (limit != Long.MAX_VALUE && sent[kind] != limit) {
      due[kind] = limit;
    }
  }

  boolean anyDue() {
    return due[0] >= 0 || due[1] >= 0;
  }

  /** Adds the frames due that fit in {@code capacity} bytes; returns the bytes used. */
  int addFrames(List<Frame> frames, int capacity) {
    int used = 0;
    for (int kind = 0; kind < 2; kind++) {
      if (due[kind] >= 0 && MAX_FRAME_BYTES <= capacity - used) {
        Frame frame = new Frame.StreamsBlocked(kind == 0, due[kind]);
        frames.add(frame);
        used += frame.sizeBytes();
        sent[kind] = due[kind];
        due[kind] = -1;
      }
    }
    return used;
  }
}

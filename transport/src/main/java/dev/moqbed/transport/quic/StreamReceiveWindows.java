package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.FlowControlWindow;
import java.util.List;
import java.util.TreeMap;

/**
 * The receive window of each of the peer's streams, in stream id order, and the MAX_STREAM_DATA
 * updates they are due. Part of {@link StreamTable}.
 *
 * <p>Every packet built asks whether an update is due, so the windows are walked by key ({@code
 * firstKey}, {@code higherKey}: the map's own key objects come back) rather than through an
 * iterator, which would be one allocation per packet.
 */
final class StreamReceiveWindows {
  private final TreeMap<Long, FlowControlWindow> windows = new TreeMap<>();

  /** The stream's window, null if it has none (a send-only stream, or one already forgotten). */
  FlowControlWindow get(long streamId) {
    return windows.get(streamId);
  }

  void put(long streamId, FlowControlWindow window) {
    windows.put(streamId, window);
  }

  void remove(long streamId) {
    windows.remove(streamId);
  }

  boolean anyUpdateDue() {
    for (Long id = firstStreamId(); id != null; id = windows.higherKey(id)) {
      if (windows.get(id).isUpdateDue()) {
        return true;
      }
    }
    return false;
  }

  /** MAX_STREAM_DATA frames that are due and fit, in stream id order; returns the bytes added. */
  int addUpdates(List<Frame> frames, int capacity, long minRttMicros) {
    int used = 0;
    for (Long id = firstStreamId(); id != null; id = windows.higherKey(id)) {
      FlowControlWindow window = windows.get(id);
      if (window.isUpdateDue()) {
        long limit = window.nextLimitBytes(minRttMicros);
        Frame frame = new Frame.MaxStreamData(id, limit);
        if (frame.sizeBytes() <= capacity - used) {
          window.onLimitSent(limit);
          frames.add(frame);
          used += frame.sizeBytes();
        }
      }
    }
    return used;
  }

  private Long firstStreamId() {
    return windows.isEmpty() ? null : windows.firstKey();
  }
}

package dev.moqbed.transport.quic;

import java.util.Map;
import java.util.TreeSet;

/**
 * The receive streams the application paused, and the bytes they hold: received but not delivered,
 * which count as not received for the connection's window, so MAX_DATA does not grow for them.
 */
final class PausedReceiveStreams {
  /** In id order, so sums repeat exactly. */
  private final TreeSet<Long> ids = new TreeSet<>();

  void add(long streamId) {
    ids.add(streamId);
  }

  void remove(long streamId) {
    ids.remove(streamId);
  }

  /** Bytes received on paused streams beyond what they delivered. */
  long heldBytes(Map<Long, StreamReceiveState> receiveStreams) {
    long held = 0;
    for (long id : ids) {
      StreamReceiveState stream = receiveStreams.get(id);
      if (stream != null) {
        held += stream.highestReceivedOffset() - stream.deliveredOffset();
      }
    }
    return held;
  }
}

package dev.moqbed.subscriber;

import dev.moqbed.media.FrameKind;
import java.util.List;

/**
 * One frame as the subscriber received it.
 *
 * @param captureMicros the capture time the publisher stamped (publisher clock)
 * @param arrivalMicros when the whole object had arrived (subscriber clock, minus the clock offset)
 * @param latencyMicros arrival minus capture
 * @param relayArrivalsMicros the arrival times the relays on the path stamped, first relay first
 *     (each on its relay's clock); empty when no relay stamped the object
 */
public record FrameRecord(
    String track,
    long groupId,
    long objectId,
    FrameKind kind,
    int sizeBytes,
    long captureMicros,
    long arrivalMicros,
    long latencyMicros,
    List<Long> relayArrivalsMicros) {
  public FrameRecord {
    relayArrivalsMicros = List.copyOf(relayArrivalsMicros);
  }

  /** The last relay's arrival stamp, or -1 when no relay stamped the object. */
  public long lastRelayArrivalMicros() {
    return relayArrivalsMicros.isEmpty()
        ? -1
        : relayArrivalsMicros.get(relayArrivalsMicros.size() - 1);
  }
}

package dev.moqbed.subscriber;

import dev.moqbed.media.FrameKind;

/**
 * One frame as the subscriber received it.
 *
 * @param captureMicros the capture time the publisher stamped (publisher clock)
 * @param arrivalMicros when the whole object had arrived (subscriber clock, minus the clock offset)
 * @param latencyMicros arrival minus capture
 */
public record FrameRecord(
    String track,
    long groupId,
    long objectId,
    FrameKind kind,
    int sizeBytes,
    long captureMicros,
    long arrivalMicros,
    long latencyMicros) {}

package dev.moqbed.subscriber;

/**
 * Frames of one track that never arrived because the session to the relay was lost: from the last
 * frame before the loss to the first after the reconnect (which starts a new group).
 *
 * @param track the track
 * @param lastGroup group of the last frame before the loss
 * @param lastObject object id of that frame
 * @param resumedGroup group of the first frame after the reconnect
 * @param framesLost frames in between: the groups missed whole times the group size seen so far,
 *     plus the rest of {@code lastGroup} (the report's {@link TrackReport#framesLostInGaps()}
 *     counts with the group size of the whole run)
 * @param disconnectedMicros when the loss was noticed, on the subscriber's clock
 * @param resumedMicros when the first frame after it arrived
 */
public record GapRecord(
    String track,
    long lastGroup,
    long lastObject,
    long resumedGroup,
    long framesLost,
    long disconnectedMicros,
    long resumedMicros) {}

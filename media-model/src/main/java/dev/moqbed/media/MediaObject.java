package dev.moqbed.media;

/**
 * One MoQ object: a media frame with its place in the track (group, subgroup, object id), the
 * publisher's priority (lower number = more important, as in MoQT and quicperf), its size and when
 * it was captured.
 *
 * @param captureTimeMicros when the frame was captured, on the publisher's clock; latency is
 *     measured from here
 * @param endOfGroup true for the last object of its group
 */
public record MediaObject(
    TrackName track,
    long groupId,
    long subgroupId,
    long objectId,
    int publisherPriority,
    int sizeBytes,
    long captureTimeMicros,
    FrameKind kind,
    boolean endOfGroup) {

  /** True for an I frame: the object a subscriber can start decoding a group from. */
  public boolean isKeyframe() {
    return kind == FrameKind.I;
  }
}

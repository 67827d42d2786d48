package dev.moqbed.media.source;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaTransport;

/**
 * The objects of one quicperf {@link MediaFlow}, at the times the reference schedules them.
 *
 * <p>Stream flows: group {@code g} starts at {@code start + g * (groupSize * 1e6 / fps)} and frame
 * {@code k} of the group at the group start {@code + k * 1e6 / fps} (integer microseconds, each
 * term rounded down as quicperf does); frame 0 of each group is the I frame. One object per frame:
 * group id = group, object id = index in the group.
 *
 * <p>Datagram flows (audio): frame {@code n} at {@code start + n * 1e6 / fps}; each frame is its
 * own group (object id 0), as audio frames decode independently.
 */
public final class FlowSource implements MediaSource {
  private final MediaFlow flow;
  private final TrackName track;
  private final long startMicros;
  private final long groupDurationMicros;
  private long nextFrame;

  public FlowSource(MediaFlow flow, TrackName track, long startMicros) {
    this.flow = flow;
    this.track = track;
    this.startMicros = startMicros;
    this.groupDurationMicros = flow.framesPerGroup() * 1_000_000L / flow.framesPerSecond();
  }

  @Override
  public TrackName track() {
    return track;
  }

  public MediaFlow flow() {
    return flow;
  }

  @Override
  public long nextCaptureTimeMicros() {
    return nextFrame < flow.frameCount() ? captureTimeOf(nextFrame) : Long.MAX_VALUE;
  }

  @Override
  public MediaObject capture() {
    if (nextFrame >= flow.frameCount()) {
      throw new IllegalStateException("flow " + flow.id() + " has sent all its frames");
    }
    long frame = nextFrame++;
    long captureTime = captureTimeOf(frame);
    if (flow.transport() == MediaTransport.DATAGRAM) {
      return new MediaObject(
          track,
          frame,
          0,
          0,
          flow.priority(),
          flow.frameSizeBytes(),
          captureTime,
          FrameKind.AUDIO,
          true);
    }
    long perGroup = flow.framesPerGroup();
    long group = frame / perGroup;
    long index = frame % perGroup;
    boolean keyframe = index == 0;
    return new MediaObject(
        track,
        group,
        0,
        index,
        flow.priority(),
        (int) (keyframe ? flow.keyframeSizeBytes() : flow.frameSizeBytes()),
        captureTime,
        keyframe ? FrameKind.I : FrameKind.P,
        index == perGroup - 1 || frame == flow.frameCount() - 1);
  }

  private long captureTimeOf(long frame) {
    if (flow.transport() == MediaTransport.DATAGRAM) {
      return startMicros + frame * 1_000_000L / flow.framesPerSecond();
    }
    long perGroup = flow.framesPerGroup();
    return startMicros
        + (frame / perGroup) * groupDurationMicros
        + (frame % perGroup) * 1_000_000L / flow.framesPerSecond();
  }
}

package dev.moqbed.media.spec;

/**
 * A media flow of quicperf: {@code frameCount} frames at {@code framesPerSecond}, on streams (one
 * per group of {@code groupSize} frames, the first of each group {@code firstFrameSizeBytes}) or on
 * datagrams.
 *
 * @param priority the stream or datagram priority, 0 when the text left it to the default
 * @param clientMedia true for quicperf's {@code C} (client sends), which the reference parses but
 *     does not run
 * @param groupSize frames per group; 0 means the whole flow is one group
 * @param firstFrameSizeBytes size of the first frame of each group; 0 means {@code frameSizeBytes}
 * @param resetDelayMicros quicperf's {@code D}: the receiver abandons a group whose frame is later
 *     than this (plus one frame interval); 0 disables it. Microseconds, as the reference code uses
 *     it (its documentation says milliseconds).
 */
public record MediaFlow(
    String id,
    String previousId,
    long repeatCount,
    MediaTransport transport,
    int framesPerSecond,
    int priority,
    boolean clientMedia,
    long frameCount,
    int frameSizeBytes,
    long groupSize,
    long firstFrameSizeBytes,
    long resetDelayMicros)
    implements MediaItem {

  /** Frames per group, the whole flow when the text gave no group size. */
  public long framesPerGroup() {
    return groupSize == 0 || transport == MediaTransport.DATAGRAM ? frameCount : groupSize;
  }

  /** How many groups (streams) the flow opens; datagram flows count as one. */
  public long groupCount() {
    long perGroup = framesPerGroup();
    return perGroup == 0 ? 0 : (frameCount + perGroup - 1) / perGroup;
  }

  /** The size of the first frame of a group: the I frame. */
  public long keyframeSizeBytes() {
    return transport == MediaTransport.STREAM && firstFrameSizeBytes > 0
        ? firstFrameSizeBytes
        : frameSizeBytes;
  }

  /** Bytes of all frames of all groups (one copy; multiply by {@link #repeatCount()}). */
  public long totalBytes() {
    long groups = groupCount();
    return groups * keyframeSizeBytes() + (frameCount - groups) * frameSizeBytes;
  }

  /** How long the flow lasts from its first frame to one interval after its last. */
  public long durationMicros() {
    return framesPerSecond == 0 ? 0 : frameCount * 1_000_000L / framesPerSecond;
  }

  /** The mean bit rate over the flow's duration (one copy). */
  public double meanBitsPerSecond() {
    long duration = durationMicros();
    return duration == 0 ? 0 : totalBytes() * 8e6 / duration;
  }

  /** One frame interval, rounded down as the reference does. */
  public long frameIntervalMicros() {
    return framesPerSecond == 0 ? 0 : 1_000_000L / framesPerSecond;
  }
}

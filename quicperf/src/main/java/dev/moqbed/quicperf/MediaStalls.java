package dev.moqbed.quicperf;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaItem;
import dev.moqbed.media.spec.MediaSpec;
import java.util.List;

/**
 * How many frames of a run a viewer would have seen stall: frames of the checked flows (the media
 * flows not in {@code media_excluded}, as {@link MediaCheck} chooses them) that came later than a
 * playout deadline, or never came. Not a metric of the draft: the fairness scenarios count it (seed
 * 004 judged a bulk flow by whether the video beside it stalled).
 *
 * <p>Which frames count, as the draft's statistics choose them: stream frames expected at or after
 * {@code media_stats_start}, and every datagram (quicperf never filters datagrams by that start). A
 * frame is a stall when its last byte arrived more than {@code deadlineMicros} after it was
 * expected, when its group was abandoned (it never arrived), or when it is missing from the log: a
 * lost audio datagram, or, in a run the time limit cut short, a frame never received. Missing
 * frames are counted from the flow's frame count and copies; their expected time is not known, so
 * the {@code media_stats_start} filter cannot apply to them (it only matters for a truncated run,
 * and then by at most the frames of the first {@code media_stats_start}).
 */
public final class MediaStalls {
  /** The playout deadline of the fairness scenarios: a frame later than this stalls the player. */
  public static final long DEFAULT_DEADLINE_MICROS = 400_000;

  private MediaStalls() {}

  /**
   * The stalls of one run.
   *
   * @param spec the main connection's scenario text, whose item indexes the log uses
   * @param frames the client's frame log
   * @param mediaExcluded the spec's {@code media_excluded} list (comma separated)
   * @param statsStartMicros {@code media_stats_start}
   * @param deadlineMicros a frame arriving later than this after its expected time stalls
   */
  public static long count(
      MediaSpec spec,
      FrameLog frames,
      String mediaExcluded,
      long statsStartMicros,
      long deadlineMicros) {
    List<MediaItem> items = spec.items();
    long[] logged = new long[items.size()];
    long stalls = 0;
    for (int i = 0; i < frames.size(); i++) {
      int item = frames.itemIndex(i);
      logged[item]++;
      if (!checked(items.get(item), mediaExcluded)) {
        continue;
      }
      boolean datagram = frames.kind(i) == FrameKind.AUDIO;
      if (!datagram && frames.expectedMicros(i) < statsStartMicros) {
        continue;
      }
      if (frames.arrivalMicros(i) < 0 || frames.latencyMicros(i) > deadlineMicros) {
        stalls++;
      }
    }
    for (int item = 0; item < items.size(); item++) {
      if (checked(items.get(item), mediaExcluded)) {
        MediaFlow flow = (MediaFlow) items.get(item);
        stalls += Math.max(0, flow.frameCount() * flow.repeatCount() - logged[item]);
      }
    }
    return stalls;
  }

  private static boolean checked(MediaItem item, String mediaExcluded) {
    return item instanceof MediaFlow && !MediaCheck.isExcluded(mediaExcluded, item.id());
  }
}

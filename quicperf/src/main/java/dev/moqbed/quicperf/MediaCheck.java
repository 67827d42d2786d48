package dev.moqbed.quicperf;

import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaItem;
import dev.moqbed.media.spec.MediaSpec;
import java.util.List;

/**
 * The simulator's media verdict for one run ({@code picoquic_ns_media_check} in picoquic's {@code
 * picohttp/picoquic_ns.c}).
 *
 * <p>Checked descriptions: the media flows (batch items are ignored) whose id is not in {@code
 * media_excluded}. In order, for each: fail if it received no frame, or its average latency is
 * above the average limit, or its maximum above the max limit (a limit of 0 is no limit). As in the
 * reference, the check stops at the first failure, so the reported values then only cover the
 * descriptions up to that one.
 *
 * @param passed no checked description failed
 * @param avLatencyMicros the largest average latency among checked descriptions (truncated)
 * @param maxLatencyMicros the largest maximum latency among checked descriptions
 * @param failure why it failed, empty when it passed
 */
public record MediaCheck(
    boolean passed, long avLatencyMicros, long maxLatencyMicros, String failure) {

  /**
   * @param stats the latency statistics per item of {@code spec}, in order
   * @param mediaExcluded comma-separated ids; spaces and tabs before an id are skipped, the rest
   *     must match exactly
   */
  public static MediaCheck evaluate(
      MediaSpec spec,
      List<LatencyStats> stats,
      String mediaExcluded,
      long averageLimitMicros,
      long maxLimitMicros) {
    List<MediaItem> items = spec.items();
    long av = 0;
    long max = 0;
    for (int i = 0; i < items.size(); i++) {
      MediaItem item = items.get(i);
      if (!(item instanceof MediaFlow) || isExcluded(mediaExcluded, item.id())) {
        continue;
      }
      LatencyStats stat = stats.get(i);
      if (stat.count() == 0) {
        return new MediaCheck(false, av, max, "no frame received for '" + item.id() + "'");
      }
      double average = stat.averageMicros();
      av = Math.max(av, (long) average);
      max = Math.max(max, stat.maxMicros());
      if (averageLimitMicros > 0 && average > averageLimitMicros) {
        return new MediaCheck(
            false,
            av,
            max,
            String.format(
                "'%s' average latency %.0f us above %d us",
                item.id(), average, averageLimitMicros));
      }
      if (maxLimitMicros > 0 && stat.maxMicros() > maxLimitMicros) {
        return new MediaCheck(
            false,
            av,
            max,
            "'" + item.id() + "' max latency " + stat.maxMicros() + " us above " + maxLimitMicros);
      }
    }
    return new MediaCheck(true, av, max, "");
  }

  /** picoquic_ns_media_excluded: is {@code id} one of the comma-separated ids? */
  public static boolean isExcluded(String mediaExcluded, String id) {
    if (mediaExcluded == null) {
      return false;
    }
    int at = 0;
    int length = mediaExcluded.length();
    while (at < length) {
      while (at < length && (mediaExcluded.charAt(at) == ' ' || mediaExcluded.charAt(at) == '\t')) {
        at++;
      }
      int end = mediaExcluded.indexOf(',', at);
      if (end < 0) {
        end = length;
      }
      if (mediaExcluded.substring(at, end).equals(id)) {
        return true;
      }
      at = end < length ? end + 1 : end;
    }
    return false;
  }
}

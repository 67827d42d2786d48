package dev.moqbed.live.interval;

import dev.moqbed.session.transport.PathStats;
import java.util.List;

/**
 * The relay's paths to its subscribers at the end of one interval, aggregated over the sessions:
 * what the congestion controller under test made of them.
 *
 * @param sessions subscriber sessions with path statistics
 * @param congestionWindowBytes their mean congestion window
 * @param smoothedRttMicros their mean smoothed RTT
 * @param deliveryRateBytesPerSecond their mean delivery rate
 * @param queuedBytes bytes waiting in the relay's queues for all of them
 */
public record PathInterval(
    int sessions,
    long congestionWindowBytes,
    long smoothedRttMicros,
    long deliveryRateBytesPerSecond,
    long queuedBytes) {

  /** No subscriber session. */
  public static final PathInterval NONE = new PathInterval(0, 0, 0, 0, 0);

  /** One session's path and queue, as the relay sees it at one instant. */
  public record SessionSample(PathStats path, long queuedBytes) {}

  /**
   * The mean path of the sessions whose statistics are known, and the queue of all of them. Means,
   * not sums, so that 3 and 300 subscribers give comparable columns.
   */
  public static PathInterval of(List<SessionSample> samples) {
    int known = 0;
    long cwnd = 0;
    long rtt = 0;
    long rate = 0;
    long queued = 0;
    for (SessionSample sample : samples) {
      queued += sample.queuedBytes();
      PathStats path = sample.path();
      if (path.smoothedRttMicros() >= 0) {
        known++;
        cwnd += Math.max(0, path.congestionWindowBytes());
        rtt += path.smoothedRttMicros();
        rate += Math.max(0, path.deliveryRateBytesPerSecond());
      }
    }
    if (known == 0) {
      return new PathInterval(0, 0, 0, 0, queued);
    }
    return new PathInterval(known, cwnd / known, rtt / known, rate / known, queued);
  }
}

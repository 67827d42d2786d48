package dev.moqbed.live.interval;

import dev.moqbed.session.transport.PathStats;
import java.util.List;

/**
 * The relay's paths to its subscribers over one interval, aggregated over the sessions: what the
 * congestion controller under test made of them, and what the relay measurably sent.
 *
 * @param sessions subscriber sessions with path statistics
 * @param congestionWindowBytes their mean congestion window
 * @param smoothedRttMicros their mean smoothed RTT
 * @param deliveryRateBytesPerSecond their mean delivery rate, as the controller estimates it (an
 *     app-limited source keeps it low whatever the relay forwards)
 * @param queuedBytes bytes waiting in the relay's queues for all of them
 * @param sentBytes bytes the relay's connections sent to each of them during the interval, the mean
 *     over the sessions whose transport counts them (QUIC packets: headers and retransmissions
 *     included), measured from the transport's counters
 */
public record PathInterval(
    int sessions,
    long congestionWindowBytes,
    long smoothedRttMicros,
    long deliveryRateBytesPerSecond,
    long queuedBytes,
    long sentBytes) {

  /** No subscriber session. */
  public static final PathInterval NONE = new PathInterval(0, 0, 0, 0, 0, 0);

  /**
   * One session's path and queue, as the relay sees it at one instant.
   *
   * @param sentBytes bytes sent to it since the previous sample (or since it opened), -1 when the
   *     transport does not count them
   */
  public record SessionSample(PathStats path, long queuedBytes, long sentBytes) {}

  /**
   * The mean path of the sessions whose statistics are known, the queue of all of them, and the
   * mean bytes sent to those whose bytes are counted. Means, not sums, so that 3 and 300
   * subscribers give comparable columns, and the measured rate stands beside the estimate.
   */
  public static PathInterval of(List<SessionSample> samples) {
    int known = 0;
    long cwnd = 0;
    long rtt = 0;
    long rate = 0;
    long queued = 0;
    long sent = 0;
    int counted = 0;
    for (SessionSample sample : samples) {
      queued += sample.queuedBytes();
      if (sample.sentBytes() >= 0) {
        counted++;
        sent += sample.sentBytes();
      }
      PathStats path = sample.path();
      if (path.smoothedRttMicros() >= 0) {
        known++;
        cwnd += Math.max(0, path.congestionWindowBytes());
        rtt += path.smoothedRttMicros();
        rate += Math.max(0, path.deliveryRateBytesPerSecond());
      }
    }
    long sentPerSession = counted == 0 ? 0 : sent / counted;
    if (known == 0) {
      return new PathInterval(0, 0, 0, 0, queued, sentPerSession);
    }
    return new PathInterval(known, cwnd / known, rtt / known, rate / known, queued, sentPerSession);
  }
}

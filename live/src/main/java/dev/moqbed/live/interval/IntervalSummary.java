package dev.moqbed.live.interval;

import java.util.List;

/** The whole run from its intervals, as iperf3's last line: every count is their sum. */
public final class IntervalSummary {
  private IntervalSummary() {}

  /**
   * The intervals as one: counts added, latency over every frame of the run, and the relay's paths
   * as their mean over the intervals that had subscribers (null when none had), except the bytes
   * sent to a subscriber, which add up over every interval. Null for no interval.
   */
  public static IntervalSnapshot of(List<IntervalSnapshot> intervals) {
    IntervalSnapshot total = null;
    for (IntervalSnapshot interval : intervals) {
      total = total == null ? interval : total.plus(interval);
    }
    if (total == null) {
      return null;
    }
    return new IntervalSnapshot(
        total.fromMicros(), total.toMicros(), total.tracks(), meanPath(intervals));
  }

  private static PathInterval meanPath(List<IntervalSnapshot> intervals) {
    int counted = 0;
    long sessions = 0;
    long cwnd = 0;
    long rtt = 0;
    long rate = 0;
    long queued = 0;
    long sent = 0;
    boolean anyPath = false;
    for (IntervalSnapshot interval : intervals) {
      PathInterval path = interval.path();
      anyPath |= path != null;
      if (path != null) {
        sent += path.sentBytes();
      }
      if (path != null && path.sessions() > 0) {
        counted++;
        sessions += path.sessions();
        cwnd += path.congestionWindowBytes();
        rtt += path.smoothedRttMicros();
        rate += path.deliveryRateBytesPerSecond();
        queued += path.queuedBytes();
      }
    }
    if (counted == 0) {
      return anyPath ? new PathInterval(0, 0, 0, 0, 0, sent) : null;
    }
    return new PathInterval(
        (int) Math.round((double) sessions / counted),
        cwnd / counted,
        rtt / counted,
        rate / counted,
        queued / counted,
        sent);
  }
}

package dev.moqbed.subscriber;

import java.util.List;

/**
 * A subscriber's results.
 *
 * @param tracks one report per subscribed track, in subscription order
 * @param completed true when every track ended with PUBLISH_DONE (false: the session closed first)
 * @param endReason why the subscriber stopped, for logs
 */
public record SubscriberReport(List<TrackReport> tracks, boolean completed, String endReason) {
  public SubscriberReport {
    tracks = List.copyOf(tracks);
  }

  /** The report of {@code track}, or null. */
  public TrackReport track(String track) {
    for (TrackReport report : tracks) {
      if (report.track().equals(track)) {
        return report;
      }
    }
    return null;
  }

  /** True when there were tracks and the relay refused every subscription. */
  public boolean everySubscriptionRefused() {
    return !tracks.isEmpty() && tracks.stream().allMatch(track -> track.refusal() != null);
  }
}

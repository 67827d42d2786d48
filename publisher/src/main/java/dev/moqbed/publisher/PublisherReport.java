package dev.moqbed.publisher;

import java.util.List;

/** Per track, what the publisher sent. */
public record PublisherReport(List<TrackSent> tracks) {

  /**
   * @param track the track name
   * @param objectsSent objects handed to at least one subscription
   * @param bytesSent payload bytes of those objects (once, whatever the number of subscriptions)
   * @param streamsOpened subgroup streams opened, over all subscriptions
   * @param stopSendingReceived STOP_SENDING received, over all subscriptions
   */
  public record TrackSent(
      String track,
      long objectsSent,
      long bytesSent,
      long streamsOpened,
      long stopSendingReceived) {}

  public PublisherReport {
    tracks = List.copyOf(tracks);
  }

  /** The objects sent on {@code track}, 0 for an unknown track. */
  public long objectsSent(String track) {
    return tracks.stream()
        .filter(t -> t.track().equals(track))
        .mapToLong(TrackSent::objectsSent)
        .sum();
  }
}

package dev.moqbed.subscriber;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a subscriber subscribes to and how it judges lateness.
 *
 * @param namespace the namespace of the tracks
 * @param tracks the track names to subscribe to
 * @param lateMicros a frame of a droppable track whose latency exceeds this makes the subscriber
 *     stop its group stream (STOP_SENDING); 0 = never
 * @param droppableTracks the tracks that may be stopped (the upper simulcast layer)
 * @param clockOffsetMicros how far this subscriber's clock is ahead of the publisher's; subtracted
 *     from every arrival time (0 on one host)
 * @param graceMicros after PUBLISH_DONE, how long to wait for the streams it announced
 * @param latencyHistograms whether each track's report keeps latency histograms (per kind and per
 *     hop); without, it counts frames only (the fan-out swarm keeps its own per group)
 */
public record SubscriberConfig(
    String namespace,
    List<String> tracks,
    long lateMicros,
    Set<String> droppableTracks,
    long clockOffsetMicros,
    long graceMicros,
    boolean latencyHistograms) {
  /** A subscriber whose reports keep latency histograms. */
  public SubscriberConfig(
      String namespace,
      List<String> tracks,
      long lateMicros,
      Set<String> droppableTracks,
      long clockOffsetMicros,
      long graceMicros) {
    this(namespace, tracks, lateMicros, droppableTracks, clockOffsetMicros, graceMicros, true);
  }

  public SubscriberConfig {
    Objects.requireNonNull(namespace, "namespace");
    tracks = List.copyOf(tracks);
    droppableTracks = Set.copyOf(droppableTracks);
    if (tracks.isEmpty()) {
      throw new IllegalArgumentException("no track to subscribe to");
    }
    if (lateMicros < 0 || graceMicros < 0) {
      throw new IllegalArgumentException("negative deadline or grace time");
    }
  }
}

package dev.moqbed.media.moqt;

import java.util.Objects;

/**
 * SUBSCRIBE: ask for a track's new objects.
 *
 * @param subscriberPriority 0 (most urgent) to 255
 * @param forward false to set the subscription up without objects flowing yet
 */
public record Subscribe(
    long requestId,
    TrackNamespace namespace,
    ByteString trackName,
    int subscriberPriority,
    GroupOrder groupOrder,
    boolean forward,
    SubscribeFilter filter,
    KeyValuePairs parameters)
    implements ControlMessage {
  public Subscribe {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(trackName, "trackName");
    Objects.requireNonNull(groupOrder, "groupOrder");
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(parameters, "parameters");
    Priorities.require(subscriberPriority, "subscriberPriority");
  }
}

package dev.moqbed.media.moqt;

import java.util.Objects;

/**
 * SUBSCRIBE_OK: the subscription is accepted; objects will carry {@code trackAlias}.
 *
 * @param expiresMillis after how long the subscription ends; 0 = no known expiry
 * @param groupOrder the order actually used: ascending or descending, never the default
 * @param largestLocation the largest object published so far, or null when the track has none
 */
public record SubscribeOk(
    long requestId,
    long trackAlias,
    long expiresMillis,
    GroupOrder groupOrder,
    Location largestLocation,
    KeyValuePairs parameters)
    implements ControlMessage {
  public SubscribeOk {
    Objects.requireNonNull(groupOrder, "groupOrder");
    if (groupOrder == GroupOrder.PUBLISHER_DEFAULT) {
      throw new IllegalArgumentException("SUBSCRIBE_OK needs an explicit group order");
    }
    Objects.requireNonNull(parameters, "parameters");
  }

  /** True when the track has published at least one object (the Content Exists field). */
  public boolean contentExists() {
    return largestLocation != null;
  }
}

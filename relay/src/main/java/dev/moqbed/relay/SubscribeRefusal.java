package dev.moqbed.relay;

/** Why the relay answered a SUBSCRIBE with SUBSCRIBE_ERROR. */
public enum SubscribeRefusal {
  /** No session publishes the namespace. */
  NO_PUBLISHER("no_publisher"),
  /** The publisher refused the track, or ended it before answering. */
  UPSTREAM_ERROR("upstream_error"),
  /** The session already holds {@link RelayConfig#maxSubscriptionsPerSession()}. */
  TOO_MANY_SUBSCRIPTIONS("too_many_subscriptions");

  private final String label;

  SubscribeRefusal(String label) {
    this.label = label;
  }

  /** The name in metrics and logs. */
  public String label() {
    return label;
  }
}

package dev.moqbed.relay;

import dev.moqbed.relay.auth.AuthRefusal;

/**
 * What the relay reports as it works, for metrics: sessions and subscriptions coming and going or
 * refused, and per track (through {@link TrackObserver}) objects forwarded, groups dropped and
 * STOP_SENDING received. Called on the relay's scheduler thread. Levels (queue depths, open
 * streams, path statistics) are not pushed: read them with {@link Relay#sessionSnapshots()} when
 * needed.
 */
public interface RelayObserver {
  /** Observes nothing. */
  RelayObserver NONE = new RelayObserver() {};

  /** A session finished its setup. */
  default void onSessionOpened(String peer) {}

  /** A session that had opened ended. */
  default void onSessionClosed(String peer) {}

  /** A session was refused: the relay already held {@link RelayConfig#maxSessions()}. */
  default void onSessionRefused(String peer) {}

  /**
   * A session was closed for the incomplete objects it held (INTERNAL_ERROR).
   *
   * @param cap {@code session} ({@link RelayConfig#maxReceiveBufferPerSession()}) or {@code total}
   *     ({@link RelayConfig#maxReceiveBufferTotal()}, the largest holder closed)
   */
  default void onReceiveCapExceeded(String cap) {}

  /**
   * A subgroup stream that arrived ahead of the SUBSCRIBE_OK naming its track was stopped at its
   * deadline ({@link dev.moqbed.session.EarlySubgroups}): the group it carried is lost.
   */
  default void onEarlySubgroupExpired() {}

  /** A subscription was accepted or queued for its track's upstream answer. */
  default void onSubscriptionOpened(String track) {}

  /** A subscription ended (unsubscribed, done, or its session closed). */
  default void onSubscriptionClosed(String track) {}

  /** A SUBSCRIBE was answered with SUBSCRIBE_ERROR. */
  default void onSubscriptionRefused(SubscribeRefusal reason) {}

  /**
   * A request was refused for its authorization ({@link RelayConfig#authKey()}).
   *
   * @param request {@code publish_namespace} or {@code subscribe}
   */
  default void onUnauthorized(String request, AuthRefusal reason) {}

  /**
   * The observer for one track (its full name, {@code namespace/name}), asked once when the relay
   * creates the track; the same name may come again after the track ended.
   */
  default TrackObserver track(String track) {
    return TrackObserver.NONE;
  }
}

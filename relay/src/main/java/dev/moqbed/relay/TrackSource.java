package dev.moqbed.relay;

/**
 * Where the relay subscribes for a track: a session that publishes it or an upstream relay's
 * session ({@link UpstreamSide}), or, on a relay of several event loops, the loop that holds the
 * track's namespace ({@link LoopSource}). The subscriptions of a {@link RelayTrack} never know
 * which.
 */
interface TrackSource {
  /**
   * Subscribes to a track for the relay's subscribers (the first of them asked for it): the new
   * track is pending until the source answers.
   */
  RelayTrack subscribe(TrackKey key, int subscriberPriority);

  /** The track's last subscriber left: the relay's subscription to the source goes too. */
  void unsubscribe(RelayTrack track);

  /** True once the source can no longer be subscribed to or unsubscribed from. */
  boolean isClosed();
}

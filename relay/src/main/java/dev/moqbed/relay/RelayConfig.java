package dev.moqbed.relay;

/**
 * Relay settings.
 *
 * @param maxQueuedBytesPerSubscriber bytes a subscriber's queue may hold (objects not yet handed to
 *     its connection); beyond it the oldest group of its least urgent track is dropped
 * @param publishDoneGraceMicros how long to wait, after a publisher's PUBLISH_DONE, for the streams
 *     it announced before telling subscribers the track is done
 * @param maxSessions sessions the relay holds at once; one more is closed after its setup with
 *     INTERNAL_ERROR
 * @param maxSubscriptionsPerSession subscriptions one session may hold; one more SUBSCRIBE gets
 *     SUBSCRIBE_ERROR
 */
public record RelayConfig(
    long maxQueuedBytesPerSubscriber,
    long publishDoneGraceMicros,
    int maxSessions,
    int maxSubscriptionsPerSession) {
  /** 1 MiB queued per subscriber: about 4 s of the draft mix's vmid layer. */
  public static final long DEFAULT_MAX_QUEUED_BYTES = 1 << 20;

  /** 1,000 sessions: with full queues, 1 GiB of heap. */
  public static final int DEFAULT_MAX_SESSIONS = 1_000;

  /** 100 subscriptions per session: the draft's media mix has 3 tracks. */
  public static final int DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION = 100;

  /** 1 MiB per subscriber, 2 s of grace, 1,000 sessions of at most 100 subscriptions. */
  public static final RelayConfig DEFAULT =
      new RelayConfig(
          DEFAULT_MAX_QUEUED_BYTES,
          2_000_000,
          DEFAULT_MAX_SESSIONS,
          DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION);

  public RelayConfig {
    if (maxQueuedBytesPerSubscriber <= 0 || publishDoneGraceMicros < 0) {
      throw new IllegalArgumentException("queue limit must be positive, grace not negative");
    }
    if (maxSessions < 1 || maxSubscriptionsPerSession < 1) {
      throw new IllegalArgumentException("session and subscription limits must be at least 1");
    }
  }

  /** The default limits with this queue limit and grace. */
  public RelayConfig(long maxQueuedBytesPerSubscriber, long publishDoneGraceMicros) {
    this(
        maxQueuedBytesPerSubscriber,
        publishDoneGraceMicros,
        DEFAULT_MAX_SESSIONS,
        DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION);
  }

  public RelayConfig withMaxQueuedBytesPerSubscriber(long bytes) {
    return new RelayConfig(bytes, publishDoneGraceMicros, maxSessions, maxSubscriptionsPerSession);
  }

  public RelayConfig withMaxSessions(int sessions) {
    return new RelayConfig(
        maxQueuedBytesPerSubscriber, publishDoneGraceMicros, sessions, maxSubscriptionsPerSession);
  }

  public RelayConfig withMaxSubscriptionsPerSession(int subscriptions) {
    return new RelayConfig(
        maxQueuedBytesPerSubscriber, publishDoneGraceMicros, maxSessions, subscriptions);
  }
}

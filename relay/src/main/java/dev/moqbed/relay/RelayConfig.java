package dev.moqbed.relay;

/**
 * Relay settings.
 *
 * @param maxQueuedBytesPerSubscriber bytes a subscriber's queue may hold (objects not yet handed to
 *     its connection); beyond it the oldest group of its least urgent track is dropped
 * @param publishDoneGraceMicros how long to wait, after a publisher's PUBLISH_DONE, for the streams
 *     it announced before telling subscribers the track is done
 */
public record RelayConfig(long maxQueuedBytesPerSubscriber, long publishDoneGraceMicros) {
  /** 1 MiB per subscriber, 2 s of grace. */
  public static final RelayConfig DEFAULT = new RelayConfig(1 << 20, 2_000_000);

  public RelayConfig {
    if (maxQueuedBytesPerSubscriber <= 0 || publishDoneGraceMicros < 0) {
      throw new IllegalArgumentException("queue limit must be positive, grace not negative");
    }
  }
}

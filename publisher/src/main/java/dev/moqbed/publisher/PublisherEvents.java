package dev.moqbed.publisher;

import dev.moqbed.session.SessionClose;

/** What a publisher tells the program that runs it, on the publisher's scheduler thread. */
public interface PublisherEvents {

  /** The relay accepted the namespace. */
  default void onAnnounced() {}

  /** One line worth logging. */
  default void onLog(String line) {}

  /**
   * An object of {@code track} captured at {@code captureTimeMicros} was handed to at least one
   * subscription (a benchmark counts what it expects subscribers to receive in a time window).
   */
  default void onObjectSent(String track, long captureTimeMicros) {}

  /** Every flow has sent its last frame and every subscription got PUBLISH_DONE. */
  default void onMediaFinished(PublisherReport report) {}

  /** The session ended (after the linger time, or earlier when the relay went away). */
  default void onClosed(SessionClose close, PublisherReport report) {}
}

package dev.moqbed.subscriber;

/** What a subscriber tells the program that runs it, on the subscriber's scheduler thread. */
public interface SubscriberEvents {

  /** One line worth logging. */
  default void onLog(String line) {}

  /** Every track got its answer (SUBSCRIBE_OK or SUBSCRIBE_ERROR). */
  default void onSubscriptionsAnswered(int accepted, int refused) {}

  /** A frame arrived whole. */
  default void onFrame(FrameRecord frame) {}

  /** The subscriber is done: every track ended, or the session closed. */
  default void onFinished(SubscriberReport report) {}
}

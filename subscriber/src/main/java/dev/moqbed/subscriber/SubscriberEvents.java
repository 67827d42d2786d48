package dev.moqbed.subscriber;

/** What a subscriber tells the program that runs it, on the subscriber's scheduler thread. */
public interface SubscriberEvents {

  /** One line worth logging. */
  default void onLog(String line) {}

  /** Every track got its answer (SUBSCRIBE_OK or SUBSCRIBE_ERROR). */
  default void onSubscriptionsAnswered(int accepted, int refused) {}

  /** A frame arrived whole. */
  default void onFrame(FrameRecord frame) {}

  /**
   * The session to the relay was lost and the subscriber waits for a new one ({@link
   * Subscriber#continueAcrossSessions()}); the runner connects again and hands the new session to
   * the same subscriber, or gives up with {@link Subscriber#stop(String)}.
   */
  default void onDisconnected(String reason) {}

  /** After a reconnect, the first frame of a track came: the frames between were lost. */
  default void onGap(GapRecord gap) {}

  /** The subscriber is done: every track ended, or the session closed. */
  default void onFinished(SubscriberReport report) {}
}

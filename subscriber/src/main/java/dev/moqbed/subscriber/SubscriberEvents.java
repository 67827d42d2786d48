package dev.moqbed.subscriber;

import dev.moqbed.media.FrameKind;
import java.util.Arrays;

/** What a subscriber tells the program that runs it, on the subscriber's scheduler thread. */
public interface SubscriberEvents {

  /** One line worth logging. */
  default void onLog(String line) {}

  /** Every track got its answer (SUBSCRIBE_OK or SUBSCRIBE_ERROR). */
  default void onSubscriptionsAnswered(int accepted, int refused) {}

  /** A frame arrived whole. */
  default void onFrame(FrameRecord frame) {}

  /**
   * A frame arrived whole, in primitives (the fields of {@link FrameRecord}); by default it becomes
   * the record handed to {@link #onFrame}. A listener that keeps no record (the fan-out benchmark's
   * swarm times every frame of hundreds of subscribers in one process) overrides this instead, and
   * no record is built. {@code relayArrivalsMicros} is the subscriber's own array, valid during the
   * call only.
   */
  default void onFrameTimed(
      String track,
      long groupId,
      long objectId,
      FrameKind kind,
      int sizeBytes,
      long captureMicros,
      long arrivalMicros,
      long latencyMicros,
      long[] relayArrivalsMicros) {
    onFrame(
        new FrameRecord(
            track,
            groupId,
            objectId,
            kind,
            sizeBytes,
            captureMicros,
            arrivalMicros,
            latencyMicros,
            Arrays.stream(relayArrivalsMicros).boxed().toList()));
  }

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

package dev.moqbed.relay;

/**
 * What happens to one track's objects at the relay, on the relay's scheduler thread. The relay gets
 * one per track from {@link RelayObserver#track} and keeps it, so these calls, made once per object
 * and subscriber, involve no look-up; implementations must not allocate in them either.
 */
public interface TrackObserver {
  /** Does nothing. */
  TrackObserver NONE = new TrackObserver() {};

  /**
   * One object handed to a subscriber's connection (stream or datagram).
   *
   * @param payloadBytes the object's payload size
   * @param addedLatencyMicros from the object's arrival at the relay to that hand-over
   */
  default void onObjectForwarded(long payloadBytes, long addedLatencyMicros) {}

  /** One group dropped for one subscriber. */
  default void onGroupDropped(DropReason reason) {}

  /** One STOP_SENDING received from a subscriber on one of this track's group streams. */
  default void onStopSendingReceived() {}
}

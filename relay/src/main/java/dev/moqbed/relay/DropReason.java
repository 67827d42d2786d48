package dev.moqbed.relay;

/** Why the relay dropped a group for one subscriber (reset its stream, discarded its queue). */
public enum DropReason {
  /**
   * The upstream reset the group with DELIVERY_TIMEOUT (a publisher's deadline, or in a chain the
   * previous relay's drop) and the relay passed the reset on.
   */
  DELIVERY_TIMEOUT("delivery_timeout"),
  /** The upstream reset the group with any other code. */
  UPSTREAM_RESET("upstream_reset"),
  /** The subscriber sent STOP_SENDING on the group's stream. */
  STOP_SENDING("stop_sending"),
  /** The subscriber's queue went over {@link RelayConfig#maxQueuedBytesPerSubscriber()}. */
  QUEUE_FULL("queue_full"),
  /** A group two or more behind the newest one of its track: stale. */
  TOO_FAR_BEHIND("too_far_behind");

  private final String label;

  DropReason(String label) {
    this.label = label;
  }

  /** The name in metrics and logs. */
  public String label() {
    return label;
  }
}

package dev.moqbed.netsim;

/** Why a link discarded a datagram. */
public enum LinkDropReason {
  /** Drop-tail: the serializer backlog was already at least queue_delay_max. */
  QUEUE_FULL,
  /** Larger than the 1536 bytes a simulated link passes (it still occupied the serializer). */
  OVERSIZE,
  /** The phase's burst-loss pattern (B losses every P packets). */
  BURST_LOSS,
  /** DualQ: both queues together would exceed the AQM's byte limit. */
  AQM_OVERFLOW,
  /** DualQ: dropped on dequeue by the PI2 probability (not-ECT, or Classic overload). */
  AQM_DROP;

  static final LinkDropReason[] VALUES = values();
}

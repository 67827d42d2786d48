package dev.moqbed.netsim;

import dev.moqbed.transport.Datagram;

/**
 * Observes every datagram's fate on the simulated links, for traces and per-packet samples. Called
 * on the hot path: implementations must not keep the datagram beyond the call if they do not own
 * it, and should not allocate. All methods default to doing nothing.
 */
public interface NetworkListener {
  NetworkListener NONE = new NetworkListener() {};

  /** A datagram reached the far end of {@code direction} and is being handed to its node. */
  default void onDelivered(
      long nowMicros,
      LinkDirection direction,
      Datagram datagram,
      long submittedMicros,
      long queueDelayMicros) {}

  /** A link discarded a datagram. */
  default void onDropped(
      long nowMicros, LinkDirection direction, Datagram datagram, LinkDropReason reason) {}

  /** The schedule moved to phase {@code phaseIndex}; both directions changed at this instant. */
  default void onPhaseChange(long nowMicros, int phaseIndex, LinkPhase phase) {}
}

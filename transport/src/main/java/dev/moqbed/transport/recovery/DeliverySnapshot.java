package dev.moqbed.transport.recovery;

/**
 * What {@link DeliveryRateSampler} records about one packet when it is sent; the connection keeps
 * one in each sent-packet record (mutable, filled by {@link
 * DeliveryRateSampler#onPacketSent(DeliverySnapshot, long, long, boolean)}, reusable with the
 * record).
 *
 * <p>As in picoquic, the three "delivered" fields are the path's reference point at the last
 * delivery-rate estimate, not the path's state at send time.
 */
public final class DeliverySnapshot {
  long deliveredPriorBytes;
  long deliveredTimePriorMicros;
  long deliveredSentPriorMicros;
  long lostPriorBytes;
  long bytesInFlightPrior;
  boolean applicationLimited;
  boolean congestionWindowLimited;

  /** The path's delivered count at the last rate estimate ({@code delivered_prior}). */
  public long deliveredPriorBytes() {
    return deliveredPriorBytes;
  }

  /** When that estimate was taken ({@code delivered_time_prior}). */
  public long deliveredTimePriorMicros() {
    return deliveredTimePriorMicros;
  }

  /** The send time of the packet that estimate came from ({@code delivered_sent_prior}). */
  public long deliveredSentPriorMicros() {
    return deliveredSentPriorMicros;
  }

  /** Total bytes declared lost on the path when the packet was sent ({@code lost_prior}). */
  public long lostPriorBytes() {
    return lostPriorBytes;
  }

  /** Bytes in flight just before the packet was sent ({@code inflight_prior}). */
  public long bytesInFlightPrior() {
    return bytesInFlightPrior;
  }

  /** Sent before the ready state or while the path was marked application-limited. */
  public boolean applicationLimited() {
    return applicationLimited;
  }

  /** Sent in the ready state with bytes in flight at or above cwnd. */
  public boolean congestionWindowLimited() {
    return congestionWindowLimited;
  }

  /** Clears the snapshot, for a pooled record. */
  public void clear() {
    deliveredPriorBytes = 0;
    deliveredTimePriorMicros = 0;
    deliveredSentPriorMicros = 0;
    lostPriorBytes = 0;
    bytesInFlightPrior = 0;
    applicationLimited = false;
    congestionWindowLimited = false;
  }
}

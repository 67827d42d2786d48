package dev.moqbed.transport.recovery;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;

/**
 * The path's delivery accounting and rate estimates, as picoquic keeps them ({@code sender.c} at
 * send, {@code frames.c}: {@code picoquic_record_ack_packet_data}, {@code
 * picoquic_estimate_path_bandwidth}, {@code picoquic_estimate_max_path_bandwidth}).
 *
 * <p>At send, each packet records the path's reference point (delivered count, delivery time and
 * send time <em>at the last rate estimate</em>), the bytes lost so far, the bytes in flight, and
 * the application-limited and cwnd-limited flags ({@link #onPacketSent}).
 *
 * <p>Per ACK frame ({@link #onAckStarted()}, then {@link #onPacketAcked} for each newly
 * acknowledged packet from the largest down, then {@link #onAckFinished(long)}): the first packet
 * reported, P, gives the sample. If P was sent at or after the current reference's send time and
 * more than 1 ms passed since P's reference delivery time, the rate is (delivered now - P's
 * delivered prior) / max(ack interval, send interval). It is stored even when application-limited,
 * and only then does the reference point move — unlike draft-cheng, where it moves with every
 * packet. The sample is application-limited if any packet of the ACK was flagged at send, or if the
 * path's limited index is pending and the delivered count before that packet was below it; the
 * index clears when an estimate is taken with delivered at or above it. The peak rate uses its own
 * reference and windows of more than 1 ms and is the lifetime maximum.
 *
 * <p>No allocation.
 */
public final class DeliveryRateSampler {

  private long deliveredBytes;
  private long totalLostBytes;
  private long limitedIndexBytes;

  // Reference point of the delivery-rate estimate ("delivered_last" and friends); 0 = unset.
  private long referenceDeliveredBytes;
  private long referenceDeliveryMicros;
  private long referenceSentMicros;
  private long deliveryRateBytesPerSecond;
  private long maxDeliveryRateBytesPerSecond;
  private boolean lastEstimateApplicationLimited;

  // Reference point of the peak-rate estimate ("max_sample_..."); 0 = unset.
  private long peakReferenceDeliveredBytes;
  private long peakReferenceAckedMicros;
  private long peakReferenceSentMicros;
  private long peakDeliveryRateBytesPerSecond;

  // The ACK frame being processed: P's snapshot and the frame's totals.
  private boolean ackHasPacket;
  private long ackSentMicros;
  private long ackDeliveredPriorBytes;
  private long ackDeliveredTimePriorMicros;
  private long ackDeliveredSentPriorMicros;
  private long ackLostPriorBytes;
  private long ackBytesInFlightPrior;
  private boolean ackApplicationLimited;
  private boolean ackCongestionWindowLimited;
  private long ackedBytes;
  private boolean estimateTaken;
  private long sampleRateBytesPerSecond;

  /**
   * Fills the snapshot of a packet about to be sent.
   *
   * @param snapshot the packet record's snapshot
   * @param bytesInFlightBefore bytes in flight just before this packet
   * @param congestionWindowBytes the controller's cwnd
   * @param ready whether the connection is in the ready state (before it, every packet is
   *     application-limited and none is cwnd-limited)
   */
  public void onPacketSent(
      DeliverySnapshot snapshot,
      long bytesInFlightBefore,
      long congestionWindowBytes,
      boolean ready) {
    snapshot.deliveredPriorBytes = referenceDeliveredBytes;
    snapshot.deliveredTimePriorMicros = referenceDeliveryMicros;
    snapshot.deliveredSentPriorMicros = referenceSentMicros;
    snapshot.lostPriorBytes = totalLostBytes;
    snapshot.bytesInFlightPrior = bytesInFlightBefore;
    snapshot.applicationLimited = !ready || limitedIndexBytes != 0;
    snapshot.congestionWindowLimited = ready && bytesInFlightBefore >= congestionWindowBytes;
  }

  /**
   * The sender found nothing to send although pacing and cwnd allowed it: packets sent until
   * everything now in flight is delivered are application-limited ({@code
   * picoquic_mark_path_app_limited}).
   */
  public void onApplicationLimited(long bytesInFlight) {
    long index = deliveredBytes + bytesInFlight;
    limitedIndexBytes = index == 0 ? 1 : index;
  }

  /**
   * A handshake packet left the flight when its space was discarded ({@code
   * picoquic_implicit_handshake_ack}): its bytes count as delivered, outside any ACK frame.
   */
  public void onImplicitlyAcknowledged(int sizeBytes) {
    deliveredBytes += sizeBytes;
  }

  /** Bytes delivered since the reference point a packet recorded when it was sent. */
  public long deliveredSince(DeliverySnapshot snapshot) {
    return deliveredBytes - snapshot.deliveredPriorBytes;
  }

  /** Starts processing one ACK frame. */
  public void onAckStarted() {
    ackHasPacket = false;
    ackedBytes = 0;
    estimateTaken = false;
    sampleRateBytesPerSecond = 0;
  }

  /**
   * One packet newly acknowledged by the current ACK frame; call from the largest packet number
   * down, as picoquic walks the ranges, so the first call is P.
   */
  public void onPacketAcked(DeliverySnapshot snapshot, long sentMicros, int sizeBytes) {
    deliveredBytes += sizeBytes;
    boolean limited = snapshot.applicationLimited;
    if (!limited && limitedIndexBytes != 0 && deliveredBytes >= sizeBytes) {
      limited = deliveredBytes - sizeBytes < limitedIndexBytes;
    }
    record(snapshot, sentMicros, sizeBytes, limited);
  }

  /**
   * A packet declared lost, acknowledged by the current ACK frame after all: as picoquic's {@code
   * picoquic_check_spurious_retransmission}, it is recorded in the ACK's sample (it can be P, and
   * its bytes count as acknowledged) but not added to the delivered total. Call after the frame's
   * newly acknowledged packets.
   */
  public void onSpuriousPacketAcked(DeliverySnapshot snapshot, long sentMicros, int sizeBytes) {
    boolean limited = snapshot.applicationLimited;
    if (!limited && limitedIndexBytes != 0) {
      limited = deliveredBytes < limitedIndexBytes;
    }
    record(snapshot, sentMicros, sizeBytes, limited);
  }

  private void record(DeliverySnapshot snapshot, long sentMicros, int sizeBytes, boolean limited) {
    if (!ackHasPacket) {
      ackHasPacket = true;
      ackSentMicros = sentMicros;
      ackDeliveredPriorBytes = snapshot.deliveredPriorBytes;
      ackDeliveredTimePriorMicros = snapshot.deliveredTimePriorMicros;
      ackDeliveredSentPriorMicros = snapshot.deliveredSentPriorMicros;
      ackLostPriorBytes = snapshot.lostPriorBytes;
      ackBytesInFlightPrior = snapshot.bytesInFlightPrior;
      ackApplicationLimited = limited;
      ackCongestionWindowLimited = snapshot.congestionWindowLimited;
    } else if (limited) {
      ackApplicationLimited = true;
    }
    ackedBytes += sizeBytes;
  }

  /**
   * Ends the ACK frame: takes the delivery-rate and peak-rate samples (in picoquic this happens
   * after the RTT update, before the loss scan).
   *
   * @param deliveryMicros when the ACK arrived
   * @return whether the frame newly acknowledged anything
   */
  public boolean onAckFinished(long deliveryMicros) {
    if (!ackHasPacket) {
      return false;
    }
    estimateDeliveryRate(deliveryMicros);
    estimatePeakRate(deliveryMicros);
    return true;
  }

  private void estimateDeliveryRate(long deliveryMicros) {
    if (ackSentMicros < referenceSentMicros) {
      return;
    }
    if (referenceDeliveryMicros == 0) {
      referenceDeliveredBytes = deliveredBytes;
      referenceDeliveryMicros = deliveryMicros;
      referenceSentMicros = ackSentMicros;
      return;
    }
    long receiveInterval = deliveryMicros - ackDeliveredTimePriorMicros;
    if (receiveInterval <= TransportDefaults.BANDWIDTH_TIME_INTERVAL_MIN_MICROS) {
      return;
    }
    long delivered = deliveredBytes - ackDeliveredPriorBytes;
    long sendInterval = ackSentMicros - ackDeliveredSentPriorMicros;
    long rate = rateBytesPerSecond(delivered, Math.max(receiveInterval, sendInterval));
    deliveryRateBytesPerSecond = rate;
    estimateTaken = true;
    sampleRateBytesPerSecond = rate;
    referenceDeliveredBytes = deliveredBytes;
    referenceDeliveryMicros = deliveryMicros;
    referenceSentMicros = ackSentMicros;
    lastEstimateApplicationLimited = ackApplicationLimited;
    if (limitedIndexBytes != 0 && deliveredBytes >= limitedIndexBytes) {
      limitedIndexBytes = 0;
    }
    maxDeliveryRateBytesPerSecond = Math.max(maxDeliveryRateBytesPerSecond, rate);
  }

  private void estimatePeakRate(long deliveryMicros) {
    if (ackSentMicros < peakReferenceSentMicros) {
      return;
    }
    if (peakReferenceSentMicros == 0) {
      // picoquic's "unset" test is on the send time, so a reference from a packet sent at time 0
      // is taken again on the next ACK.
      peakReferenceDeliveredBytes = deliveredBytes;
      peakReferenceAckedMicros = deliveryMicros;
      peakReferenceSentMicros = ackSentMicros;
      return;
    }
    long receiveInterval = deliveryMicros - peakReferenceAckedMicros;
    if (receiveInterval <= TransportDefaults.BANDWIDTH_TIME_INTERVAL_MIN_MICROS) {
      return;
    }
    long delivered = deliveredBytes - peakReferenceDeliveredBytes;
    long sendInterval = ackSentMicros - peakReferenceSentMicros;
    long rate = rateBytesPerSecond(delivered, Math.max(receiveInterval, sendInterval));
    peakDeliveryRateBytesPerSecond = Math.max(peakDeliveryRateBytesPerSecond, rate);
    peakReferenceDeliveredBytes = deliveredBytes;
    peakReferenceAckedMicros = deliveryMicros;
    peakReferenceSentMicros = ackSentMicros;
  }

  private static long rateBytesPerSecond(long bytes, long micros) {
    return bytes * 1_000_000 / micros;
  }

  /**
   * Fills the delivery part of the controller's ACK sample for the frame just finished.
   *
   * @param sample the sample to fill
   * @param ready whether the connection is in the ready state: before it, picoquic reports only the
   *     bytes newly lost in this ACK's loss scan, not the lost count since P was sent
   * @param newlyLostBytes bytes declared lost by this ACK's loss scan
   */
  public AckSample fillDelivery(AckSample sample, boolean ready, long newlyLostBytes) {
    long lostSinceSent = ready ? Math.max(0, totalLostBytes - ackLostPriorBytes) : newlyLostBytes;
    return sample.delivery(
        ackBytesInFlightPrior,
        deliveredBytes - ackDeliveredPriorBytes,
        lostSinceSent,
        ackSentMicros - ackDeliveredSentPriorMicros,
        sampleRateBytesPerSecond,
        ackApplicationLimited,
        ackCongestionWindowLimited);
  }

  /**
   * Accounts one declared loss and fills the controller's loss sample ({@code
   * picoquic_notify_packet_lost}).
   *
   * @param countedAsLoss whether the bytes enter the lost total; see {@link #countsAsLoss}
   */
  public LossSample onPacketLost(
      LossSample sample,
      long packetNumber,
      long sentMicros,
      int sizeBytes,
      LossTrigger trigger,
      DeliverySnapshot snapshot,
      boolean countedAsLoss) {
    if (countedAsLoss) {
      totalLostBytes += sizeBytes;
    }
    long lostSinceSent =
        totalLostBytes > snapshot.lostPriorBytes
            ? totalLostBytes - snapshot.lostPriorBytes
            : sizeBytes;
    long deliveredSinceSent =
        deliveredBytes > snapshot.deliveredPriorBytes
            ? deliveredBytes - snapshot.deliveredPriorBytes
            : 0;
    return sample.set(
        packetNumber,
        sentMicros,
        sizeBytes,
        trigger,
        snapshot.bytesInFlightPrior,
        deliveredSinceSent,
        lostSinceSent,
        snapshot.applicationLimited,
        snapshot.congestionWindowLimited);
  }

  /**
   * picoquic's rule for counting a loss in the path's lost bytes: only once the RTT estimator has
   * left its initial values and for packets sent more than one smoothed RTT after the connection
   * started, because earlier timers are unreliable.
   */
  public static boolean countsAsLoss(
      long sentMicros, long connectionStartMicros, long smoothedRttMicros, long rttVarianceMicros) {
    return (smoothedRttMicros != TransportDefaults.INITIAL_RTT_MICROS || rttVarianceMicros != 0)
        && sentMicros > connectionStartMicros + smoothedRttMicros;
  }

  /** A packet declared lost was acknowledged after all: its bytes leave the lost total. */
  public void onSpuriousLoss(int sizeBytes) {
    totalLostBytes = totalLostBytes > sizeBytes ? totalLostBytes - sizeBytes : 0;
  }

  /** Bytes acknowledged on the path since it started ({@code delivered}). */
  public long deliveredBytes() {
    return deliveredBytes;
  }

  /** Bytes declared lost and not found spurious ({@code total_bytes_lost}). */
  public long totalLostBytes() {
    return totalLostBytes;
  }

  /** The latest delivery-rate estimate ({@code bandwidth_estimate}), 0 before any. */
  public long deliveryRateBytesPerSecond() {
    return deliveryRateBytesPerSecond;
  }

  /** The largest delivery-rate estimate ever taken ({@code bandwidth_estimate_max}). */
  public long maxDeliveryRateBytesPerSecond() {
    return maxDeliveryRateBytesPerSecond;
  }

  /** The lifetime maximum over windows of more than 1 ms ({@code peak_bandwidth_estimate}). */
  public long peakDeliveryRateBytesPerSecond() {
    return peakDeliveryRateBytesPerSecond;
  }

  /** The delivered count up to which packets are application-limited, 0 when not limited. */
  public long applicationLimitedIndexBytes() {
    return limitedIndexBytes;
  }

  /** Whether the last ACK frame took a delivery-rate estimate. */
  public boolean estimateTakenOnLastAck() {
    return estimateTaken;
  }

  /** Whether the last ACK frame's sample was application-limited. */
  public boolean lastAckApplicationLimited() {
    return ackApplicationLimited;
  }

  /** Whether the last estimate taken was application-limited. */
  public boolean lastEstimateApplicationLimited() {
    return lastEstimateApplicationLimited;
  }

  /** Bytes newly acknowledged by the last ACK frame. */
  public long ackedBytes() {
    return ackedBytes;
  }

  /** Send time of the last ACK frame's P. */
  public long largestAckedSentMicros() {
    return ackSentMicros;
  }

  /** Send-side interval of the last ACK frame's sample (picoquic's {@code send_delay}). */
  public long sendIntervalMicros() {
    return ackSentMicros - ackDeliveredSentPriorMicros;
  }
}

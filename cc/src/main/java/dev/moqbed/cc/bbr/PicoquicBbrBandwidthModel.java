package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedProduct;
import static dev.moqbed.cc.bbr.BbrArithmetic.scaled;
import static dev.moqbed.cc.bbr.PicoquicBbrController.BETA;
import static dev.moqbed.cc.bbr.PicoquicBbrController.EXCESSIVE_ECN_CE;
import static dev.moqbed.cc.bbr.PicoquicBbrController.EXTRA_ACKED_FILTER_LENGTH;
import static dev.moqbed.cc.bbr.PicoquicBbrController.LOSS_THRESHOLD;
import static dev.moqbed.cc.bbr.PicoquicBbrController.MAX_BW_FILTER_LENGTH;

/**
 * picoquic BBR's model of the path's bandwidth and volume: the max_bw filter (slotted by ProbeBW
 * cycle), the short-term lower bounds bw_lo and inflight_lo that losses cut once per loss round,
 * the long-term upper bound inflight_hi, the ACK-aggregation allowance extra_acked, and the
 * "inflight too high" test that losses and CE marks are judged by. Min RTT, the model's other half,
 * is {@link PicoquicBbrMinRtt}.
 */
final class PicoquicBbrBandwidthModel {
  private final PicoquicBbrController bbr;
  private final SlotMaxFilter maxBwFilter = new SlotMaxFilter(MAX_BW_FILTER_LENGTH);

  /** Slotted by round; the controller starts a slot at each round start. */
  final SlotMaxFilter extraAckedFilter = new SlotMaxFilter(EXTRA_ACKED_FILTER_LENGTH);

  // Bandwidth.
  long maxBwBytesPerSecond;
  long bwLoBytesPerSecond;
  long bwBytesPerSecond;
  private long cycleCount;

  // Volume.
  long extraAckedBytes;
  long inflightHiBytes;
  long inflightLoBytes;
  long extraAckedIntervalStartMicros;
  private long extraAckedDeliveredBytes;

  // The latest delivery signals and the loss rounds that adapt the lower bounds.
  private long bwLatestBytesPerSecond;
  long inflightLatestBytes;
  private boolean lossInRound;
  private boolean lossRoundStart;
  private long lossRoundDeliveredBytes;

  PicoquicBbrBandwidthModel(PicoquicBbrController bbr, long nowMicros) {
    this.bbr = bbr;
    extraAckedIntervalStartMicros = nowMicros;
    resetCongestionSignals();
    resetLowerBounds();
  }

  // ---------------------------------------------------------------- congestion signals

  void updateLatestDeliverySignals(BbrRateSample rs) {
    lossRoundStart = false;
    bwLatestBytesPerSecond = Math.max(bwLatestBytesPerSecond, rs.deliveryRateBytesPerSecond);
    inflightLatestBytes = Math.max(inflightLatestBytes, rs.deliveredBytes);
    long priorDelivered = bbr.path.deliveredBytes() - rs.deliveredBytes;
    if (priorDelivered >= lossRoundDeliveredBytes) {
      lossRoundDeliveredBytes = bbr.path.deliveredBytes();
      lossRoundStart = true;
    }
  }

  void advanceLatestDeliverySignals(BbrRateSample rs) {
    if (lossRoundStart) {
      bwLatestBytesPerSecond = rs.deliveryRateBytesPerSecond;
      inflightLatestBytes = rs.deliveredBytes;
    }
  }

  void resetCongestionSignals() {
    lossInRound = false;
    bwLatestBytesPerSecond = 0;
    inflightLatestBytes = 0;
  }

  void updateCongestionSignals(BbrRateSample rs) {
    updateMaxBw(rs);
    if (rs.newlyLostBytes > 0) {
      lossInRound = true;
    }
    if (!lossRoundStart) {
      return;
    }
    adaptLowerBoundsFromCongestion();
    lossInRound = false;
  }

  private void adaptLowerBoundsFromCongestion() {
    if (bbr.probeBw.isProbingBw()) {
      return;
    }
    if (lossInRound) {
      if (bwLoBytesPerSecond == INFINITE) {
        bwLoBytesPerSecond = maxBwBytesPerSecond;
      }
      if (inflightLoBytes == INFINITE) {
        inflightLoBytes = bbr.congestionWindowBytes;
      }
      bwLoBytesPerSecond = Math.max(bwLatestBytesPerSecond, scaled(BETA, bwLoBytesPerSecond));
      inflightLoBytes = Math.max(inflightLatestBytes, scaled(BETA, inflightLoBytes));
    }
  }

  void resetLowerBounds() {
    bwLoBytesPerSecond = INFINITE;
    inflightLoBytes = INFINITE;
  }

  void boundBwForModel() {
    bwBytesPerSecond = Math.min(maxBwBytesPerSecond, bwLoBytesPerSecond);
  }

  // ---------------------------------------------------------------- max_bw and extra_acked

  private void updateMaxBw(BbrRateSample rs) {
    bbr.updateRound();
    // picoquic compares with the current slot, where the draft compares with max_bw.
    if (rs.deliveryRateBytesPerSecond >= maxBwFilter.slotValue(cycleCount)
        || !rs.applicationLimited) {
      maxBwBytesPerSecond = maxBwFilter.update(rs.deliveryRateBytesPerSecond, cycleCount);
    }
  }

  /** Starts the next ProbeBW cycle's slot of the max_bw filter. */
  void advanceMaxBwFilter() {
    cycleCount++;
    bbr.probeBw.ackPhase = AckPhase.PROBE_STARTING;
    maxBwFilter.startUnit(cycleCount);
  }

  /** After a saturated path: forget the older bandwidth, keep only {@code bytesPerSecond}. */
  void resetMaxBw(long bytesPerSecond) {
    maxBwFilter.fill(bytesPerSecond);
    maxBwBytesPerSecond = bytesPerSecond;
  }

  void updateAckAggregation(BbrRateSample rs, long nowMicros) {
    long intervalMicros = nowMicros - extraAckedIntervalStartMicros;
    // picoquic quirk: bytes per second times microseconds, a million times too large, so the
    // interval restarts on nearly every ACK and extra_acked becomes the largest single ACK.
    long expectedDeliveredBytes = saturatedProduct(bwBytesPerSecond, intervalMicros);
    if (extraAckedDeliveredBytes <= expectedDeliveredBytes) {
      extraAckedDeliveredBytes = 0;
      extraAckedIntervalStartMicros = nowMicros;
      expectedDeliveredBytes = 0;
    }
    extraAckedDeliveredBytes += rs.newlyAckedBytes;
    long extraBytes = extraAckedDeliveredBytes - expectedDeliveredBytes;
    extraBytes = Math.min(extraBytes, bbr.congestionWindowBytes);
    extraAckedBytes = extraAckedFilter.update(extraBytes, bbr.roundCount);
  }

  // ---------------------------------------------------------------- too much in flight

  /**
   * picoquic's IsInflightTooHigh: an ECN alpha over 0.2, or (for a packet sent after the last
   * recovery) losses above 2 % of the in-flight at send time AND above 3 MTU.
   */
  boolean isInflightTooHigh(BbrRateSample rs) {
    if (rs.ecnAlpha > EXCESSIVE_ECN_CE) {
      return true;
    }
    long referenceDelivered = bbr.path.deliveredBytes() - rs.deliveredBytes;
    return referenceDelivered > bbr.recovery.recoveryDeliveredBytes
        && rs.lostBytes > (long) ((double) rs.txInFlightBytes * LOSS_THRESHOLD)
        && rs.lostBytes > 3 * bbr.mtu();
  }

  long targetInflight() {
    return Math.min(bbr.window.bdpBytes, bbr.congestionWindowBytes);
  }
}

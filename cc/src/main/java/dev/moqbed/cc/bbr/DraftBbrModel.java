package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.bytesFromRate;
import static dev.moqbed.cc.bbr.BbrArithmetic.scaled;
import static dev.moqbed.cc.bbr.DraftBbrController.BETA;
import static dev.moqbed.cc.bbr.DraftBbrController.EXTRA_ACKED_FILTER_LENGTH;
import static dev.moqbed.cc.bbr.DraftBbrController.LOSS_THRESHOLD;

/**
 * The draft's network path model and the congestion signals that adapt it: max_bw (a two-cycle max
 * filter), extra_acked, the long-term bound inflight_longterm, the short-term bounds bw_shortterm
 * and inflight_shortterm that a lossy round cuts by beta, the loss rounds with their loss-range
 * counts, and CE marks, which count as losses (draft section 2.14). Min RTT, the model's other
 * half, is in {@link DraftBbrProbeRtt}.
 */
final class DraftBbrModel {
  private final DraftBbrController bbr;
  private final SlotMaxFilter maxBwFilter = new SlotMaxFilter(2);

  /** Slotted by round; the controller starts a slot at each round start. */
  final SlotMaxFilter extraAckedFilter = new SlotMaxFilter(EXTRA_ACKED_FILTER_LENGTH);

  long maxBwBytesPerSecond;
  long bwShorttermBytesPerSecond;
  long bwBytesPerSecond;
  private long cycleCount;

  long extraAckedBytes;
  long extraAckedIntervalStartMicros;
  private long extraAckedDeliveredBytes;
  long inflightLongtermBytes = INFINITE;
  long inflightShorttermBytes;
  private long bwLatestBytesPerSecond;
  long inflightLatestBytes;

  boolean lossInRound;
  boolean lossRoundStart;
  private long lossRoundDeliveredBytes;

  // Loss ranges for the Startup high-loss exit.
  long lossRangesInRound;
  long lossRangesInEndedRound;

  // ECN totals at the previous ACK.
  private long ect0AtLastAck;
  private long ect1AtLastAck;
  private long ceAtLastAck;

  DraftBbrModel(DraftBbrController bbr, long nowMicros) {
    this.bbr = bbr;
    extraAckedIntervalStartMicros = nowMicros;
    resetCongestionSignals();
    resetShortTermModel();
  }

  // ---------------------------------------------------------------- bandwidth and aggregation

  private void updateMaxBw(BbrRateSample rs, long priorDeliveredBytes) {
    bbr.updateRound(priorDeliveredBytes);
    if (rs.deliveryRateBytesPerSecond > 0
        && (rs.deliveryRateBytesPerSecond >= maxBwBytesPerSecond || !rs.applicationLimited)) {
      maxBwBytesPerSecond = maxBwFilter.update(rs.deliveryRateBytesPerSecond, cycleCount);
    }
  }

  /** Starts the next ProbeBW cycle's slot of the max_bw filter. */
  void advanceMaxBwFilter() {
    cycleCount++;
    maxBwFilter.startUnit(cycleCount);
  }

  void updateAckAggregation(BbrRateSample rs, long nowMicros) {
    long intervalMicros = nowMicros - extraAckedIntervalStartMicros;
    long expectedDeliveredBytes = bytesFromRate(intervalMicros, bwBytesPerSecond);
    if (extraAckedDeliveredBytes <= expectedDeliveredBytes) {
      extraAckedDeliveredBytes = 0;
      extraAckedIntervalStartMicros = nowMicros;
      expectedDeliveredBytes = 0;
    }
    extraAckedDeliveredBytes += rs.newlyAckedBytes;
    long extraBytes =
        Math.min(extraAckedDeliveredBytes - expectedDeliveredBytes, bbr.congestionWindowBytes);
    int window = bbr.startup.fullBwReached ? EXTRA_ACKED_FILTER_LENGTH : 1;
    extraAckedBytes = extraAckedFilter.update(extraBytes, bbr.roundCount, window);
  }

  void boundBwForModel() {
    bwBytesPerSecond = Math.min(maxBwBytesPerSecond, bwShorttermBytesPerSecond);
  }

  // ---------------------------------------------------------------- congestion signals

  void updateLatestDeliverySignals(BbrRateSample rs, long priorDeliveredBytes) {
    lossRoundStart = false;
    bwLatestBytesPerSecond = Math.max(bwLatestBytesPerSecond, rs.deliveryRateBytesPerSecond);
    inflightLatestBytes = Math.max(inflightLatestBytes, rs.deliveredBytes);
    if (priorDeliveredBytes >= lossRoundDeliveredBytes) {
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

  void updateCongestionSignals(BbrRateSample rs, long priorDeliveredBytes) {
    updateMaxBw(rs, priorDeliveredBytes);
    if (!lossRoundStart) {
      return;
    }
    if (!bbr.probeBw.isProbingBw() && lossInRound) {
      if (bwShorttermBytesPerSecond == INFINITE) {
        bwShorttermBytesPerSecond = maxBwBytesPerSecond;
      }
      if (inflightShorttermBytes == INFINITE) {
        inflightShorttermBytes = bbr.congestionWindowBytes;
      }
      bwShorttermBytesPerSecond =
          Math.max(bwLatestBytesPerSecond, scaled(BETA, bwShorttermBytesPerSecond));
      inflightShorttermBytes = Math.max(inflightLatestBytes, scaled(BETA, inflightShorttermBytes));
    }
    lossRangesInEndedRound = lossInRound ? lossRangesInRound : 0;
    lossRangesInRound = 0;
    lossInRound = false;
  }

  void resetShortTermModel() {
    bwShorttermBytesPerSecond = INFINITE;
    inflightShorttermBytes = INFINITE;
  }

  boolean isInflightTooHigh(BbrRateSample rs) {
    return rs.lostBytes > (long) ((double) rs.txInFlightBytes * LOSS_THRESHOLD);
  }

  long targetInflight() {
    return Math.min(bbr.control.bdpBytes, bbr.congestionWindowBytes);
  }

  /** A loss or CE mark: the first of a round starts a loss round and saves the undo state. */
  void noteLoss() {
    if (!lossInRound) {
      lossRoundDeliveredBytes = bbr.path.deliveredBytes();
      bbr.recovery.saveStateUponLoss();
    }
    lossInRound = true;
  }

  // ---------------------------------------------------------------- ECN

  /** Takes the peer's ECN totals as the reference for the first ACK. */
  void startEcnCounts() {
    ect0AtLastAck = bbr.path.peerEct0Total();
    ect1AtLastAck = bbr.path.peerEct1Total();
    ceAtLastAck = bbr.path.peerCeTotal();
  }

  /**
   * CE marks are congestion (draft section 2.14): a lossy round, and a probe that went too high.
   */
  void respondToEcn(BbrRateSample rs, long nowMicros) {
    long ect0 = bbr.path.peerEct0Total();
    long ect1 = bbr.path.peerEct1Total();
    long ce = bbr.path.peerCeTotal();
    long deltaCe = ce - ceAtLastAck;
    long total = (ect0 - ect0AtLastAck) + (ect1 - ect1AtLastAck) + deltaCe;
    ect0AtLastAck = ect0;
    ect1AtLastAck = ect1;
    ceAtLastAck = ce;
    if (deltaCe <= 0 || total <= 0) {
      return;
    }
    noteLoss();
    if (bbr.probeBw.bwProbeSample && (double) deltaCe / (double) total > LOSS_THRESHOLD) {
      bbr.probeBw.handleInflightTooHigh(rs, nowMicros);
    }
  }
}

package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.DraftBbrController.DEFAULT_CWND_GAIN;
import static dev.moqbed.cc.bbr.DraftBbrController.DRAIN_MAX_ROUNDS;
import static dev.moqbed.cc.bbr.DraftBbrController.DRAIN_PACING_GAIN;
import static dev.moqbed.cc.bbr.DraftBbrController.FULL_BW_GROWTH;
import static dev.moqbed.cc.bbr.DraftBbrController.FULL_BW_ROUNDS;
import static dev.moqbed.cc.bbr.DraftBbrController.STARTUP_FULL_LOSS_COUNT;
import static dev.moqbed.cc.bbr.DraftBbrController.STARTUP_PACING_GAIN;

/**
 * The draft BBR's Startup and Drain: full-bandwidth detection (three rounds without 25 % growth,
 * also used by ProbeBW UP), the high-loss exit, and Drain until the flight fits one BDP or three
 * rounds have passed.
 */
final class DraftBbrStartup {
  private final DraftBbrController bbr;

  /** BBR.full_bw_reached: Startup found the bottleneck bandwidth (sticky). */
  boolean fullBwReached;

  /** BBR.full_bw_now: the current search found it (reset at each ProbeBW UP). */
  boolean fullBwNow;

  long fullBwBytesPerSecond;
  private int fullBwCount;
  private long drainStartRound;

  DraftBbrStartup(DraftBbrController bbr) {
    this.bbr = bbr;
  }

  void enterStartup() {
    bbr.state = BbrState.STARTUP;
    bbr.pacingGain = STARTUP_PACING_GAIN;
    bbr.cwndGain = DEFAULT_CWND_GAIN;
  }

  void resetFullBw() {
    fullBwBytesPerSecond = 0;
    fullBwCount = 0;
    fullBwNow = false;
  }

  void checkFullBwReached(BbrRateSample rs) {
    if (fullBwNow || !bbr.roundStart || rs.applicationLimited) {
      return;
    }
    if ((double) rs.deliveryRateBytesPerSecond >= (double) fullBwBytesPerSecond * FULL_BW_GROWTH) {
      resetFullBw();
      fullBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
      return;
    }
    fullBwCount++;
    fullBwNow = fullBwCount >= FULL_BW_ROUNDS;
    if (fullBwNow) {
      fullBwReached = true;
    }
  }

  void checkStartupDone(BbrRateSample rs) {
    checkStartupHighLoss(rs);
    if (bbr.state == BbrState.STARTUP && fullBwReached) {
      enterDrain();
    }
  }

  /**
   * The draft gives this step in prose only. Read here as: at the end of a loss round (one round
   * after the first loss, so recovery lasted a full round) that saw at least six discontiguous lost
   * ranges, with this ACK's loss rate above LossThresh.
   */
  private void checkStartupHighLoss(BbrRateSample rs) {
    DraftBbrModel model = bbr.model;
    if (bbr.state != BbrState.STARTUP || fullBwReached || !model.lossRoundStart) {
      return;
    }
    if (model.lossRangesInEndedRound >= STARTUP_FULL_LOSS_COUNT && model.isInflightTooHigh(rs)) {
      bbr.recovery.setUndoState(BbrState.STARTUP);
      fullBwReached = true;
      fullBwNow = true;
      model.inflightLongtermBytes = Math.max(bbr.control.bdpBytes, model.inflightLatestBytes);
    }
  }

  private void enterDrain() {
    bbr.startupEnded = true;
    bbr.state = BbrState.DRAIN;
    bbr.pacingGain = DRAIN_PACING_GAIN;
    bbr.cwndGain = DEFAULT_CWND_GAIN;
    drainStartRound = bbr.roundCount;
  }

  void checkDrainDone(long nowMicros) {
    if (bbr.state == BbrState.DRAIN
        && (bbr.path.bytesInFlight() <= bbr.control.inflight(bbr.model.bwBytesPerSecond, 1.0)
            || bbr.roundCount > drainStartRound + DRAIN_MAX_ROUNDS)) {
      bbr.cwndGain = DEFAULT_CWND_GAIN;
      bbr.probeBw.startProbeBwDown(nowMicros);
    }
  }
}

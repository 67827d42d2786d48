package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedSum;
import static dev.moqbed.cc.bbr.BbrArithmetic.scaled;
import static dev.moqbed.cc.bbr.DraftBbrController.BETA;
import static dev.moqbed.cc.bbr.DraftBbrController.DEFAULT_CWND_GAIN;
import static dev.moqbed.cc.bbr.DraftBbrController.DOWN_PACING_GAIN;
import static dev.moqbed.cc.bbr.DraftBbrController.PROBE_WAIT_BASE_MICROS;
import static dev.moqbed.cc.bbr.DraftBbrController.PROBE_WAIT_RANDOM_MICROS;
import static dev.moqbed.cc.bbr.DraftBbrController.RENO_PROBE_ROUND_LIMIT;
import static dev.moqbed.cc.bbr.DraftBbrController.UP_CWND_GAIN;
import static dev.moqbed.cc.bbr.DraftBbrController.UP_PACING_GAIN;

import java.util.random.RandomGenerator;

/**
 * The draft BBR's ProbeBW cycle: DOWN, CRUISE, REFILL and UP, the random wait between probes and
 * Reno coexistence, the growth of inflight_longterm while UP is cwnd-limited, its cut when a probe
 * went too high, and precautionary probing after such a probe. It owns the controller's only random
 * draws.
 */
final class DraftBbrProbeBw {
  private final DraftBbrController bbr;
  private final RandomGenerator random;

  AckPhase ackPhase = AckPhase.INIT;

  /** BBR.bw_probe_samples: losses and CE marks now count against the probe. */
  boolean bwProbeSample;

  private long bwProbeUpAckedBytes;
  private long probeUpAckedPerIncrementBytes = INFINITE;
  private int bwProbeUpRounds;
  long roundsSinceProbeUp;
  long bwProbeWaitMicros;
  private long cycleStampMicros;
  boolean prevProbeTooHigh;
  private boolean prevProbePrecautionary;

  DraftBbrProbeBw(DraftBbrController bbr, RandomGenerator random) {
    this.bbr = bbr;
    this.random = random;
  }

  boolean isProbingBw() {
    BbrState state = bbr.state;
    return state == BbrState.STARTUP
        || state == BbrState.PROBE_BW_REFILL
        || state == BbrState.PROBE_BW_UP;
  }

  /** Losses or CE marks say the probe went too high: bound inflight_longterm, stop probing. */
  void handleInflightTooHigh(BbrRateSample rs, long nowMicros) {
    prevProbeTooHigh = true;
    bwProbeSample = false;
    if (!rs.applicationLimited) {
      bbr.model.inflightLongtermBytes =
          Math.max(rs.txInFlightBytes, scaled(BETA, bbr.model.targetInflight()));
    }
    if (bbr.state == BbrState.PROBE_BW_UP) {
      bbr.recovery.setUndoState(BbrState.PROBE_BW_UP);
      startProbeBwDown(nowMicros);
    }
  }

  // ---------------------------------------------------------------- phase entries

  void startProbeBwDown(long nowMicros) {
    bbr.model.resetCongestionSignals();
    probeUpAckedPerIncrementBytes = INFINITE;
    pickProbeWait();
    cycleStampMicros = nowMicros;
    ackPhase = AckPhase.PROBE_STOPPING;
    bbr.startRound();
    bbr.state = BbrState.PROBE_BW_DOWN;
    bbr.pacingGain = DOWN_PACING_GAIN;
    bbr.cwndGain = DEFAULT_CWND_GAIN;
  }

  void startProbeBwCruise() {
    bbr.state = BbrState.PROBE_BW_CRUISE;
    bbr.pacingGain = 1.0;
    bbr.cwndGain = DEFAULT_CWND_GAIN;
  }

  void startProbeBwRefill() {
    bbr.model.resetShortTermModel();
    bwProbeUpRounds = 0;
    bwProbeUpAckedBytes = 0;
    prevProbePrecautionary = false;
    ackPhase = AckPhase.REFILLING;
    bbr.startRound();
    bbr.state = BbrState.PROBE_BW_REFILL;
    bbr.pacingGain = 1.0;
    bbr.cwndGain = DEFAULT_CWND_GAIN;
  }

  private void startProbeBwUp(BbrRateSample rs) {
    ackPhase = AckPhase.PROBE_STARTING;
    bbr.startRound();
    bbr.startup.resetFullBw();
    bbr.startup.fullBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
    bbr.state = BbrState.PROBE_BW_UP;
    bbr.pacingGain = UP_PACING_GAIN;
    bbr.cwndGain = UP_CWND_GAIN;
    raiseInflightLongtermSlope();
  }

  // ---------------------------------------------------------------- phase exits

  private void pickProbeWait() {
    roundsSinceProbeUp = PicoquicRandom.between(random, 0, 1);
    bwProbeWaitMicros =
        PROBE_WAIT_BASE_MICROS + PicoquicRandom.between(random, 0, PROBE_WAIT_RANDOM_MICROS);
  }

  private boolean isRenoCoexistenceProbeTime() {
    // The draft writes reno_rounds = TargetInflight(), a volume; rounds are counted in packets.
    long renoRounds = bbr.model.targetInflight() / bbr.mtu();
    return roundsSinceProbeUp >= Math.min(renoRounds, RENO_PROBE_ROUND_LIMIT);
  }

  private boolean hasElapsedInPhase(long intervalMicros, long nowMicros) {
    return nowMicros > saturatedSum(cycleStampMicros, intervalMicros);
  }

  private boolean isTimeToProbeBw(long nowMicros) {
    if (hasElapsedInPhase(bwProbeWaitMicros, nowMicros) || isRenoCoexistenceProbeTime()) {
      startProbeBwRefill();
      return true;
    }
    return false;
  }

  private boolean isTimeToCruise() {
    long inflightBytes = bbr.path.bytesInFlight();
    if (inflightBytes > bbr.control.inflightWithHeadroom()) {
      return false;
    }
    return inflightBytes <= bbr.control.inflight(bbr.model.maxBwBytesPerSecond, 1.0);
  }

  private boolean isTimeToGoDown(BbrRateSample rs) {
    DraftBbrModel model = bbr.model;
    if (prevProbeTooHigh && bbr.path.bytesInFlight() >= model.inflightLongtermBytes) {
      prevProbePrecautionary = true;
      return true;
    }
    if (bbr.isCwndLimited() && bbr.congestionWindowBytes >= model.inflightLongtermBytes) {
      bbr.startup.resetFullBw();
      bbr.startup.fullBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
    } else if (bbr.startup.fullBwNow) {
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- inflight_longterm

  private void raiseInflightLongtermSlope() {
    long growthThisRound = 1L << bwProbeUpRounds;
    bwProbeUpRounds = Math.min(bwProbeUpRounds + 1, 30);
    probeUpAckedPerIncrementBytes =
        Math.max(bbr.congestionWindowBytes / growthThisRound, bbr.mtu());
  }

  private void probeInflightLongtermUpward(BbrRateSample rs) {
    DraftBbrModel model = bbr.model;
    if (!bbr.isCwndLimited() || bbr.congestionWindowBytes < model.inflightLongtermBytes) {
      return;
    }
    bwProbeUpAckedBytes += rs.newlyAckedBytes;
    if (bwProbeUpAckedBytes >= probeUpAckedPerIncrementBytes) {
      long delta = bwProbeUpAckedBytes / probeUpAckedPerIncrementBytes;
      bwProbeUpAckedBytes -= delta * probeUpAckedPerIncrementBytes;
      model.inflightLongtermBytes = saturatedSum(model.inflightLongtermBytes, delta * bbr.mtu());
    }
    if (bbr.roundStart) {
      raiseInflightLongtermSlope();
    }
  }

  private boolean adaptLongTermModel(BbrRateSample rs) {
    if (ackPhase == AckPhase.PROBE_STARTING && bbr.roundStart) {
      ackPhase = AckPhase.PROBE_FEEDBACK;
    }
    if (ackPhase == AckPhase.PROBE_STOPPING && bbr.roundStart) {
      bwProbeSample = false;
      ackPhase = AckPhase.INIT;
      if (bbr.state.isProbeBw() && !rs.applicationLimited) {
        bbr.model.advanceMaxBwFilter();
      }
      if (bbr.state.isProbeBw() && prevProbePrecautionary && !prevProbeTooHigh) {
        startProbeBwRefill();
        return true;
      }
    }
    DraftBbrModel model = bbr.model;
    if (!model.isInflightTooHigh(rs)) {
      if (model.inflightLongtermBytes == INFINITE) {
        return false;
      }
      if (rs.txInFlightBytes > model.inflightLongtermBytes) {
        model.inflightLongtermBytes = rs.txInFlightBytes;
      }
      if (bbr.state == BbrState.PROBE_BW_UP) {
        probeInflightLongtermUpward(rs);
      }
    }
    return false;
  }

  // ---------------------------------------------------------------- the cycle

  void updateProbeBwCyclePhase(BbrRateSample rs, long nowMicros) {
    if (!bbr.startup.fullBwReached || adaptLongTermModel(rs) || !bbr.state.isProbeBw()) {
      return;
    }
    switch (bbr.state) {
      case PROBE_BW_DOWN:
        if (!isTimeToProbeBw(nowMicros) && isTimeToCruise()) {
          startProbeBwCruise();
        }
        break;
      case PROBE_BW_CRUISE:
        isTimeToProbeBw(nowMicros);
        break;
      case PROBE_BW_REFILL:
        if (bbr.roundStart) {
          bwProbeSample = true;
          startProbeBwUp(rs);
        }
        break;
      case PROBE_BW_UP:
        if (isTimeToGoDown(rs)) {
          prevProbeTooHigh = false;
          startProbeBwDown(nowMicros);
        }
        break;
      default:
        break;
    }
  }
}

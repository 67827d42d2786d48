package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedProduct;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedSum;
import static dev.moqbed.cc.bbr.PicoquicBbrController.APP_LIMITED_ROUNDS_THRESHOLD;
import static dev.moqbed.cc.bbr.PicoquicBbrController.BETA;
import static dev.moqbed.cc.bbr.PicoquicBbrController.DEFAULT_CWND_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.DOWN_PACING_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.EXCESSIVE_ECN_CE;
import static dev.moqbed.cc.bbr.PicoquicBbrController.LONG_RTT_THRESHOLD_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.LOSS_THRESHOLD;
import static dev.moqbed.cc.bbr.PicoquicBbrController.MIN_RTT_THRESHOLD_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.RENO_PROBE_ROUND_LIMIT;
import static dev.moqbed.cc.bbr.PicoquicBbrController.UINT32_MAX;
import static dev.moqbed.cc.bbr.PicoquicBbrController.UP_CWND_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.UP_PACING_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.sampleRate;

import dev.moqbed.cc.LossSample;
import java.util.random.RandomGenerator;

/**
 * picoquic BBR's ProbeBW cycle: DOWN (drain what the last probe queued), CRUISE (at the estimated
 * bandwidth), REFILL (one round at 1.0 with the lower bounds lifted), UP (push the upper bound
 * inflight_hi until losses, CE marks or the RTT say enough), with the random wait between probes
 * and picoquic's "probe quickly" and saturated-path shortcuts. It owns the only random draws of the
 * controller.
 */
final class PicoquicBbrProbeBw {
  private final PicoquicBbrController bbr;
  private final RandomGenerator random;
  private final BbrRateSample lossSample = new BbrRateSample();

  boolean probeBwQuickly;
  long bwProbeWaitMicros;
  private long bwProbeCeilingBytesPerSecond;
  private long cycleStampMicros;
  long roundsSinceBwProbe;
  private long bwProbeUpCount;
  private int bwProbeUpRounds;
  private boolean bwProbeSamples;
  private long bwProbeUpAckedBytes;
  // picoquic's ack_phase starts at 0, which is "probe starting".
  AckPhase ackPhase = AckPhase.PROBE_STARTING;

  // App-limited tracking.
  private int appLimitedRoundCount;
  private boolean appLimitedThisRound;

  PicoquicBbrProbeBw(PicoquicBbrController bbr, RandomGenerator random) {
    this.bbr = bbr;
    this.random = random;
  }

  boolean isProbingBw() {
    BbrState state = bbr.state;
    return !(state == BbrState.PROBE_BW_DOWN
        || state == BbrState.PROBE_BW_CRUISE
        || state == BbrState.DRAIN
        || state == BbrState.PROBE_RTT);
  }

  // ---------------------------------------------------------------- phase entries

  void enterProbeBw(long nowMicros) {
    long bw = bbr.model.bwBytesPerSecond;
    bwProbeCeilingBytesPerSecond = bw + bw / 2;
    startProbeBwDown(nowMicros);
  }

  void startProbeBwDown(long nowMicros) {
    bbr.pacingGain = DOWN_PACING_GAIN;
    bbr.cwndGain = DEFAULT_CWND_GAIN;
    bbr.model.resetCongestionSignals();
    bwProbeUpCount = UINT32_MAX;
    if (probeBwQuickly) {
      pickProbeWaitEarly();
    } else {
      pickProbeWait();
    }
    cycleStampMicros = nowMicros;
    ackPhase = AckPhase.PROBE_STOPPING;
    bbr.startRound();
    bbr.state = BbrState.PROBE_BW_DOWN;
    bbr.rtt.rttExcessCount = 0;
    appLimitedRoundCount = 0;
    appLimitedThisRound = false;
  }

  void startProbeBwCruise() {
    bbr.pacingGain = 1.0;
    bbr.cwndGain = DEFAULT_CWND_GAIN;
    bbr.state = BbrState.PROBE_BW_CRUISE;
  }

  private void startProbeBwRefill() {
    bbr.pacingGain = 1.0;
    bbr.cwndGain = DEFAULT_CWND_GAIN;
    bbr.model.resetLowerBounds();
    bwProbeUpRounds = 0;
    bwProbeUpAckedBytes = 0;
    bbr.startup.fullBwBytesPerSecond = bbr.model.maxBwBytesPerSecond;
    ackPhase = AckPhase.REFILLING;
    bbr.startRound();
    bbr.state = BbrState.PROBE_BW_REFILL;
  }

  private void startProbeBwUp(long nowMicros) {
    bbr.rtt.rttExcessCount = 0;
    bbr.pacingGain = UP_PACING_GAIN;
    bbr.cwndGain = UP_CWND_GAIN;
    ackPhase = AckPhase.PROBE_STARTING;
    bbr.startRound();
    cycleStampMicros = nowMicros;
    bbr.state = BbrState.PROBE_BW_UP;
    raiseInflightHiSlope();
  }

  // ---------------------------------------------------------------- when to probe

  private void pickProbeWait() {
    long minRttMicros = bbr.rtt.minRttMicros;
    roundsSinceBwProbe = PicoquicRandom.between(random, 0, 1);
    if (minRttMicros < LONG_RTT_THRESHOLD_MICROS) {
      bwProbeWaitMicros = 2_000_000 + PicoquicRandom.between(random, 0, 1_000_000);
    } else {
      bwProbeWaitMicros = 8 * minRttMicros + PicoquicRandom.between(random, 0, 4 * minRttMicros);
    }
  }

  private void pickProbeWaitEarly() {
    long minRttMicros = bbr.rtt.minRttMicros;
    roundsSinceBwProbe = PicoquicRandom.between(random, 0, 1);
    if (minRttMicros < LONG_RTT_THRESHOLD_MICROS) {
      bwProbeWaitMicros =
          minRttMicros + PicoquicRandom.between(random, 0, LONG_RTT_THRESHOLD_MICROS);
    } else {
      bwProbeWaitMicros = minRttMicros + PicoquicRandom.between(random, 0, minRttMicros);
    }
  }

  private boolean hasElapsedInPhase(long intervalMicros, long nowMicros) {
    return nowMicros > saturatedSum(cycleStampMicros, intervalMicros);
  }

  private boolean isRenoCoexistenceProbeTime() {
    long renoRounds = bbr.model.targetInflight() / bbr.mtu();
    long rounds = Math.min(renoRounds, RENO_PROBE_ROUND_LIMIT);
    // picoquic quirk: rounds_since_bw_probe only ever holds the random 0 or 1 drawn at DOWN entry
    // (rounds are counted in rounds_since_probe), so this is false whenever the BDP is >= 2 MTU.
    return roundsSinceBwProbe >= rounds;
  }

  private boolean checkAppLimitedEnded(BbrRateSample rs) {
    boolean ended = false;
    if (bbr.roundStart) {
      if (appLimitedThisRound) {
        appLimitedRoundCount++;
      } else {
        ended = appLimitedRoundCount > APP_LIMITED_ROUNDS_THRESHOLD;
        appLimitedRoundCount = 0;
      }
      appLimitedThisRound = false;
    } else {
      appLimitedThisRound |= rs.applicationLimited;
    }
    return ended;
  }

  private boolean checkTimeToProbeBw(BbrRateSample rs, long nowMicros) {
    // Short-circuit order matters: the app-limited bookkeeping runs only when the first two fail.
    if (hasElapsedInPhase(bwProbeWaitMicros, nowMicros)
        || isRenoCoexistenceProbeTime()
        || checkAppLimitedEnded(rs)) {
      startProbeBwRefill();
      return true;
    }
    return false;
  }

  private boolean checkTimeToCruise() {
    long inflightBytes = bbr.path.bytesInFlight();
    if (inflightBytes > bbr.window.inflightWithHeadroom()) {
      return false;
    }
    return inflightBytes <= bbr.window.inflightWithBw(1.0, bbr.model.maxBwBytesPerSecond);
  }

  private boolean checkPathSaturated(BbrRateSample rs) {
    if (bbr.state.isProbeBw()
        && rs.rttMicros > saturatedProduct(2, bbr.rtt.minRttMicros)
        && roundsSinceBwProbe >= 1
        && bbr.pacing.pacingRateBytesPerSecond > (double) (3 * rs.deliveryRateBytesPerSecond)) {
      // picoquic quirk: prior_cwnd receives a delivered volume here.
      bbr.window.priorCwndBytes = rs.deliveredBytes;
      bbr.probeRtt.probeRttDoneStampMicros = 0;
      ackPhase = AckPhase.PROBE_STOPPING;
      bbr.model.resetMaxBw(rs.deliveryRateBytesPerSecond);
      bbr.startup.fullBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
      bbr.startup.enterDrain();
      bbr.startRound();
      return true;
    }
    return false;
  }

  // ---------------------------------------------------------------- the upper bound inflight_hi

  private void handleInflightTooHigh(BbrRateSample rs, long nowMicros) {
    bwProbeSamples = false;
    if (!rs.applicationLimited) {
      long betaTarget = (long) ((double) bbr.model.targetInflight() * BETA);
      bbr.model.inflightHiBytes = Math.max(rs.txInFlightBytes, betaTarget);
    }
    if (bbr.state == BbrState.PROBE_BW_UP) {
      startProbeBwDown(nowMicros);
    }
  }

  /**
   * A packet lost during an UP probe that still collects samples: when the losses since it was sent
   * exceed 2 %, inflight_hi drops to the in-flight volume at which they crossed it.
   */
  void handleLostPacket(long nowMicros, LossSample loss) {
    if (!bwProbeSamples || bbr.state != BbrState.PROBE_BW_UP) {
      return;
    }
    BbrRateSample rs = lossSample;
    rs.clear();
    rs.deliveryRateBytesPerSecond =
        sampleRate(
            bbr.path.deliveryRateBytesPerSecond(),
            loss.deliveredSinceSentBytes(),
            bbr.path.latestRttMicros());
    rs.deliveredBytes = loss.deliveredSinceSentBytes();
    rs.rttMicros = bbr.path.latestRttMicros();
    rs.newlyLostBytes = loss.sizeBytes();
    rs.lostBytes = loss.lostSinceSentBytes();
    rs.txInFlightBytes = loss.bytesInFlightAtSend();
    rs.applicationLimited = loss.applicationLimitedAtSend();
    rs.congestionWindowLimited = loss.congestionWindowLimitedAtSend();
    if (bbr.model.isInflightTooHigh(rs)) {
      rs.txInFlightBytes = inflightHiFromLostPacket(rs, loss.sizeBytes());
      handleInflightTooHigh(rs, nowMicros);
    }
  }

  /** The in-flight volume at which losses crossed 2 %, from the lost packet's snapshot. */
  static long inflightHiFromLostPacket(BbrRateSample rs, long packetBytes) {
    long inflightPrev = rs.txInFlightBytes > packetBytes ? rs.txInFlightBytes - packetBytes : 0;
    long lostPrev = rs.lostBytes > packetBytes ? rs.lostBytes - packetBytes : 0;
    if (inflightPrev <= lostPrev) {
      return rs.txInFlightBytes;
    }
    double lostPrefix =
        (LOSS_THRESHOLD * (double) (inflightPrev - lostPrev)) / (1.0 - LOSS_THRESHOLD);
    return inflightPrev + (long) lostPrefix;
  }

  private boolean checkInflightTooHigh(BbrRateSample rs, long nowMicros) {
    if (bbr.model.isInflightTooHigh(rs)) {
      if (bwProbeSamples) {
        handleInflightTooHigh(rs, nowMicros);
      }
      return true;
    }
    return false;
  }

  private void raiseInflightHiSlope() {
    long growthThisRound = bbr.mtu() << bwProbeUpRounds;
    bwProbeUpRounds = Math.min(bwProbeUpRounds + 1, 30);
    // picoquic stores the count in a uint32_t.
    long upCount = (bbr.congestionWindowBytes / growthThisRound) & UINT32_MAX;
    bwProbeUpCount = Math.max(upCount, 1);
  }

  private void probeInflightHiUpward(BbrRateSample rs) {
    PicoquicBbrBandwidthModel model = bbr.model;
    if (!rs.congestionWindowLimited || bbr.congestionWindowBytes < model.inflightHiBytes) {
      return;
    }
    bwProbeUpAckedBytes += rs.newlyAckedBytes;
    if (bwProbeUpAckedBytes >= bwProbeUpCount * bbr.mtu()) {
      long delta = bwProbeUpAckedBytes / bwProbeUpCount;
      bwProbeUpAckedBytes -= delta * bwProbeUpCount;
      model.inflightHiBytes += delta;
    }
    if (bbr.roundStart) {
      raiseInflightHiSlope();
    }
  }

  private void adaptUpperBounds(BbrRateSample rs, long nowMicros) {
    if (ackPhase == AckPhase.PROBE_STARTING && bbr.roundStart) {
      ackPhase = AckPhase.PROBE_FEEDBACK;
    }
    if (ackPhase == AckPhase.PROBE_STOPPING && bbr.roundStart) {
      if (bbr.state.isProbeBw() && !rs.applicationLimited) {
        bbr.model.advanceMaxBwFilter();
      }
    }
    if (!checkInflightTooHigh(rs, nowMicros)) {
      PicoquicBbrBandwidthModel model = bbr.model;
      if (model.inflightHiBytes == INFINITE) {
        return;
      }
      // With inflight_hi starting at 0, the first ACK after Startup raises it to that ACK's
      // in-flight at send time: in effect the largest in-flight of the end of Startup.
      if (rs.txInFlightBytes > model.inflightHiBytes) {
        model.inflightHiBytes = rs.txInFlightBytes;
      }
      if (bbr.state == BbrState.PROBE_BW_UP) {
        probeInflightHiUpward(rs);
      }
    }
  }

  // ---------------------------------------------------------------- the cycle

  void updateProbeBwCyclePhase(BbrRateSample rs, long nowMicros) {
    PicoquicBbrStartup startup = bbr.startup;
    if (!startup.filledPipe) {
      return;
    }
    adaptUpperBounds(rs, nowMicros);
    switch (bbr.state) {
      case PROBE_BW_DOWN:
        if (checkTimeToProbeBw(rs, nowMicros) || checkPathSaturated(rs)) {
          return;
        }
        if (checkTimeToCruise()) {
          if (15 * bbr.model.maxBwBytesPerSecond >= 16 * startup.fullBwBytesPerSecond
              && rs.ecnAlpha <= EXCESSIVE_ECN_CE) {
            startup.fullBwBytesPerSecond = bbr.model.maxBwBytesPerSecond;
            startup.fullBwCount = 0;
            probeBwQuickly = true;
          } else {
            startup.fullBwCount++;
            if (startup.fullBwCount > 3 || rs.ecnAlpha > EXCESSIVE_ECN_CE) {
              probeBwQuickly = false;
              startup.fullBwCount = 0;
            }
          }
          startProbeBwCruise();
        }
        break;
      case PROBE_BW_CRUISE:
        if (checkPathSaturated(rs) || checkTimeToProbeBw(rs, nowMicros)) {
          return;
        }
        break;
      case PROBE_BW_REFILL:
        if (bbr.roundStart) {
          bwProbeSamples = true;
          startProbeBwUp(nowMicros);
        }
        break;
      case PROBE_BW_UP:
        if (hasElapsedInPhase(bbr.rtt.minRttMicros, nowMicros)
            && bbr.rtt.minRttMicros > MIN_RTT_THRESHOLD_MICROS
            && (bbr.rtt.rttExcessCount > 0
                || bbr.path.bytesInFlight()
                    > bbr.window.inflightWithBw(UP_PACING_GAIN, bbr.model.maxBwBytesPerSecond))) {
          startProbeBwDown(nowMicros);
        }
        break;
      default:
        return;
    }
    if (bbr.model.bwBytesPerSecond > bwProbeCeilingBytesPerSecond) {
      startup.reEnterStartup();
    }
  }
}

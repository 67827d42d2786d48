package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.bytesFromRate;
import static dev.moqbed.cc.bbr.PicoquicBbrController.DRAIN_PACING_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.EXCESSIVE_ECN_CE;
import static dev.moqbed.cc.bbr.PicoquicBbrController.INITIAL_CWND_BYTES;
import static dev.moqbed.cc.bbr.PicoquicBbrController.LONG_RTT_THRESHOLD_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.MIN_RTT_THRESHOLD_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.PATHOLOGICAL_MIN_RTT_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.RESUME_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.RESUME_GROWTH;
import static dev.moqbed.cc.bbr.PicoquicBbrController.STARTUP_CWND_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.STARTUP_FULL_LOSS_COUNT;
import static dev.moqbed.cc.bbr.PicoquicBbrController.STARTUP_PACING_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.TARGET_RENO_RTT_MICROS;
import static dev.moqbed.cc.bbr.PicoquicBbrController.TARGET_SATELLITE_RTT_MICROS;

import dev.moqbed.cc.common.HystartTest;

/**
 * picoquic BBR's Startup in its three forms, and Drain. Plain Startup ends when the pipe is full:
 * max_bw grew by less than 25 % for three rounds, a round saw both too much in flight and six loss
 * ranges, CE marks passed 20 %, or the RTT rose. Startup resume starts from a remembered BDP
 * (careful resume, or the bandwidth known before a PTO). Above 250 ms of min RTT Startup becomes
 * the long-RTT form, a HyStart-style slow start. Drain then runs until the flight fits one BDP.
 */
final class PicoquicBbrStartup {
  private final PicoquicBbrController bbr;
  private final HystartTest longRttFilter = new HystartTest();

  /** BBR.filled_pipe: Startup found the bottleneck bandwidth. */
  boolean filledPipe;

  long fullBwBytesPerSecond;
  int fullBwCount;
  private boolean startupInflightTooHighInRound;
  private long startupLossRangesInRound;

  /** The window careful resume remembered, or the BDP known before a PTO; 0 when none. */
  long bdpSeedBytes;

  PicoquicBbrStartup(PicoquicBbrController bbr) {
    this.bbr = bbr;
  }

  void enterStartup() {
    bbr.state = BbrState.STARTUP;
    bbr.pacingGain = STARTUP_PACING_GAIN;
    bbr.cwndGain = STARTUP_CWND_GAIN;
  }

  void enterStartupResume() {
    bbr.state = BbrState.STARTUP_RESUME;
    bbr.pacingGain = RESUME_GAIN;
    bbr.cwndGain = RESUME_GAIN;
  }

  /** After a PTO episode or a bandwidth jump in ProbeBW: search for the bandwidth again. */
  void reEnterStartup() {
    fullBwBytesPerSecond = 0;
    filledPipe = false;
    fullBwCount = 0;
    bbr.probeBw.probeBwQuickly = true;
    if (bdpSeedBytes > 0) {
      enterStartupResume();
    } else {
      enterStartup();
    }
  }

  void enterDrain() {
    bbr.startupEnded = true;
    bbr.state = BbrState.DRAIN;
    bbr.pacingGain = DRAIN_PACING_GAIN;
    bbr.cwndGain = STARTUP_CWND_GAIN;
  }

  void checkDrain(long nowMicros) {
    if (bbr.state == BbrState.DRAIN && bbr.path.bytesInFlight() <= bbr.window.inflight(1.0)) {
      bbr.probeBw.enterProbeBw(nowMicros);
    }
  }

  // ---------------------------------------------------------------- full pipe

  void checkStartupDone(BbrRateSample rs) {
    if (bbr.state != BbrState.STARTUP) {
      return;
    }
    checkStartupFullBandwidth(rs);
    checkStartupHighLoss(rs);
    if (bbr.rtt.minRttMicros > MIN_RTT_THRESHOLD_MICROS && bbr.rtt.isRttTooHigh()) {
      filledPipe = true;
    }
    if (filledPipe) {
      bbr.probeBw.probeBwQuickly = true;
      fullBwCount = 0;
      enterDrain();
    }
  }

  private void checkStartupFullBandwidth(BbrRateSample rs) {
    if (filledPipe || !bbr.roundStart || rs.applicationLimited) {
      return;
    }
    if (4 * bbr.model.maxBwBytesPerSecond >= 5 * fullBwBytesPerSecond) {
      fullBwBytesPerSecond = bbr.model.maxBwBytesPerSecond;
      fullBwCount = 0;
      if (rs.ecnFraction < EXCESSIVE_ECN_CE) {
        return;
      }
    }
    fullBwCount++;
    if (fullBwCount >= 3 || rs.ecnFraction >= EXCESSIVE_ECN_CE) {
      filledPipe = true;
    }
  }

  private void checkStartupFullBandwidthGeneric(BbrRateSample rs, double threshold) {
    if (filledPipe || !bbr.roundStart || rs.applicationLimited) {
      return;
    }
    if ((double) bbr.model.maxBwBytesPerSecond >= threshold * (double) fullBwBytesPerSecond) {
      fullBwBytesPerSecond = bbr.model.maxBwBytesPerSecond;
      fullBwCount = 0;
      return;
    }
    fullBwCount++;
    if (fullBwCount >= 3) {
      filledPipe = true;
    }
  }

  private void checkStartupHighLoss(BbrRateSample rs) {
    startupLossRangesInRound += rs.newlyLostRanges;
    if (bbr.model.isInflightTooHigh(rs)) {
      startupInflightTooHighInRound = true;
    }
    if (!bbr.roundStart) {
      return;
    }
    if (startupInflightTooHighInRound && startupLossRangesInRound >= STARTUP_FULL_LOSS_COUNT) {
      filledPipe = true;
    }
    startupInflightTooHighInRound = false;
    startupLossRangesInRound = 0;
  }

  // ---------------------------------------------------------------- Startup resume

  void checkStartupResume(BbrRateSample rs) {
    if (bbr.state != BbrState.STARTUP_RESUME) {
      return;
    }
    checkStartupHighLoss(rs);
    // picoquic quirk: compares bytes per second with bytes, true almost at once.
    if (!filledPipe
        && (double) bbr.model.maxBwBytesPerSecond > RESUME_GROWTH * (double) bdpSeedBytes) {
      enterStartup();
    } else {
      checkStartupFullBandwidthGeneric(rs, RESUME_GROWTH);
      if (filledPipe) {
        if (fullBwCount > 0) {
          bbr.probeBw.probeBwQuickly = true;
          fullBwCount = 0;
        }
        enterDrain();
      }
    }
  }

  // ---------------------------------------------------------------- long-RTT Startup

  void checkStartupLongRtt(BbrRateSample rs, long nowMicros) {
    if ((bbr.state == BbrState.STARTUP || bbr.state == BbrState.STARTUP_RESUME)
        && bbr.path.minRttMicros() > LONG_RTT_THRESHOLD_MICROS) {
      enterStartupLongRtt();
    } else if (bbr.state != BbrState.STARTUP_LONG_RTT) {
      return;
    }
    if (longRttFilter.onRttSample(nowMicros, rs.rttMicros, bbr.pacing.pacerPacketTimeMicros)) {
      exitStartupLongRtt(nowMicros);
    } else if (rs.ecnAlpha > EXCESSIVE_ECN_CE) {
      exitStartupLongRtt(nowMicros);
    }
    // picoquic also runs its loss-volume test here, but passes the "repeat" event, for which the
    // test always answers no: the loss exit of long-RTT Startup can never fire.
  }

  private void enterStartupLongRtt() {
    bbr.state = BbrState.STARTUP_LONG_RTT;
    long cwnd = INITIAL_CWND_BYTES;
    long rttMin = bbr.path.minRttMicros();
    if (rttMin > TARGET_RENO_RTT_MICROS) {
      long scaleRtt = Math.min(rttMin, TARGET_SATELLITE_RTT_MICROS);
      cwnd = (long) ((double) cwnd * (double) scaleRtt / (double) TARGET_RENO_RTT_MICROS);
    }
    cwnd = Math.max(cwnd, bdpSeedBytes);
    bbr.congestionWindowBytes = Math.max(bbr.congestionWindowBytes, cwnd);
  }

  private void exitStartupLongRtt(long nowMicros) {
    bbr.startRound();
    bbr.roundCount++;
    bbr.roundsSinceProbe++;
    bbr.roundStart = true;
    filledPipe = true;
    PicoquicBbrMinRtt rtt = bbr.rtt;
    if (longRttFilter.samples().sampleCount() > 0
        && rtt.minRttMicros > PATHOLOGICAL_MIN_RTT_MICROS
        && longRttFilter.samples().maxMicros() < rtt.minRttMicros) {
      rtt.minRttMicros = longRttFilter.samples().maxMicros();
      rtt.minRttStampMicros = nowMicros;
    }
    enterDrain();
    checkDrain(nowMicros);
  }

  /** The window of long-RTT Startup, grown as a slow start; pacing follows the window. */
  void updateStartupLongRtt(BbrRateSample rs) {
    if (bbr.path.lastAckedDataSentMicros() > bbr.path.lastSenderLimitedMicros()
        && bbr.path.congestionWindowBlocked()) {
      // picoquic_cc_slow_start_increase: growth only when the last pass was window-blocked.
      bbr.congestionWindowBytes += rs.newlyAckedBytes;
    }
    long minRttMicros = bbr.rtt.minRttMicros;
    long maxWindow =
        minRttMicros == INFINITE
            ? 0
            : bytesFromRate(minRttMicros, bbr.path.peakDeliveryRateBytesPerSecond());
    maxWindow = Math.max(maxWindow, bdpSeedBytes);
    bbr.congestionWindowBytes = Math.max(bbr.congestionWindowBytes, maxWindow / 2);
  }
}

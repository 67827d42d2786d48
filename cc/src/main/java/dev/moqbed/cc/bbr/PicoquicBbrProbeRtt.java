package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.PicoquicBbrController.PROBE_RTT_CWND_GAIN;
import static dev.moqbed.cc.bbr.PicoquicBbrController.PROBE_RTT_DURATION_MICROS;

/**
 * picoquic BBR's ProbeRTT: entered when the min RTT candidate expired (see {@link
 * PicoquicBbrMinRtt}) unless the sender just restarted from idle; holds the window at half a BDP
 * for 200 ms and one round once the flight is down to it; then restores the window, hands the new
 * min RTT to the path and returns to ProbeBW CRUISE, or to Startup if the pipe was never filled.
 */
final class PicoquicBbrProbeRtt {
  private final PicoquicBbrController bbr;
  long probeRttDoneStampMicros;
  private boolean probeRttRoundDone;

  /** An idle restart happened and no data has been delivered since: ProbeRTT would learn little. */
  boolean idleRestart;

  PicoquicBbrProbeRtt(PicoquicBbrController bbr) {
    this.bbr = bbr;
  }

  void checkProbeRtt(BbrRateSample rs, long nowMicros) {
    if (bbr.state != BbrState.PROBE_RTT && bbr.rtt.probeRttExpired && !idleRestart) {
      bbr.state = BbrState.PROBE_RTT;
      bbr.pacingGain = 1.0;
      bbr.cwndGain = PROBE_RTT_CWND_GAIN;
      // picoquic overwrites min_rtt with the raw sample, then saves the window AFTER switching
      // state, so prior_cwnd becomes max(prior_cwnd, cwnd).
      bbr.rtt.minRttMicros = rs.rttMicros;
      bbr.window.priorCwndBytes = bbr.window.saveCwnd();
      probeRttDoneStampMicros = 0;
      bbr.probeBw.ackPhase = AckPhase.PROBE_STOPPING;
      bbr.startRound();
    }
    if (bbr.state == BbrState.PROBE_RTT) {
      handleProbeRtt(rs, nowMicros);
    }
    if (rs.deliveredBytes > 0) {
      idleRestart = false;
    }
  }

  private void handleProbeRtt(BbrRateSample rs, long nowMicros) {
    // picoquic tests the in-flight when the acknowledged packet was sent, not the current one.
    if (probeRttDoneStampMicros == 0 && rs.txInFlightBytes <= bbr.window.probeRttCwnd()) {
      probeRttDoneStampMicros = nowMicros + PROBE_RTT_DURATION_MICROS;
      probeRttRoundDone = false;
      bbr.startRound();
    } else if (probeRttDoneStampMicros != 0) {
      if (bbr.roundStart) {
        probeRttRoundDone = true;
      }
      if (probeRttRoundDone) {
        checkProbeRttDone(nowMicros);
      }
    }
  }

  void checkProbeRttDone(long nowMicros) {
    if (probeRttDoneStampMicros != 0 && nowMicros > probeRttDoneStampMicros) {
      bbr.rtt.probeRttMinStampMicros = nowMicros;
      bbr.congestionWindowBytes = bbr.window.restoreCwnd();
      bbr.model.resetLowerBounds();
      bbr.path.overrideMinRttMicros(bbr.rtt.minRttMicros);
      if (bbr.startup.filledPipe) {
        bbr.probeBw.enterProbeBw(nowMicros);
        bbr.probeBw.startProbeBwCruise();
      } else {
        bbr.startup.enterStartup();
      }
    }
  }
}

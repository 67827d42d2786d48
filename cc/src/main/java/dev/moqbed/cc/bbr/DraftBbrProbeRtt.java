package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedSum;
import static dev.moqbed.cc.bbr.DraftBbrController.MIN_RTT_FILTER_MICROS;
import static dev.moqbed.cc.bbr.DraftBbrController.PROBE_RTT_CWND_GAIN;
import static dev.moqbed.cc.bbr.DraftBbrController.PROBE_RTT_DURATION_MICROS;
import static dev.moqbed.cc.bbr.DraftBbrController.PROBE_RTT_INTERVAL_MICROS;

/**
 * The draft BBR's min_rtt and ProbeRTT: min_rtt is the least RTT of the last 10 s, its ProbeRTT
 * candidate the least of the last 5 s; when the candidate expires (and the sender did not just
 * restart from idle) ProbeRTT holds the window at half a BDP for 200 ms and a round, then returns
 * to ProbeBW CRUISE or Startup.
 */
final class DraftBbrProbeRtt {
  private final DraftBbrController bbr;

  long minRttMicros;
  private long minRttStampMicros;
  private long probeRttMinDelayMicros;
  private long probeRttMinStampMicros;
  private boolean probeRttExpired;
  private long probeRttDoneStampMicros;
  private boolean probeRttRoundDone;

  /** An idle restart happened and no data has been delivered since. */
  boolean idleRestart;

  DraftBbrProbeRtt(DraftBbrController bbr, long minRttMicros, long nowMicros) {
    this.bbr = bbr;
    this.minRttMicros = minRttMicros;
    minRttStampMicros = nowMicros;
    probeRttMinDelayMicros = minRttMicros;
    probeRttMinStampMicros = nowMicros;
  }

  void updateMinRtt(BbrRateSample rs, long nowMicros) {
    probeRttExpired = nowMicros > saturatedSum(probeRttMinStampMicros, PROBE_RTT_INTERVAL_MICROS);
    if (rs.rttMicros >= 0 && (rs.rttMicros < probeRttMinDelayMicros || probeRttExpired)) {
      probeRttMinDelayMicros = rs.rttMicros;
      probeRttMinStampMicros = nowMicros;
    }
    boolean minRttExpired = nowMicros > saturatedSum(minRttStampMicros, MIN_RTT_FILTER_MICROS);
    if (probeRttMinDelayMicros < minRttMicros || minRttExpired) {
      minRttMicros = probeRttMinDelayMicros;
      minRttStampMicros = probeRttMinStampMicros;
    }
  }

  void checkProbeRtt(BbrRateSample rs, long nowMicros) {
    if (bbr.state != BbrState.PROBE_RTT && probeRttExpired && !idleRestart) {
      bbr.state = BbrState.PROBE_RTT;
      bbr.pacingGain = 1.0;
      bbr.cwndGain = PROBE_RTT_CWND_GAIN;
      bbr.recovery.saveCwnd();
      probeRttDoneStampMicros = 0;
      bbr.probeBw.ackPhase = AckPhase.PROBE_STOPPING;
      bbr.startRound();
    }
    if (bbr.state == BbrState.PROBE_RTT) {
      handleProbeRtt(nowMicros);
    }
    if (rs.deliveredBytes > 0) {
      idleRestart = false;
    }
  }

  private void handleProbeRtt(long nowMicros) {
    // MarkConnectionAppLimited() is the transport's business; this interface cannot request it.
    if (probeRttDoneStampMicros == 0 && bbr.path.bytesInFlight() <= bbr.control.probeRttCwnd()) {
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
      probeRttMinStampMicros = nowMicros;
      bbr.congestionWindowBytes = Math.max(bbr.congestionWindowBytes, bbr.recovery.priorCwndBytes);
      bbr.model.resetShortTermModel();
      if (bbr.startup.fullBwReached) {
        bbr.probeBw.startProbeBwDown(nowMicros);
        bbr.probeBw.startProbeBwCruise();
      } else {
        bbr.startup.enterStartup();
      }
    }
  }
}

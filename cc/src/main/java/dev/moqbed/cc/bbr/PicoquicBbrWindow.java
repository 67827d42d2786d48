package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.bytesFromRate;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedSum;
import static dev.moqbed.cc.bbr.BbrArithmetic.scaled;
import static dev.moqbed.cc.bbr.PicoquicBbrController.HEADROOM;
import static dev.moqbed.cc.bbr.PicoquicBbrController.INITIAL_CWND_BYTES;
import static dev.moqbed.cc.bbr.PicoquicBbrController.PROBE_RTT_CWND_GAIN;

/**
 * picoquic BBR's volumes and congestion window: the BDP and its multiples with the quantization
 * budget, the window's growth toward max_inflight, the recovery adjustments, the model's caps
 * (inflight_hi with or without headroom, inflight_lo, the ProbeRTT window) and the window saved
 * before recovery or ProbeRTT. The window itself is on the controller, since every part moves it.
 */
final class PicoquicBbrWindow {
  private final PicoquicBbrController bbr;

  /** The window before recovery or ProbeRTT, restored when they end. */
  long priorCwndBytes;

  /** Fast recovery's first round: the window keeps at least the flight plus what was acked. */
  boolean packetConservation;

  /** The last BDP computed, whatever bandwidth it used (picoquic caches it so). */
  long bdpBytes;

  private long maxInflightBytes;

  PicoquicBbrWindow(PicoquicBbrController bbr) {
    this.bbr = bbr;
  }

  // ---------------------------------------------------------------- volumes

  /**
   * BDP at {@code bw} times {@code gain}; caches the BDP as picoquic does, whatever bw was used.
   */
  private long bdpMultipleWithBw(double gain, long bw) {
    if (bbr.rtt.minRttMicros == INFINITE) {
      // picoquic quirk: CWIN_INITIAL times the MTU, a units slip; harmless because the first ACK
      // sets min_rtt before the window is computed.
      return INITIAL_CWND_BYTES * bbr.mtu();
    }
    bdpBytes = bytesFromRate(bbr.rtt.minRttMicros, bw);
    return scaled(gain, bdpBytes);
  }

  private long quantizationBudget(long inflightBytes) {
    long offloadBudgetBytes = 3 * bbr.pacing.sendQuantumBytes;
    long budget = Math.max(inflightBytes, offloadBudgetBytes);
    budget = Math.max(budget, bbr.minPipeCwnd());
    if (bbr.state == BbrState.PROBE_BW_UP) {
      budget = saturatedSum(budget, 2 * bbr.mtu());
    }
    return budget;
  }

  long inflightWithBw(double gain, long bw) {
    return quantizationBudget(bdpMultipleWithBw(gain, bw));
  }

  long inflight(double gain) {
    return inflightWithBw(gain, bbr.model.bwBytesPerSecond);
  }

  private void updateMaxInflight() {
    long inflightBytes = bdpMultipleWithBw(bbr.cwndGain, bbr.model.bwBytesPerSecond);
    inflightBytes = saturatedSum(inflightBytes, bbr.model.extraAckedBytes);
    maxInflightBytes = quantizationBudget(inflightBytes);
  }

  long inflightWithHeadroom() {
    long inflightHiBytes = bbr.model.inflightHiBytes;
    if (inflightHiBytes == INFINITE) {
      return INFINITE;
    }
    long withHeadroom = scaled(1.0 - HEADROOM, inflightHiBytes);
    return Math.max(withHeadroom, bbr.minPipeCwnd());
  }

  long probeRttCwnd() {
    return Math.max(
        bdpMultipleWithBw(PROBE_RTT_CWND_GAIN, bbr.model.bwBytesPerSecond), bbr.minPipeCwnd());
  }

  // ---------------------------------------------------------------- the window

  void setCwnd(BbrRateSample rs) {
    updateMaxInflight();
    modulateCwndForRecovery(rs);
    if (!packetConservation) {
      if (bbr.startup.filledPipe) {
        bbr.congestionWindowBytes =
            Math.min(bbr.congestionWindowBytes + rs.newlyAckedBytes, maxInflightBytes);
      } else if (bbr.state == BbrState.STARTUP_RESUME
          && bbr.startup.bdpSeedBytes > bbr.congestionWindowBytes) {
        bbr.congestionWindowBytes = bbr.startup.bdpSeedBytes;
      } else if (bbr.congestionWindowBytes < maxInflightBytes
          || bbr.path.deliveredBytes() < INITIAL_CWND_BYTES) {
        bbr.congestionWindowBytes += rs.newlyAckedBytes;
      }
      bbr.congestionWindowBytes = Math.max(bbr.congestionWindowBytes, bbr.minPipeCwnd());
    }
    if (bbr.state == BbrState.PROBE_RTT) {
      bbr.congestionWindowBytes = Math.min(bbr.congestionWindowBytes, probeRttCwnd());
    }
    boundCwndForModel();
  }

  private void modulateCwndForRecovery(BbrRateSample rs) {
    if (rs.newlyLostBytes > 0) {
      if (bbr.congestionWindowBytes > rs.newlyLostBytes + bbr.mtu()) {
        bbr.congestionWindowBytes -= rs.newlyLostBytes;
      } else {
        bbr.congestionWindowBytes = bbr.mtu();
      }
    }
    long conserved = bbr.path.bytesInFlight() + rs.newlyAckedBytes;
    if (packetConservation && bbr.congestionWindowBytes < conserved) {
      bbr.congestionWindowBytes = conserved;
    }
  }

  private void boundCwndForModel() {
    BbrState state = bbr.state;
    long cap = INFINITE;
    if (state.isProbeBw() && state != BbrState.PROBE_BW_CRUISE) {
      // picoquic quirk: inflight_hi starts at 0 rather than infinity; 0 means "no cap" here ...
      if (bbr.model.inflightHiBytes > 0) {
        cap = bbr.model.inflightHiBytes;
      }
    } else if (state == BbrState.PROBE_RTT || state == BbrState.PROBE_BW_CRUISE) {
      // ... but a 4-packet cap here, until the first ACK after Startup raises it.
      cap = inflightWithHeadroom();
    }
    cap = Math.min(cap, bbr.model.inflightLoBytes);
    cap = Math.max(cap, bbr.minPipeCwnd());
    bbr.congestionWindowBytes = Math.min(bbr.congestionWindowBytes, cap);
  }

  long saveCwnd() {
    if (!bbr.recovery.inRecovery && bbr.state != BbrState.PROBE_RTT) {
      return bbr.congestionWindowBytes;
    }
    return Math.max(priorCwndBytes, bbr.congestionWindowBytes);
  }

  long restoreCwnd() {
    return Math.max(priorCwndBytes, bbr.congestionWindowBytes);
  }
}

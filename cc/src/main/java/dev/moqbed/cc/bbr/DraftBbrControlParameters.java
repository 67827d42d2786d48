package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.bytesFromRate;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedSum;
import static dev.moqbed.cc.bbr.BbrArithmetic.scaled;
import static dev.moqbed.cc.bbr.DraftBbrController.HEADROOM;
import static dev.moqbed.cc.bbr.DraftBbrController.INITIAL_CWND_BYTES;
import static dev.moqbed.cc.bbr.DraftBbrController.MAX_QUANTUM_BYTES;
import static dev.moqbed.cc.bbr.DraftBbrController.PACING_MARGIN_PERCENT;
import static dev.moqbed.cc.bbr.DraftBbrController.PROBE_RTT_CWND_GAIN;

/**
 * The draft BBR's output control parameters (draft section 5.6): the pacing rate, the send quantum
 * and the congestion window, with the BDP multiples and quantization budget they are made of and
 * the caps the model puts on the window (inflight_longterm with or without headroom,
 * inflight_shortterm, the ProbeRTT window).
 */
final class DraftBbrControlParameters {
  private final DraftBbrController bbr;

  /** BBR.pacing_rate, kept as a double. */
  double pacingRateBytesPerSecond;

  long sendQuantumBytes;

  /** The last BDP computed, whatever bandwidth it used. */
  long bdpBytes;

  private long maxInflightBytes;

  DraftBbrControlParameters(DraftBbrController bbr) {
    this.bbr = bbr;
  }

  // ---------------------------------------------------------------- volumes

  private long bdpMultiple(long bw, double gain) {
    long minRttMicros = bbr.probeRtt.minRttMicros;
    if (minRttMicros == INFINITE) {
      return INITIAL_CWND_BYTES;
    }
    bdpBytes = bytesFromRate(minRttMicros, bw);
    return scaled(gain, bdpBytes);
  }

  private long quantizationBudget(long inflightCapBytes) {
    // QUIC offload budget: one send quantum (draft section 5.5.3).
    long cap = Math.max(inflightCapBytes, sendQuantumBytes);
    cap = Math.max(cap, bbr.minPipeCwnd());
    if (bbr.state == BbrState.PROBE_BW_UP) {
      cap = saturatedSum(cap, 2 * bbr.mtu());
    }
    return cap;
  }

  long inflight(long bw, double gain) {
    return quantizationBudget(bdpMultiple(bw, gain));
  }

  long inflightWithHeadroom() {
    long inflightLongtermBytes = bbr.model.inflightLongtermBytes;
    if (inflightLongtermBytes == INFINITE) {
      return INFINITE;
    }
    long headroomBytes = Math.max(bbr.mtu(), scaled(HEADROOM, inflightLongtermBytes));
    return Math.max(inflightLongtermBytes - headroomBytes, bbr.minPipeCwnd());
  }

  long probeRttCwnd() {
    return Math.max(
        bdpMultiple(bbr.model.bwBytesPerSecond, PROBE_RTT_CWND_GAIN), bbr.minPipeCwnd());
  }

  // ---------------------------------------------------------------- the outputs

  void setPacingRateWithGain(double gain) {
    double rate =
        gain * (double) bbr.model.bwBytesPerSecond * (100 - PACING_MARGIN_PERCENT) / 100.0;
    if (bbr.startup.fullBwReached || rate > pacingRateBytesPerSecond) {
      pacingRateBytesPerSecond = rate;
    }
  }

  void setSendQuantum() {
    long quantum = (long) (pacingRateBytesPerSecond / 1000.0);
    quantum = Math.min(quantum, MAX_QUANTUM_BYTES);
    sendQuantumBytes = Math.max(quantum, 2 * bbr.mtu());
  }

  void setCwnd(BbrRateSample rs) {
    DraftBbrModel model = bbr.model;
    long inflightCap =
        saturatedSum(bdpMultiple(model.bwBytesPerSecond, bbr.cwndGain), model.extraAckedBytes);
    maxInflightBytes = quantizationBudget(inflightCap);
    if (bbr.startup.fullBwReached) {
      bbr.congestionWindowBytes =
          Math.min(bbr.congestionWindowBytes + rs.newlyAckedBytes, maxInflightBytes);
    } else if (bbr.congestionWindowBytes < maxInflightBytes
        || bbr.path.deliveredBytes() < INITIAL_CWND_BYTES) {
      bbr.congestionWindowBytes += rs.newlyAckedBytes;
    }
    bbr.congestionWindowBytes = Math.max(bbr.congestionWindowBytes, bbr.minPipeCwnd());
    BbrState state = bbr.state;
    if (state == BbrState.PROBE_RTT) {
      bbr.congestionWindowBytes = Math.min(bbr.congestionWindowBytes, probeRttCwnd());
    }
    long cap = INFINITE;
    if (state.isProbeBw() && state != BbrState.PROBE_BW_CRUISE) {
      cap = model.inflightLongtermBytes;
    } else if (state == BbrState.PROBE_RTT || state == BbrState.PROBE_BW_CRUISE) {
      cap = inflightWithHeadroom();
    }
    cap = Math.min(cap, model.inflightShorttermBytes);
    cap = Math.max(cap, bbr.minPipeCwnd());
    bbr.congestionWindowBytes = Math.min(bbr.congestionWindowBytes, cap);
  }
}

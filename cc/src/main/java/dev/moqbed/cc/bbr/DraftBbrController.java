package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.PathView;
import dev.moqbed.cc.StateVisitor;

/**
 * BBRv3 as draft-ietf-ccwg-bbr-06 (July 2026) specifies it: Startup, Drain, ProbeBW
 * DOWN/CRUISE/REFILL/UP, ProbeRTT, the long-term (inflight_longterm, the older drafts' inflight_hi)
 * and short-term (bw_shortterm, inflight_shortterm) bounds, precautionary probing and the
 * spurious-loss undo. It uses the transport's delivery-rate samples from {@link AckSample}. Method
 * names follow the draft's pseudocode; {@code docs/cc/bbr.md} lists where the draft leaves a choice
 * open and what this class chose.
 *
 * <p>This class answers the transport's events and queries, runs the per-ACK steps in the draft's
 * order and holds the state every part reads (the state, its gains, the window, the rounds). The
 * parts, each a package-private class with its own variables: {@link DraftBbrModel} (max_bw,
 * extra_acked, the short- and long-term bounds, loss rounds and CE marks), {@link DraftBbrRecovery}
 * (losses, the recovery episode and the spurious-loss undo), {@link DraftBbrStartup} (Startup,
 * full-bandwidth detection, Drain), {@link DraftBbrProbeBw} (the ProbeBW cycle), {@link
 * DraftBbrProbeRtt} (min_rtt and ProbeRTT) and {@link DraftBbrControlParameters} (pacing rate, send
 * quantum and window).
 *
 * <p>Events left to the interface's no-op defaults: ECN-CE notifications (read from the path's
 * totals at the ACK, with the deltas of the whole frame), RTT samples (the ACK sample carries the
 * RTT of the newest acknowledged packet), probe timeouts (the draft's RTO response runs when the
 * timer declares a packet lost), persistent congestion (not part of the draft; the timer-driven
 * losses that accompany it are handled) and careful resume (the draft has none).
 */
public final class DraftBbrController implements CongestionController {
  public static final String ID = "bbr";

  static final long INITIAL_CWND_BYTES = PicoquicBbrController.INITIAL_CWND_BYTES;
  static final double STARTUP_PACING_GAIN = 2.77;
  static final double DEFAULT_CWND_GAIN = 2.0;
  static final double DRAIN_PACING_GAIN = 0.5;
  static final double DOWN_PACING_GAIN = 0.9;
  static final double UP_PACING_GAIN = 1.25;
  static final double UP_CWND_GAIN = 2.25;
  static final double PROBE_RTT_CWND_GAIN = 0.5;
  static final int PACING_MARGIN_PERCENT = 1;
  static final double LOSS_THRESHOLD = 0.02;
  static final double BETA = 0.7;
  static final double HEADROOM = 0.15;
  static final int MIN_PIPE_CWND_PACKETS = 4;
  static final double FULL_BW_GROWTH = 1.25;
  static final int FULL_BW_ROUNDS = 3;
  static final int STARTUP_FULL_LOSS_COUNT = 6;
  static final int DRAIN_MAX_ROUNDS = 3;
  static final long MIN_RTT_FILTER_MICROS = 10_000_000;
  static final long PROBE_RTT_INTERVAL_MICROS = 5_000_000;
  static final long PROBE_RTT_DURATION_MICROS = 200_000;
  static final long PROBE_WAIT_BASE_MICROS = 2_000_000;
  static final long PROBE_WAIT_RANDOM_MICROS = 1_000_000;
  static final long RENO_PROBE_ROUND_LIMIT = 63;
  static final int EXTRA_ACKED_FILTER_LENGTH = 10;
  static final long MAX_QUANTUM_BYTES = 64 * 1024;
  static final long NO_SAMPLE_RTT_MICROS = 1_000;

  final PathView path;
  private final BbrRateSample ackSample = new BbrRateSample();

  // The parts of the algorithm; see the class comment.
  final DraftBbrModel model;
  final DraftBbrRecovery recovery = new DraftBbrRecovery(this);
  final DraftBbrStartup startup = new DraftBbrStartup(this);
  final DraftBbrProbeBw probeBw;
  final DraftBbrProbeRtt probeRtt;
  final DraftBbrControlParameters control = new DraftBbrControlParameters(this);

  // State every part reads: the state, its gains and the window.
  long congestionWindowBytes = INITIAL_CWND_BYTES;
  BbrState state = BbrState.STARTUP;
  double pacingGain;
  double cwndGain;
  boolean startupEnded;

  // Rounds, counted in delivered bytes.
  long roundCount;
  boolean roundStart;
  private long nextRoundDeliveredBytes;

  // C.is_cwnd_limited: the window was fully used at some point in the last round.
  private boolean cwndLimitedThisRound;
  private boolean cwndLimitedLastRound;

  public DraftBbrController(ControllerEnvironment environment) {
    this.path = environment.path();
    long nowMicros = environment.nowMicros();
    boolean rttSampled =
        path.smoothedRttMicros() != PicoquicBbrController.INITIAL_RTT_MICROS
            || path.rttVarianceMicros() != 0;
    probeRtt =
        new DraftBbrProbeRtt(this, rttSampled ? path.smoothedRttMicros() : INFINITE, nowMicros);
    model = new DraftBbrModel(this, nowMicros);
    probeBw = new DraftBbrProbeBw(this, environment.random());
    startup.resetFullBw();
    double nominalBandwidth =
        (double) INITIAL_CWND_BYTES
            * 1e6
            / (double) (rttSampled ? path.smoothedRttMicros() : NO_SAMPLE_RTT_MICROS);
    control.pacingRateBytesPerSecond = STARTUP_PACING_GAIN * nominalBandwidth;
    control.setSendQuantum();
    startup.enterStartup();
    model.startEcnCounts();
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void onPacketSent(
      long nowMicros,
      long packetNumber,
      int sizeBytes,
      long bytesInFlightBefore,
      boolean applicationLimited) {
    if (bytesInFlightBefore + sizeBytes >= congestionWindowBytes) {
      cwndLimitedThisRound = true;
    }
  }

  @Override
  public void onPacketLost(long nowMicros, LossSample loss) {
    recovery.onPacketLost(nowMicros, loss);
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    long newlyLostBytes = recovery.takeNewlyLostBytes(nowMicros);
    BbrRateSample rs = ackSample;
    rs.clear();
    rs.deliveryRateBytesPerSecond = ack.deliveryRateBytesPerSecond();
    rs.deliveredBytes = ack.deliveredSinceSentBytes();
    rs.rttMicros = ack.rttMicros();
    rs.newlyAckedBytes = ack.ackedBytes();
    rs.newlyLostBytes = newlyLostBytes;
    rs.txInFlightBytes = ack.bytesInFlightAtSend();
    rs.lostBytes = ack.lostSinceSentBytes();
    rs.applicationLimited = ack.applicationLimited();
    if (ack.congestionWindowLimitedAtSend()) {
      cwndLimitedThisRound = true;
    }
    long priorDeliveredBytes = path.deliveredBytes() - rs.deliveredBytes;
    recovery.checkRecoveryDone(ack);
    model.respondToEcn(rs, nowMicros);

    model.updateLatestDeliverySignals(rs, priorDeliveredBytes);
    model.updateCongestionSignals(rs, priorDeliveredBytes);
    model.updateAckAggregation(rs, nowMicros);
    startup.checkFullBwReached(rs);
    startup.checkStartupDone(rs);
    startup.checkDrainDone(nowMicros);
    probeBw.updateProbeBwCyclePhase(rs, nowMicros);
    probeRtt.updateMinRtt(rs, nowMicros);
    probeRtt.checkProbeRtt(rs, nowMicros);
    model.advanceLatestDeliverySignals(rs);
    model.boundBwForModel();

    control.setPacingRateWithGain(pacingGain);
    control.setSendQuantum();
    control.setCwnd(rs);
  }

  @Override
  public void onSpuriousLoss(long nowMicros, long packetNumber) {
    recovery.onSpuriousLoss(packetNumber);
  }

  @Override
  public void onCongestionWindowBlocked(long nowMicros) {
    cwndLimitedThisRound = true;
  }

  @Override
  public void onIdleRestart(long nowMicros) {
    probeRtt.idleRestart = true;
    model.extraAckedIntervalStartMicros = nowMicros;
    if (state.isProbeBw()) {
      control.setPacingRateWithGain(1.0);
    } else if (state == BbrState.PROBE_RTT) {
      probeRtt.checkProbeRttDone(nowMicros);
    }
  }

  @Override
  public long congestionWindowBytes() {
    return congestionWindowBytes;
  }

  @Override
  public long pacingRateBytesPerSecond() {
    return Math.max(1, (long) control.pacingRateBytesPerSecond);
  }

  @Override
  public long pacingQuantumBytes() {
    return control.sendQuantumBytes;
  }

  @Override
  public EcnCodepoint outgoingEcn() {
    return EcnCodepoint.ECT_0;
  }

  @Override
  public boolean inSlowStart() {
    return !startupEnded;
  }

  @Override
  public void describe(StateVisitor visitor) {
    visitor.state(state.traceName());
    visitor.value("cwnd_bytes", congestionWindowBytes);
    visitor.value("pacing_rate_bytes_per_second", pacingRateBytesPerSecond());
    visitor.value("bw_bytes_per_second", model.bwBytesPerSecond);
    visitor.value("max_bw_bytes_per_second", model.maxBwBytesPerSecond);
    visitor.value("pacing_gain_percent", Math.round(pacingGain * 100));
    visitor.value("min_rtt_micros", probeRtt.minRttMicros);
    visitor.value("inflight_longterm_bytes", model.inflightLongtermBytes);
    visitor.value("inflight_shortterm_bytes", model.inflightShorttermBytes);
    visitor.value("bw_shortterm_bytes_per_second", model.bwShorttermBytesPerSecond);
    visitor.value("extra_acked_bytes", model.extraAckedBytes);
    visitor.value("round_count", roundCount);
    visitor.value("full_bw_reached", startup.fullBwReached ? 1 : 0);
  }

  /** The current state. */
  public BbrState state() {
    return state;
  }

  // ---------------------------------------------------------------- read-only views for tests

  double pacingGain() {
    return pacingGain;
  }

  double cwndGain() {
    return cwndGain;
  }

  long minRttMicros() {
    return probeRtt.minRttMicros;
  }

  long maxBwBytesPerSecond() {
    return model.maxBwBytesPerSecond;
  }

  long inflightLongtermBytes() {
    return model.inflightLongtermBytes;
  }

  long inflightShorttermBytes() {
    return model.inflightShorttermBytes;
  }

  long bwShorttermBytesPerSecond() {
    return model.bwShorttermBytesPerSecond;
  }

  long bdpBytes() {
    return control.bdpBytes;
  }

  long bwProbeWaitMicros() {
    return probeBw.bwProbeWaitMicros;
  }

  long roundCount() {
    return roundCount;
  }

  long roundsSinceProbeUp() {
    return probeBw.roundsSinceProbeUp;
  }

  boolean fullBwReached() {
    return startup.fullBwReached;
  }

  boolean prevProbeTooHigh() {
    return probeBw.prevProbeTooHigh;
  }

  long mtu() {
    return path.maxDatagramSizeBytes();
  }

  long minPipeCwnd() {
    return MIN_PIPE_CWND_PACKETS * mtu();
  }

  // ---------------------------------------------------------------- rounds

  void updateRound(long priorDeliveredBytes) {
    if (priorDeliveredBytes >= nextRoundDeliveredBytes) {
      startRound();
      roundCount++;
      probeBw.roundsSinceProbeUp++;
      roundStart = true;
      model.extraAckedFilter.startUnit(roundCount);
      cwndLimitedLastRound = cwndLimitedThisRound;
      cwndLimitedThisRound = false;
    } else {
      roundStart = false;
    }
  }

  void startRound() {
    nextRoundDeliveredBytes = path.deliveredBytes();
  }

  boolean isCwndLimited() {
    return cwndLimitedThisRound || cwndLimitedLastRound;
  }
}

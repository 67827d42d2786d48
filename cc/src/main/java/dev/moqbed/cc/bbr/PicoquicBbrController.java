package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.rateFromBytes;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.PathView;
import dev.moqbed.cc.StateVisitor;
import dev.moqbed.cc.common.PicoquicConstants;

/**
 * picoquic's BBR ({@code picoquic/bbr.c} at master {@code d199d45}): BBRv3 as picoquic tunes it,
 * with its RTT-jitter-filtered min RTT, Startup exit on an RTT rise, drain at 0.5, "probe quickly"
 * after Startup, HyStart-style Startup on long paths, careful resume, PTO handling and ECN. Method
 * names follow picoquic's functions (BBRCheckStartupDone becomes {@code checkStartupDone}) so the
 * two can be read side by side; {@code docs/cc/bbr.md} lists every behaviour and deviation.
 *
 * <p>Where picoquic does something that looks like a bug, this class does the same and says so in a
 * comment starting "picoquic quirk".
 *
 * <p>This class is the hub: it answers the transport's events and queries, runs the per-ACK
 * pipeline in picoquic's order, and holds the state every part reads (the state, the two gains, the
 * window and the packet-number rounds). Each part of the algorithm is a package-private class
 * holding its own variables, reached through this one as picoquic's functions all reach one {@code
 * picoquic_bbr_state_t}:
 *
 * <ul>
 *   <li>{@link PicoquicBbrBandwidthModel}: max_bw and its filter, the lower bounds bw_lo and
 *       inflight_lo, the upper bound inflight_hi, extra_acked, and the loss-round signals;
 *   <li>{@link PicoquicBbrEcn}: the CE fraction and its moving average;
 *   <li>{@link PicoquicBbrMinRtt}: min_rtt from the RTT jitter buffer, and the RTT-rise count;
 *   <li>{@link PicoquicBbrStartup}: Startup, its resume and long-RTT forms, full-pipe detection and
 *       Drain;
 *   <li>{@link PicoquicBbrProbeBw}: the ProbeBW cycle DOWN, CRUISE, REFILL, UP;
 *   <li>{@link PicoquicBbrProbeRtt}: entering, holding and leaving ProbeRTT;
 *   <li>{@link PicoquicBbrRecovery}: losses, fast recovery, PTO recovery and its exit;
 *   <li>{@link PicoquicBbrWindow}: the BDP multiples and the congestion window;
 *   <li>{@link PicoquicBbrPacing}: the pacing rate, the send quantum and what the pacer holds.
 * </ul>
 *
 * <p>Events left to the interface's no-op defaults: sends (picoquic's BBR keeps no per-packet
 * state; the transport's snapshots carry what it needs), ECN-CE notifications (picoquic ignores
 * ecn_ec: BBR reads the ECN totals itself on every ACK), RTT samples (it reads the path's latest
 * RTT sample during the ACK instead), persistent congestion (picoquic has none) and cwnd-blocked
 * passes (long-RTT Startup reads the flag from the path).
 */
public final class PicoquicBbrController implements CongestionController {
  public static final String ID = "bbr";

  /** picoquic's {@code PICOQUIC_CWIN_INITIAL}: 10 x 1536, a constant, not the MTU. */
  static final long INITIAL_CWND_BYTES = PicoquicConstants.INITIAL_WINDOW_BYTES;

  static final long INITIAL_RTT_MICROS = 250_000;
  static final double STARTUP_PACING_GAIN = 2.77;
  static final double STARTUP_CWND_GAIN = 2.0;
  static final double DRAIN_PACING_GAIN = 1.0 / STARTUP_CWND_GAIN;
  static final double RESUME_GAIN = 1.25;
  static final double RESUME_GROWTH = 1.125;
  static final double DOWN_PACING_GAIN = 0.9;
  static final double UP_PACING_GAIN = 1.25;
  static final double UP_CWND_GAIN = 2.25;
  static final double DEFAULT_CWND_GAIN = 2.0;
  static final double PROBE_RTT_CWND_GAIN = 0.5;
  static final int PACING_MARGIN_PERCENT = 1;
  static final double LOSS_THRESHOLD = 0.02;
  static final int STARTUP_FULL_LOSS_COUNT = 6;
  static final double BETA = 0.7;
  static final double HEADROOM = 0.15;
  static final int MIN_PIPE_CWND_PACKETS = 4;
  static final int MAX_BW_FILTER_LENGTH = 2;
  static final int EXTRA_ACKED_FILTER_LENGTH = 10;
  static final long MIN_RTT_FILTER_MICROS = 10_000_000;
  static final long PROBE_RTT_DURATION_MICROS = 200_000;
  static final long PROBE_RTT_INTERVAL_MICROS = 5_000_000;
  static final long LONG_RTT_THRESHOLD_MICROS = 250_000;
  static final long RENO_PROBE_ROUND_LIMIT = 63;
  static final int APP_LIMITED_ROUNDS_THRESHOLD = 3;
  static final double EXCESSIVE_ECN_CE = 0.2;
  static final long MIN_RTT_MARGIN_PERCENT = 5;

  /** {@code PICOQUIC_MINRTT_THRESHOLD} and {@code PICOQUIC_MINRTT_MARGIN}. */
  static final long MIN_RTT_THRESHOLD_MICROS = 128;

  static final long MIN_RTT_MARGIN_MICROS = 128;
  static final long TARGET_RENO_RTT_MICROS = PicoquicConstants.TARGET_RENO_RTT_MICROS;
  static final long TARGET_SATELLITE_RTT_MICROS = PicoquicConstants.TARGET_SATELLITE_RTT_MICROS;
  static final double QUANTUM_RATIO = 0.001;
  static final long MAX_QUANTUM_BYTES = 0x10000;
  static final long LOW_RATE_BYTES_PER_SECOND = 150_000;
  static final long PATHOLOGICAL_MIN_RTT_MICROS = 30_000_000;
  static final long DEFAULT_DELIVERY_RATE_BYTES_PER_SECOND = 40_000;
  static final long UINT32_MAX = 0xFFFF_FFFFL;

  final PathView path;
  private final BbrRateSample ackSample = new BbrRateSample();

  // The parts of the algorithm; see the class comment.
  final PicoquicBbrBandwidthModel model;
  final PicoquicBbrEcn ecn = new PicoquicBbrEcn(this);
  final PicoquicBbrMinRtt rtt;
  final PicoquicBbrStartup startup = new PicoquicBbrStartup(this);
  final PicoquicBbrProbeBw probeBw;
  final PicoquicBbrProbeRtt probeRtt = new PicoquicBbrProbeRtt(this);
  final PicoquicBbrRecovery recovery = new PicoquicBbrRecovery(this);
  final PicoquicBbrWindow window = new PicoquicBbrWindow(this);
  final PicoquicBbrPacing pacing;

  // State every part reads: the state, its gains and the window.
  long congestionWindowBytes = INITIAL_CWND_BYTES;
  BbrState state = BbrState.STARTUP;
  boolean startupEnded;
  double pacingGain;
  double cwndGain;

  // Rounds, counted in packet numbers.
  long roundStartPacketNumber;
  long roundCount;
  long roundsSinceProbe;
  boolean roundStart;

  public PicoquicBbrController(ControllerEnvironment environment) {
    this.path = environment.path();
    long nowMicros = environment.nowMicros();
    // picoquic: "if RTT was already sampled, use it, otherwise set min RTT to infinity".
    boolean rttSampled =
        path.smoothedRttMicros() != INITIAL_RTT_MICROS || path.rttVarianceMicros() != 0;
    rtt = new PicoquicBbrMinRtt(this, rttSampled ? path.smoothedRttMicros() : INFINITE, nowMicros);
    model = new PicoquicBbrBandwidthModel(this, nowMicros);
    probeBw = new PicoquicBbrProbeBw(this, environment.random());
    pacing = new PicoquicBbrPacing(this);
    roundStartPacketNumber = path.nextPacketNumber();
    pacing.initPacingRate(rttSampled);
    startup.enterStartup();
    // picoquic pushes the rate to its pacer at the first ACK; until then this is only a value.
    pacing.setSendQuantum();
    pacing.publishInitialRate();
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void onPacketLost(long nowMicros, LossSample loss) {
    recovery.onPacketLost(nowMicros, loss);
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    long newlyLostBytes = recovery.newlyLostBytes(nowMicros);
    long newlyLostRanges = recovery.newlyLostRanges(nowMicros);
    recovery.endAckLosses();
    if (path.latestRttMicros() <= 0) {
      // picoquic notifies the controller of an ACK only once the path has an RTT sample.
      return;
    }
    BbrRateSample rs = ackSample;
    rs.clear();
    long rttMicros = path.latestRttMicros();
    rs.deliveryRateBytesPerSecond =
        sampleRate(path.deliveryRateBytesPerSecond(), ack.deliveredSinceSentBytes(), rttMicros);
    rs.deliveredBytes = ack.deliveredSinceSentBytes();
    rs.rttMicros = rttMicros;
    rs.newlyAckedBytes = ack.ackedBytes();
    rs.newlyLostBytes = newlyLostBytes;
    rs.newlyLostRanges = newlyLostRanges;
    // Before the ready state picoquic distrusts its loss counters and uses this ACK's losses only.
    rs.lostBytes = path.isReady() ? ack.lostSinceSentBytes() : newlyLostBytes;
    rs.txInFlightBytes = ack.bytesInFlightAtSend();
    rs.applicationLimited = ack.applicationLimited();
    rs.congestionWindowLimited = ack.congestionWindowLimitedAtSend();
    ecn.computeEcnFraction(rs);
    updateModelAndState(rs, nowMicros);
    if (state == BbrState.STARTUP_LONG_RTT) {
      startup.updateStartupLongRtt(rs);
      pacing.publishWindowPacing();
    } else {
      updateControlParameters(rs);
      pacing.publishIfRateSet();
    }
  }

  @Override
  public void onProbeTimeout(long nowMicros) {
    recovery.onProbeTimeout();
  }

  @Override
  public void onSpuriousLoss(long nowMicros, long packetNumber) {
    recovery.onSpuriousLoss(nowMicros, packetNumber);
  }

  @Override
  public void onIdleRestart(long nowMicros) {
    // picoquic sends restart_from_idle only with nothing in flight and an app-limited sender.
    probeRtt.idleRestart = true;
    model.extraAckedIntervalStartMicros = nowMicros;
    if (state.isProbeBw()) {
      pacing.setPacingRateWithGain(1.0);
      pacing.publish();
    } else if (state == BbrState.PROBE_RTT) {
      probeRtt.checkProbeRttDone(nowMicros);
      pacing.publish();
    }
  }

  @Override
  public void onResumeSeed(
      long nowMicros, long rememberedRateBytesPerSecond, long rememberedRttMicros) {
    // picoquic's seed_cwin carries the remembered window in bytes.
    long seedBytes =
        Math.round((double) rememberedRateBytesPerSecond * (double) rememberedRttMicros / 1e6);
    startup.bdpSeedBytes = seedBytes;
    // picoquic quirk: compares bytes with bytes per second, so this is almost always true.
    if (state == BbrState.STARTUP && startup.bdpSeedBytes > model.maxBwBytesPerSecond) {
      startup.enterStartupResume();
    }
  }

  @Override
  public long congestionWindowBytes() {
    return congestionWindowBytes;
  }

  @Override
  public long pacingRateBytesPerSecond() {
    return pacing.publishedPacingRateBytesPerSecond;
  }

  @Override
  public long pacingQuantumBytes() {
    return pacing.publishedQuantumBytes;
  }

  @Override
  public EcnCodepoint outgoingEcn() {
    return EcnCodepoint.ECT_0;
  }

  @Override
  public boolean inSlowStart() {
    // picoquic sets is_ssthresh_initialized on the first Drain entry and never clears it.
    return !startupEnded;
  }

  @Override
  public void describe(StateVisitor visitor) {
    visitor.state(state.traceName());
    visitor.value("cwnd_bytes", congestionWindowBytes);
    visitor.value("pacing_rate_bytes_per_second", pacing.publishedPacingRateBytesPerSecond);
    visitor.value("bw_bytes_per_second", model.bwBytesPerSecond);
    visitor.value("max_bw_bytes_per_second", model.maxBwBytesPerSecond);
    visitor.value("pacing_gain_percent", Math.round(pacingGain * 100));
    visitor.value("min_rtt_micros", rtt.minRttMicros);
    visitor.value("inflight_hi_bytes", model.inflightHiBytes);
    visitor.value("inflight_lo_bytes", model.inflightLoBytes);
    visitor.value("extra_acked_bytes", model.extraAckedBytes);
    visitor.value("bdp_seed_bytes", startup.bdpSeedBytes);
    visitor.value("round_count", roundCount);
    visitor.value("filled_pipe", startup.filledPipe ? 1 : 0);
    visitor.value("in_recovery", recovery.inRecovery ? 1 : 0);
    visitor.value("pto_recovery", recovery.ptoRecovery ? 1 : 0);
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

  double internalPacingRateBytesPerSecond() {
    return pacing.pacingRateBytesPerSecond;
  }

  long minRttMicros() {
    return rtt.minRttMicros;
  }

  long maxBwBytesPerSecond() {
    return model.maxBwBytesPerSecond;
  }

  long bwBytesPerSecond() {
    return model.bwBytesPerSecond;
  }

  long inflightHiBytes() {
    return model.inflightHiBytes;
  }

  long inflightLoBytes() {
    return model.inflightLoBytes;
  }

  long bwLoBytesPerSecond() {
    return model.bwLoBytesPerSecond;
  }

  long extraAckedBytes() {
    return model.extraAckedBytes;
  }

  long bdpSeedBytes() {
    return startup.bdpSeedBytes;
  }

  long bwProbeWaitMicros() {
    return probeBw.bwProbeWaitMicros;
  }

  long roundsSinceBwProbe() {
    return probeBw.roundsSinceBwProbe;
  }

  int rttExcessCount() {
    return rtt.rttExcessCount;
  }

  long sendQuantumBytes() {
    return pacing.sendQuantumBytes;
  }

  boolean probeBwQuickly() {
    return probeBw.probeBwQuickly;
  }

  boolean inRecovery() {
    return recovery.inRecovery;
  }

  boolean filledPipe() {
    return startup.filledPipe;
  }

  // ---------------------------------------------------------------- the per-ACK pipeline

  private void updateModelAndState(BbrRateSample rs, long nowMicros) {
    model.updateLatestDeliverySignals(rs);
    model.updateCongestionSignals(rs);
    model.updateAckAggregation(rs, nowMicros);
    startup.checkStartupLongRtt(rs, nowMicros);
    startup.checkStartupResume(rs);
    startup.checkStartupDone(rs);
    recovery.checkRecovery(rs, nowMicros);
    startup.checkDrain(nowMicros);
    probeBw.updateProbeBwCyclePhase(rs, nowMicros);
    rtt.updateMinRtt(rs, nowMicros);
    probeRtt.checkProbeRtt(rs, nowMicros);
    model.advanceLatestDeliverySignals(rs);
    ecn.advanceEcnFraction(rs);
    model.boundBwForModel();
  }

  private void updateControlParameters(BbrRateSample rs) {
    pacing.setPacingRateWithGain(pacingGain);
    pacing.setSendQuantum();
    window.setCwnd(rs);
  }

  /**
   * picoquic's choice of rate sample: the path's latest estimate, else a crude one, else 40 kB/s.
   */
  static long sampleRate(long pathRate, long deliveredBytes, long rttMicros) {
    if (pathRate > 0) {
      return pathRate;
    }
    if (rttMicros > 0) {
      return rateFromBytes(deliveredBytes, rttMicros);
    }
    return DEFAULT_DELIVERY_RATE_BYTES_PER_SECOND;
  }

  long mtu() {
    return path.maxDatagramSizeBytes();
  }

  long minPipeCwnd() {
    return MIN_PIPE_CWND_PACKETS * mtu();
  }

  // ---------------------------------------------------------------- rounds

  void startRound() {
    roundStartPacketNumber = path.nextPacketNumber();
  }

  void updateRound() {
    // Unsigned, as picoquic's uint64_t: until a 1-RTT packet is acknowledged the largest
    // acknowledged number is -1 (picoquic: send_sequence - 1 = UINT64_MAX), so every ACK of the
    // handshake starts a round, and the first 1-RTT round is anchored there.
    if (Long.compareUnsigned(path.largestAckedPacketNumber(), roundStartPacketNumber) >= 0) {
      startRound();
      roundCount++;
      // picoquic quirk: this is not the counter the Reno-coexistence test reads (see
      // isRenoCoexistenceProbeTime), so that test never fires once the BDP is 2 packets or more.
      roundsSinceProbe++;
      roundStart = true;
      model.extraAckedFilter.startUnit(roundCount);
    } else {
      roundStart = false;
    }
  }
}

package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.bytesFromRate;
import static dev.moqbed.cc.bbr.BbrArithmetic.rateFromBytes;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedProduct;
import static dev.moqbed.cc.bbr.BbrArithmetic.saturatedSum;
import static dev.moqbed.cc.bbr.BbrArithmetic.scaled;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.PathView;
import dev.moqbed.cc.StateVisitor;
import dev.moqbed.cc.common.HystartTest;
import dev.moqbed.cc.common.PicoquicConstants;
import dev.moqbed.cc.common.WindowPacing;
import java.util.random.RandomGenerator;

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

  private final PathView path;
  private final RandomGenerator random;
  private final BbrRateSample ackSample = new BbrRateSample();
  private final BbrRateSample lossSample = new BbrRateSample();
  private final SlotMaxFilter maxBwFilter = new SlotMaxFilter(MAX_BW_FILTER_LENGTH);
  private final SlotMaxFilter extraAckedFilter = new SlotMaxFilter(EXTRA_ACKED_FILTER_LENGTH);
  private final RttJitterBuffer jitterBuffer;
  private final HystartTest longRttFilter = new HystartTest();
  private final WindowPacing windowPacing;

  private long congestionWindowBytes = INITIAL_CWND_BYTES;
  private BbrState state = BbrState.STARTUP;
  private boolean startupEnded;

  // Rounds, counted in packet numbers.
  private long roundStartPacketNumber;
  private long roundCount;
  private long roundsSinceProbe;
  private boolean roundStart;

  // Control outputs.
  private double pacingRateBytesPerSecond;
  private long sendQuantumBytes;
  private long priorCwndBytes;
  private double pacingGain;
  private double cwndGain;
  private boolean packetConservation;

  // Bandwidth model.
  private long maxBwBytesPerSecond;
  private long bwLoBytesPerSecond;
  private long bwBytesPerSecond;
  private long cycleCount;

  // RTT model.
  private long minRttMicros;
  private long minRttStampMicros;
  private long probeRttMinDelayMicros;
  private long probeRttMinStampMicros;
  private long probeRttDoneStampMicros;
  private long minRttMarginMicros;
  private boolean probeRttExpired;
  private boolean probeRttRoundDone;
  private boolean idleRestart;
  private int rttExcessCount;

  // Volume model.
  private long bdpBytes;
  private long extraAckedBytes;
  private long maxInflightBytes;
  private long inflightHiBytes;
  private long inflightLoBytes;
  private long bwLatestBytesPerSecond;
  private long inflightLatestBytes;
  private long extraAckedIntervalStartMicros;
  private long extraAckedDeliveredBytes;

  // Startup.
  private boolean filledPipe;
  private long fullBwBytesPerSecond;
  private int fullBwCount;

  // ProbeBW.
  private boolean probeBwQuickly;
  private long bwProbeWaitMicros;
  private long bwProbeCeilingBytesPerSecond;
  private long cycleStampMicros;
  private long roundsSinceBwProbe;
  private long bwProbeUpCount;
  private int bwProbeUpRounds;
  private boolean bwProbeSamples;
  private long bwProbeUpAckedBytes;
  // picoquic's ack_phase starts at 0, which is "probe starting".
  private AckPhase ackPhase = AckPhase.PROBE_STARTING;

  // Losses and recovery.
  private boolean lossInRound;
  private boolean lossRoundStart;
  private boolean startupInflightTooHighInRound;
  private long startupLossRangesInRound;
  private long lossRoundDeliveredBytes;
  private boolean inRecovery;
  private boolean ptoRecovery;
  private long recoveryPacketNumber;
  private long recoveryDeliveredBytes;

  // App-limited tracking.
  private int appLimitedRoundCount;
  private boolean appLimitedThisRound;

  // ECN.
  private long ect0LastRound;
  private long ect1LastRound;
  private long ceLastRound;
  private double ecnAlpha;

  // Careful resume and PTO seed.
  private long bdpSeedBytes;

  // Losses of the ACK being processed (the transport reports them one by one before onAck).
  private long pendingLossMicros = Long.MIN_VALUE;
  private long pendingLostBytes;
  private long pendingLostRanges;
  private long lossRangesFound;
  private long latestRepeatLossPacketNumber;

  // picoquic's path->nb_retransmit: probe timeouts since the largest acknowledged last advanced.
  private long probeTimeoutCount;
  private long largestAckedAtProbeTimeout = Long.MIN_VALUE;

  // What picoquic's pacer holds: BBR pushes its rate only on ACKs and idle restarts.
  private long publishedPacingRateBytesPerSecond;
  private long publishedQuantumBytes;
  private long pacerPacketTimeMicros = 1;

  public PicoquicBbrController(ControllerEnvironment environment) {
    this.path = environment.path();
    this.random = environment.random();
    long nowMicros = environment.nowMicros();
    // picoquic: "if RTT was already sampled, use it, otherwise set min RTT to infinity".
    boolean rttSampled =
        path.smoothedRttMicros() != INITIAL_RTT_MICROS || path.rttVarianceMicros() != 0;
    minRttMicros = rttSampled ? path.smoothedRttMicros() : INFINITE;
    jitterBuffer = new RttJitterBuffer(minRttMicros, nowMicros);
    windowPacing = new WindowPacing(path.maxDatagramSizeBytes());
    probeRttMinDelayMicros = minRttMicros;
    rttExcessCount = 0;
    probeRttMinStampMicros = nowMicros;
    minRttStampMicros = nowMicros;
    extraAckedIntervalStartMicros = nowMicros;
    resetCongestionSignals();
    resetLowerBounds();
    roundStartPacketNumber = path.nextPacketNumber();
    initPacingRate(rttSampled);
    enterStartup();
    // picoquic pushes the rate to its pacer at the first ACK; until then this is only a value.
    setSendQuantum();
    publishedPacingRateBytesPerSecond = Math.max(1, (long) pacingRateBytesPerSecond);
    publishedQuantumBytes = sendQuantumBytes;
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public void onPacketLost(long nowMicros, LossSample loss) {
    if (loss.trigger() == LossTrigger.TIMER) {
      onEnterRto(loss.packetNumber());
      return;
    }
    if (pendingLossMicros != nowMicros) {
      // Losses found by an earlier scan (a sender-loop timer) belong to no ACK: picoquic counts
      // only the losses found while processing the ACK in that ACK's newly_lost.
      pendingLossMicros = nowMicros;
      pendingLostBytes = 0;
      pendingLostRanges = 0;
    }
    pendingLostBytes += loss.sizeBytes();
    // picoquic's nb_loss_ranges_found: a new range unless this packet follows the last loss.
    if (lossRangesFound == 0 || loss.packetNumber() != latestRepeatLossPacketNumber + 1) {
      lossRangesFound++;
      pendingLostRanges++;
    }
    latestRepeatLossPacketNumber = loss.packetNumber();
    updatePtoRecoveryOnRepeatLoss(loss.sizeBytes());
    handleLostPacket(nowMicros, loss);
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    long newlyLostBytes = pendingLossMicros == nowMicros ? pendingLostBytes : 0;
    long newlyLostRanges = pendingLossMicros == nowMicros ? pendingLostRanges : 0;
    pendingLossMicros = Long.MIN_VALUE;
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
    computeEcnFraction(rs);
    updateModelAndState(rs, nowMicros);
    if (state == BbrState.STARTUP_LONG_RTT) {
      updateStartupLongRtt(rs);
      windowPacing.update(
          congestionWindowBytes, path.maxDatagramSizeBytes(), path.smoothedRttMicros(), true);
      publishedPacingRateBytesPerSecond = windowPacing.rateBytesPerSecond();
      publishedQuantumBytes = windowPacing.quantumBytes();
      pacerPacketTimeMicros = windowPacing.packetTimeMicros();
    } else {
      updateControlParameters(rs);
      if (pacingRateBytesPerSecond > 0) {
        publishPacing(pacingRateBytesPerSecond, sendQuantumBytes);
      }
    }
  }

  @Override
  public void onProbeTimeout(long nowMicros) {
    long largestAcked = path.largestAckedPacketNumber();
    if (largestAcked > largestAckedAtProbeTimeout) {
      probeTimeoutCount = 0;
    }
    probeTimeoutCount++;
    largestAckedAtProbeTimeout = largestAcked;
  }

  @Override
  public void onSpuriousLoss(long nowMicros, long packetNumber) {
    if (recoveryPacketNumber <= packetNumber && ptoRecovery) {
      onExitRecovery(nowMicros);
    }
  }

  @Override
  public void onIdleRestart(long nowMicros) {
    // picoquic sends restart_from_idle only with nothing in flight and an app-limited sender.
    idleRestart = true;
    extraAckedIntervalStartMicros = nowMicros;
    if (state.isProbeBw()) {
      setPacingRateWithGain(1.0);
      publishPacing(pacingRateBytesPerSecond, sendQuantumBytes);
    } else if (state == BbrState.PROBE_RTT) {
      checkProbeRttDone(nowMicros);
      publishPacing(pacingRateBytesPerSecond, sendQuantumBytes);
    }
  }

  @Override
  public void onResumeSeed(
      long nowMicros, long rememberedRateBytesPerSecond, long rememberedRttMicros) {
    // picoquic's seed_cwin carries the remembered window in bytes.
    long seedBytes =
        Math.round((double) rememberedRateBytesPerSecond * (double) rememberedRttMicros / 1e6);
    bdpSeedBytes = seedBytes;
    // picoquic quirk: compares bytes with bytes per second, so this is almost always true.
    if (state == BbrState.STARTUP && bdpSeedBytes > maxBwBytesPerSecond) {
      enterStartupResume();
    }
  }

  @Override
  public long congestionWindowBytes() {
    return congestionWindowBytes;
  }

  @Override
  public long pacingRateBytesPerSecond() {
    return publishedPacingRateBytesPerSecond;
  }

  @Override
  public long pacingQuantumBytes() {
    return publishedQuantumBytes;
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
    visitor.value("pacing_rate_bytes_per_second", publishedPacingRateBytesPerSecond);
    visitor.value("bw_bytes_per_second", bwBytesPerSecond);
    visitor.value("max_bw_bytes_per_second", maxBwBytesPerSecond);
    visitor.value("min_rtt_micros", minRttMicros);
    visitor.value("inflight_hi_bytes", inflightHiBytes);
    visitor.value("inflight_lo_bytes", inflightLoBytes);
    visitor.value("extra_acked_bytes", extraAckedBytes);
    visitor.value("bdp_seed_bytes", bdpSeedBytes);
    visitor.value("round_count", roundCount);
    visitor.value("filled_pipe", filledPipe ? 1 : 0);
    visitor.value("in_recovery", inRecovery ? 1 : 0);
    visitor.value("pto_recovery", ptoRecovery ? 1 : 0);
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
    return pacingRateBytesPerSecond;
  }

  long minRttMicros() {
    return minRttMicros;
  }

  long maxBwBytesPerSecond() {
    return maxBwBytesPerSecond;
  }

  long bwBytesPerSecond() {
    return bwBytesPerSecond;
  }

  long inflightHiBytes() {
    return inflightHiBytes;
  }

  long inflightLoBytes() {
    return inflightLoBytes;
  }

  long bwLoBytesPerSecond() {
    return bwLoBytesPerSecond;
  }

  long extraAckedBytes() {
    return extraAckedBytes;
  }

  long bdpSeedBytes() {
    return bdpSeedBytes;
  }

  long bwProbeWaitMicros() {
    return bwProbeWaitMicros;
  }

  long roundsSinceBwProbe() {
    return roundsSinceBwProbe;
  }

  int rttExcessCount() {
    return rttExcessCount;
  }

  long sendQuantumBytes() {
    return sendQuantumBytes;
  }

  boolean probeBwQuickly() {
    return probeBwQuickly;
  }

  boolean inRecovery() {
    return inRecovery;
  }

  boolean filledPipe() {
    return filledPipe;
  }

  // ---------------------------------------------------------------- the per-ACK pipeline

  private void updateModelAndState(BbrRateSample rs, long nowMicros) {
    updateLatestDeliverySignals(rs);
    updateCongestionSignals(rs);
    updateAckAggregation(rs, nowMicros);
    checkStartupLongRtt(rs, nowMicros);
    checkStartupResume(rs);
    checkStartupDone(rs);
    checkRecovery(rs, nowMicros);
    checkDrain(nowMicros);
    updateProbeBwCyclePhase(rs, nowMicros);
    updateMinRtt(rs, nowMicros);
    checkProbeRtt(rs, nowMicros);
    advanceLatestDeliverySignals(rs);
    advanceEcnFraction(rs);
    boundBwForModel();
  }

  private void updateControlParameters(BbrRateSample rs) {
    setPacingRateWithGain(pacingGain);
    setSendQuantum();
    setCwnd(rs);
  }

  /**
   * picoquic's choice of rate sample: the path's latest estimate, else a crude one, else 40 kB/s.
   */
  private static long sampleRate(long pathRate, long deliveredBytes, long rttMicros) {
    if (pathRate > 0) {
      return pathRate;
    }
    if (rttMicros > 0) {
      return rateFromBytes(deliveredBytes, rttMicros);
    }
    return DEFAULT_DELIVERY_RATE_BYTES_PER_SECOND;
  }

  private long mtu() {
    return path.maxDatagramSizeBytes();
  }

  private long minPipeCwnd() {
    return MIN_PIPE_CWND_PACKETS * mtu();
  }

  // ---------------------------------------------------------------- rounds

  private void startRound() {
    roundStartPacketNumber = path.nextPacketNumber();
  }

  private void updateRound() {
    if (path.largestAckedPacketNumber() >= roundStartPacketNumber) {
      startRound();
      roundCount++;
      // picoquic quirk: this is not the counter the Reno-coexistence test reads (see
      // isRenoCoexistenceProbeTime), so that test never fires once the BDP is 2 packets or more.
      roundsSinceProbe++;
      roundStart = true;
      extraAckedFilter.startUnit(roundCount);
    } else {
      roundStart = false;
    }
  }

  // ---------------------------------------------------------------- congestion signals

  private void updateLatestDeliverySignals(BbrRateSample rs) {
    lossRoundStart = false;
    bwLatestBytesPerSecond = Math.max(bwLatestBytesPerSecond, rs.deliveryRateBytesPerSecond);
    inflightLatestBytes = Math.max(inflightLatestBytes, rs.deliveredBytes);
    long priorDelivered = path.deliveredBytes() - rs.deliveredBytes;
    if (priorDelivered >= lossRoundDeliveredBytes) {
      lossRoundDeliveredBytes = path.deliveredBytes();
      lossRoundStart = true;
    }
  }

  private void advanceLatestDeliverySignals(BbrRateSample rs) {
    if (lossRoundStart) {
      bwLatestBytesPerSecond = rs.deliveryRateBytesPerSecond;
      inflightLatestBytes = rs.deliveredBytes;
    }
  }

  private void resetCongestionSignals() {
    lossInRound = false;
    bwLatestBytesPerSecond = 0;
    inflightLatestBytes = 0;
  }

  private void updateCongestionSignals(BbrRateSample rs) {
    updateMaxBw(rs);
    if (rs.newlyLostBytes > 0) {
      lossInRound = true;
    }
    if (!lossRoundStart) {
      return;
    }
    adaptLowerBoundsFromCongestion();
    lossInRound = false;
  }

  private void adaptLowerBoundsFromCongestion() {
    if (isProbingBw()) {
      return;
    }
    if (lossInRound) {
      if (bwLoBytesPerSecond == INFINITE) {
        bwLoBytesPerSecond = maxBwBytesPerSecond;
      }
      if (inflightLoBytes == INFINITE) {
        inflightLoBytes = congestionWindowBytes;
      }
      bwLoBytesPerSecond = Math.max(bwLatestBytesPerSecond, scaled(BETA, bwLoBytesPerSecond));
      inflightLoBytes = Math.max(inflightLatestBytes, scaled(BETA, inflightLoBytes));
    }
  }

  private void resetLowerBounds() {
    bwLoBytesPerSecond = INFINITE;
    inflightLoBytes = INFINITE;
  }

  private void boundBwForModel() {
    bwBytesPerSecond = Math.min(maxBwBytesPerSecond, bwLoBytesPerSecond);
  }

  private void updateMaxBw(BbrRateSample rs) {
    updateRound();
    // picoquic compares with the current slot, where the draft compares with max_bw.
    if (rs.deliveryRateBytesPerSecond >= maxBwFilter.slotValue(cycleCount)
        || !rs.applicationLimited) {
      maxBwBytesPerSecond = maxBwFilter.update(rs.deliveryRateBytesPerSecond, cycleCount);
    }
  }

  private void advanceMaxBwFilter() {
    cycleCount++;
    ackPhase = AckPhase.PROBE_STARTING;
    maxBwFilter.startUnit(cycleCount);
  }

  private void updateAckAggregation(BbrRateSample rs, long nowMicros) {
    long intervalMicros = nowMicros - extraAckedIntervalStartMicros;
    // picoquic quirk: bytes per second times microseconds, a million times too large, so the
    // interval restarts on nearly every ACK and extra_acked becomes the largest single ACK.
    long expectedDeliveredBytes = saturatedProduct(bwBytesPerSecond, intervalMicros);
    if (extraAckedDeliveredBytes <= expectedDeliveredBytes) {
      extraAckedDeliveredBytes = 0;
      extraAckedIntervalStartMicros = nowMicros;
      expectedDeliveredBytes = 0;
    }
    extraAckedDeliveredBytes += rs.newlyAckedBytes;
    long extraBytes = extraAckedDeliveredBytes - expectedDeliveredBytes;
    extraBytes = Math.min(extraBytes, congestionWindowBytes);
    extraAckedBytes = extraAckedFilter.update(extraBytes, roundCount);
  }

  /**
   * picoquic's IsInflightTooHigh: an ECN alpha over 0.2, or (for a packet sent after the last
   * recovery) losses above 2 % of the in-flight at send time AND above 3 MTU.
   */
  private boolean isInflightTooHigh(BbrRateSample rs) {
    if (rs.ecnAlpha > EXCESSIVE_ECN_CE) {
      return true;
    }
    long referenceDelivered = path.deliveredBytes() - rs.deliveredBytes;
    return referenceDelivered > recoveryDeliveredBytes
        && rs.lostBytes > (long) ((double) rs.txInFlightBytes * LOSS_THRESHOLD)
        && rs.lostBytes > 3 * mtu();
  }

  private void handleInflightTooHigh(BbrRateSample rs, long nowMicros) {
    bwProbeSamples = false;
    if (!rs.applicationLimited) {
      long betaTarget = (long) ((double) targetInflight() * BETA);
      inflightHiBytes = Math.max(rs.txInFlightBytes, betaTarget);
    }
    if (state == BbrState.PROBE_BW_UP) {
      startProbeBwDown(nowMicros);
    }
  }

  private boolean checkInflightTooHigh(BbrRateSample rs, long nowMicros) {
    if (isInflightTooHigh(rs)) {
      if (bwProbeSamples) {
        handleInflightTooHigh(rs, nowMicros);
      }
      return true;
    }
    return false;
  }

  private long targetInflight() {
    return Math.min(bdpBytes, congestionWindowBytes);
  }

  // ---------------------------------------------------------------- windows

  /**
   * BDP at {@code bw} times {@code gain}; caches the BDP as picoquic does, whatever bw was used.
   */
  private long bdpMultipleWithBw(double gain, long bw) {
    if (minRttMicros == INFINITE) {
      // picoquic quirk: CWIN_INITIAL times the MTU, a units slip; harmless because the first ACK
      // sets min_rtt before the window is computed.
      return INITIAL_CWND_BYTES * mtu();
    }
    bdpBytes = bytesFromRate(minRttMicros, bw);
    return scaled(gain, bdpBytes);
  }

  private long quantizationBudget(long inflightBytes) {
    long offloadBudgetBytes = 3 * sendQuantumBytes;
    long budget = Math.max(inflightBytes, offloadBudgetBytes);
    budget = Math.max(budget, minPipeCwnd());
    if (state == BbrState.PROBE_BW_UP) {
      budget = saturatedSum(budget, 2 * mtu());
    }
    return budget;
  }

  private long inflightWithBw(double gain, long bw) {
    return quantizationBudget(bdpMultipleWithBw(gain, bw));
  }

  private long inflight(double gain) {
    return inflightWithBw(gain, bwBytesPerSecond);
  }

  private void updateMaxInflight() {
    long inflightBytes = bdpMultipleWithBw(cwndGain, bwBytesPerSecond);
    inflightBytes = saturatedSum(inflightBytes, extraAckedBytes);
    maxInflightBytes = quantizationBudget(inflightBytes);
  }

  private long inflightWithHeadroom() {
    if (inflightHiBytes == INFINITE) {
      return INFINITE;
    }
    long withHeadroom = scaled(1.0 - HEADROOM, inflightHiBytes);
    return Math.max(withHeadroom, minPipeCwnd());
  }

  private long probeRttCwnd() {
    return Math.max(bdpMultipleWithBw(PROBE_RTT_CWND_GAIN, bwBytesPerSecond), minPipeCwnd());
  }

  private void setCwnd(BbrRateSample rs) {
    updateMaxInflight();
    modulateCwndForRecovery(rs);
    if (!packetConservation) {
      if (filledPipe) {
        congestionWindowBytes =
            Math.min(congestionWindowBytes + rs.newlyAckedBytes, maxInflightBytes);
      } else if (state == BbrState.STARTUP_RESUME && bdpSeedBytes > congestionWindowBytes) {
        congestionWindowBytes = bdpSeedBytes;
      } else if (congestionWindowBytes < maxInflightBytes
          || path.deliveredBytes() < INITIAL_CWND_BYTES) {
        congestionWindowBytes += rs.newlyAckedBytes;
      }
      congestionWindowBytes = Math.max(congestionWindowBytes, minPipeCwnd());
    }
    if (state == BbrState.PROBE_RTT) {
      congestionWindowBytes = Math.min(congestionWindowBytes, probeRttCwnd());
    }
    boundCwndForModel();
  }

  private void modulateCwndForRecovery(BbrRateSample rs) {
    if (rs.newlyLostBytes > 0) {
      if (congestionWindowBytes > rs.newlyLostBytes + mtu()) {
        congestionWindowBytes -= rs.newlyLostBytes;
      } else {
        congestionWindowBytes = mtu();
      }
    }
    long conserved = path.bytesInFlight() + rs.newlyAckedBytes;
    if (packetConservation && congestionWindowBytes < conserved) {
      congestionWindowBytes = conserved;
    }
  }

  private void boundCwndForModel() {
    long cap = INFINITE;
    if (state.isProbeBw() && state != BbrState.PROBE_BW_CRUISE) {
      // picoquic quirk: inflight_hi starts at 0 rather than infinity; 0 means "no cap" here ...
      if (inflightHiBytes > 0) {
        cap = inflightHiBytes;
      }
    } else if (state == BbrState.PROBE_RTT || state == BbrState.PROBE_BW_CRUISE) {
      // ... but a 4-packet cap here, until the first ACK after Startup raises it.
      cap = inflightWithHeadroom();
    }
    cap = Math.min(cap, inflightLoBytes);
    cap = Math.max(cap, minPipeCwnd());
    congestionWindowBytes = Math.min(congestionWindowBytes, cap);
  }

  private long saveCwnd() {
    if (!inRecovery && state != BbrState.PROBE_RTT) {
      return congestionWindowBytes;
    }
    return Math.max(priorCwndBytes, congestionWindowBytes);
  }

  private long restoreCwnd() {
    return Math.max(priorCwndBytes, congestionWindowBytes);
  }

  // ---------------------------------------------------------------- pacing

  private void initPacingRate(boolean rttSampled) {
    // picoquic's comment says 1 ms when there is no sample; the code uses its 250 ms default.
    long initialRttMicros = rttSampled ? path.smoothedRttMicros() : INITIAL_RTT_MICROS;
    double nominalBandwidth = (1_000_000.0 * INITIAL_CWND_BYTES) / (double) initialRttMicros;
    pacingRateBytesPerSecond = STARTUP_PACING_GAIN * nominalBandwidth;
  }

  private void setPacingRateWithGain(double gain) {
    double rate =
        gain * (double) saturatedProduct(bwBytesPerSecond, 100 - PACING_MARGIN_PERCENT) / 100.0;
    if (state == BbrState.STARTUP_RESUME && !filledPipe && bdpSeedBytes > 0) {
      double bdpRate = (double) bdpSeedBytes * 1_000_000.0 / (double) minRttMicros;
      rate = Math.max(rate, bdpRate);
    }
    if (filledPipe || rate > pacingRateBytesPerSecond) {
      pacingRateBytesPerSecond = rate;
    }
  }

  private void setSendQuantum() {
    sendQuantumBytes = sendQuantumFor(pacingRateBytesPerSecond, mtu());
  }

  /**
   * picoquic's send quantum: 1 ms of the rate, at most 64 KiB, at least 2 MTU (1 below 150 kB/s).
   */
  static long sendQuantumFor(double pacingRateBytesPerSecond, long mtuBytes) {
    long floor = pacingRateBytesPerSecond < LOW_RATE_BYTES_PER_SECOND ? mtuBytes : 2 * mtuBytes;
    long quantum = (long) (pacingRateBytesPerSecond * QUANTUM_RATIO);
    quantum = Math.min(quantum, MAX_QUANTUM_BYTES);
    return Math.max(quantum, floor);
  }

  /** What picoquic_update_pacing_parameters does with a rate, reduced to what BBR reads back. */
  private void publishPacing(double rateBytesPerSecond, long quantumBytes) {
    publishedPacingRateBytesPerSecond = Math.max(1, (long) rateBytesPerSecond);
    publishedQuantumBytes = quantumBytes;
    double packetTimeSeconds = (double) mtu() / rateBytesPerSecond;
    long packetTimeNanos =
        packetTimeSeconds > 10_000.0 ? 10_000_000_000_000L : (long) (packetTimeSeconds * 1e9);
    if (packetTimeNanos <= 0) {
      pacerPacketTimeMicros = 1;
    } else {
      packetTimeNanos = Math.min(packetTimeNanos, saturatedProduct(path.smoothedRttMicros(), 1000));
      pacerPacketTimeMicros = (packetTimeNanos + 999) / 1000;
    }
  }

  // ---------------------------------------------------------------- Startup, Drain, resume

  private void enterStartup() {
    state = BbrState.STARTUP;
    pacingGain = STARTUP_PACING_GAIN;
    cwndGain = STARTUP_CWND_GAIN;
  }

  private void enterStartupResume() {
    state = BbrState.STARTUP_RESUME;
    pacingGain = RESUME_GAIN;
    cwndGain = RESUME_GAIN;
  }

  private void reEnterStartup() {
    fullBwBytesPerSecond = 0;
    filledPipe = false;
    fullBwCount = 0;
    probeBwQuickly = true;
    if (bdpSeedBytes > 0) {
      enterStartupResume();
    } else {
      enterStartup();
    }
  }

  private void enterDrain() {
    startupEnded = true;
    state = BbrState.DRAIN;
    pacingGain = DRAIN_PACING_GAIN;
    cwndGain = STARTUP_CWND_GAIN;
  }

  private void checkDrain(long nowMicros) {
    if (state == BbrState.DRAIN && path.bytesInFlight() <= inflight(1.0)) {
      enterProbeBw(nowMicros);
    }
  }

  private void checkStartupDone(BbrRateSample rs) {
    if (state != BbrState.STARTUP) {
      return;
    }
    checkStartupFullBandwidth(rs);
    checkStartupHighLoss(rs);
    if (minRttMicros > MIN_RTT_THRESHOLD_MICROS && isRttTooHigh()) {
      filledPipe = true;
    }
    if (filledPipe) {
      probeBwQuickly = true;
      fullBwCount = 0;
      enterDrain();
    }
  }

  private void checkStartupFullBandwidth(BbrRateSample rs) {
    if (filledPipe || !roundStart || rs.applicationLimited) {
      return;
    }
    if (4 * maxBwBytesPerSecond >= 5 * fullBwBytesPerSecond) {
      fullBwBytesPerSecond = maxBwBytesPerSecond;
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
    if (filledPipe || !roundStart || rs.applicationLimited) {
      return;
    }
    if ((double) maxBwBytesPerSecond >= threshold * (double) fullBwBytesPerSecond) {
      fullBwBytesPerSecond = maxBwBytesPerSecond;
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
    if (isInflightTooHigh(rs)) {
      startupInflightTooHighInRound = true;
    }
    if (!roundStart) {
      return;
    }
    if (startupInflightTooHighInRound && startupLossRangesInRound >= STARTUP_FULL_LOSS_COUNT) {
      filledPipe = true;
    }
    startupInflightTooHighInRound = false;
    startupLossRangesInRound = 0;
  }

  private void checkStartupResume(BbrRateSample rs) {
    if (state != BbrState.STARTUP_RESUME) {
      return;
    }
    checkStartupHighLoss(rs);
    // picoquic quirk: compares bytes per second with bytes, true almost at once.
    if (!filledPipe && (double) maxBwBytesPerSecond > RESUME_GROWTH * (double) bdpSeedBytes) {
      enterStartup();
    } else {
      checkStartupFullBandwidthGeneric(rs, RESUME_GROWTH);
      if (filledPipe) {
        if (fullBwCount > 0) {
          probeBwQuickly = true;
          fullBwCount = 0;
        }
        enterDrain();
      }
    }
  }

  private void checkStartupLongRtt(BbrRateSample rs, long nowMicros) {
    if ((state == BbrState.STARTUP || state == BbrState.STARTUP_RESUME)
        && path.minRttMicros() > LONG_RTT_THRESHOLD_MICROS) {
      enterStartupLongRtt();
    } else if (state != BbrState.STARTUP_LONG_RTT) {
      return;
    }
    if (longRttFilter.onRttSample(nowMicros, rs.rttMicros, pacerPacketTimeMicros)) {
      exitStartupLongRtt(nowMicros);
    } else if (rs.ecnAlpha > EXCESSIVE_ECN_CE) {
      exitStartupLongRtt(nowMicros);
    }
    // picoquic also runs its loss-volume test here, but passes the "repeat" event, for which the
    // test always answers no: the loss exit of long-RTT Startup can never fire.
  }

  private void enterStartupLongRtt() {
    state = BbrState.STARTUP_LONG_RTT;
    long cwnd = INITIAL_CWND_BYTES;
    long rttMin = path.minRttMicros();
    if (rttMin > TARGET_RENO_RTT_MICROS) {
      long scaleRtt = Math.min(rttMin, TARGET_SATELLITE_RTT_MICROS);
      cwnd = (long) ((double) cwnd * (double) scaleRtt / (double) TARGET_RENO_RTT_MICROS);
    }
    cwnd = Math.max(cwnd, bdpSeedBytes);
    congestionWindowBytes = Math.max(congestionWindowBytes, cwnd);
  }

  private void exitStartupLongRtt(long nowMicros) {
    startRound();
    roundCount++;
    roundsSinceProbe++;
    roundStart = true;
    filledPipe = true;
    if (longRttFilter.samples().sampleCount() > 0
        && minRttMicros > PATHOLOGICAL_MIN_RTT_MICROS
        && longRttFilter.samples().maxMicros() < minRttMicros) {
      minRttMicros = longRttFilter.samples().maxMicros();
      minRttStampMicros = nowMicros;
    }
    enterDrain();
    checkDrain(nowMicros);
  }

  private void updateStartupLongRtt(BbrRateSample rs) {
    if (path.lastAckedDataSentMicros() > path.lastSenderLimitedMicros()
        && path.congestionWindowBlocked()) {
      // picoquic_cc_slow_start_increase: growth only when the last pass was window-blocked.
      congestionWindowBytes += rs.newlyAckedBytes;
    }
    long maxWindow =
        minRttMicros == INFINITE
            ? 0
            : bytesFromRate(minRttMicros, path.peakDeliveryRateBytesPerSecond());
    maxWindow = Math.max(maxWindow, bdpSeedBytes);
    congestionWindowBytes = Math.max(congestionWindowBytes, maxWindow / 2);
  }

  // ---------------------------------------------------------------- recovery and PTO

  private void checkRecovery(BbrRateSample rs, long nowMicros) {
    if (inRecovery) {
      if (path.largestAckedPacketNumber() >= recoveryPacketNumber) {
        onExitRecovery(nowMicros);
      }
    } else if (isInflightTooHigh(rs)) {
      onEnterFastRecovery(rs);
    }
  }

  private void onEnterFastRecovery(BbrRateSample rs) {
    priorCwndBytes = saveCwnd();
    congestionWindowBytes = path.bytesInFlight() + Math.max(mtu(), rs.newlyAckedBytes);
    recoveryPacketNumber = path.nextPacketNumber();
    packetConservation = true;
    inRecovery = true;
    ptoRecovery = false;
    recoveryDeliveredBytes = path.deliveredBytes();
  }

  private void onEnterRto(long lostPacketNumber) {
    if (!inRecovery) {
      priorCwndBytes = saveCwnd();
      inRecovery = true;
    }
    if (!ptoRecovery) {
      long priorBw = bwBytesPerSecond > 0 ? bwBytesPerSecond : maxBwBytesPerSecond;
      if (priorBw > 0 && minRttMicros != INFINITE) {
        bdpSeedBytes = Math.max(bdpSeedBytes, inflightWithBw(1.0, priorBw));
      }
      congestionWindowBytes = path.bytesInFlight() + mtu();
      recoveryPacketNumber = lostPacketNumber;
      ptoRecovery = true;
      recoveryDeliveredBytes = path.deliveredBytes();
    }
  }

  private void onExitRecovery(long nowMicros) {
    if (!inRecovery) {
      return;
    }
    // picoquic also zeroes the path's bandwidth_estimate_max here; only its session-ticket code
    // reads that field, so nothing a controller sees depends on it.
    congestionWindowBytes = restoreCwnd();
    recoveryPacketNumber = INFINITE;
    packetConservation = false;
    if (ptoRecovery) {
      reEnterStartup();
    } else if (state == BbrState.PROBE_BW_UP) {
      startProbeBwDown(nowMicros);
    }
    recoveryDeliveredBytes = path.deliveredBytes();
    inRecovery = false;
    ptoRecovery = false;
    // Loss episodes must not trigger ProbeRTT.
    probeRttMinStampMicros = nowMicros;
    minRttStampMicros = nowMicros;
  }

  private void updatePtoRecoveryOnRepeatLoss(long newlyLostBytes) {
    long retransmitCount =
        path.largestAckedPacketNumber() > largestAckedAtProbeTimeout ? 0 : probeTimeoutCount;
    if (retransmitCount >= 1 && inRecovery && ptoRecovery) {
      if (congestionWindowBytes > newlyLostBytes) {
        congestionWindowBytes = Math.max(congestionWindowBytes - newlyLostBytes, 2 * mtu());
      }
    }
  }

  private void handleLostPacket(long nowMicros, LossSample loss) {
    if (!bwProbeSamples || state != BbrState.PROBE_BW_UP) {
      return;
    }
    BbrRateSample rs = lossSample;
    rs.clear();
    rs.deliveryRateBytesPerSecond =
        sampleRate(
            path.deliveryRateBytesPerSecond(),
            loss.deliveredSinceSentBytes(),
            path.latestRttMicros());
    rs.deliveredBytes = loss.deliveredSinceSentBytes();
    rs.rttMicros = path.latestRttMicros();
    rs.newlyLostBytes = loss.sizeBytes();
    rs.lostBytes = loss.lostSinceSentBytes();
    rs.txInFlightBytes = loss.bytesInFlightAtSend();
    rs.applicationLimited = loss.applicationLimitedAtSend();
    rs.congestionWindowLimited = loss.congestionWindowLimitedAtSend();
    if (isInflightTooHigh(rs)) {
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

  // ---------------------------------------------------------------- ProbeBW

  private boolean isProbingBw() {
    return !(state == BbrState.PROBE_BW_DOWN
        || state == BbrState.PROBE_BW_CRUISE
        || state == BbrState.DRAIN
        || state == BbrState.PROBE_RTT);
  }

  private void enterProbeBw(long nowMicros) {
    bwProbeCeilingBytesPerSecond = bwBytesPerSecond + bwBytesPerSecond / 2;
    startProbeBwDown(nowMicros);
  }

  private void startProbeBwDown(long nowMicros) {
    pacingGain = DOWN_PACING_GAIN;
    cwndGain = DEFAULT_CWND_GAIN;
    resetCongestionSignals();
    bwProbeUpCount = UINT32_MAX;
    if (probeBwQuickly) {
      pickProbeWaitEarly();
    } else {
      pickProbeWait();
    }
    cycleStampMicros = nowMicros;
    ackPhase = AckPhase.PROBE_STOPPING;
    startRound();
    state = BbrState.PROBE_BW_DOWN;
    rttExcessCount = 0;
    appLimitedRoundCount = 0;
    appLimitedThisRound = false;
  }

  private void startProbeBwCruise() {
    pacingGain = 1.0;
    cwndGain = DEFAULT_CWND_GAIN;
    state = BbrState.PROBE_BW_CRUISE;
  }

  private void startProbeBwRefill() {
    pacingGain = 1.0;
    cwndGain = DEFAULT_CWND_GAIN;
    resetLowerBounds();
    bwProbeUpRounds = 0;
    bwProbeUpAckedBytes = 0;
    fullBwBytesPerSecond = maxBwBytesPerSecond;
    ackPhase = AckPhase.REFILLING;
    startRound();
    state = BbrState.PROBE_BW_REFILL;
  }

  private void startProbeBwUp(long nowMicros) {
    rttExcessCount = 0;
    pacingGain = UP_PACING_GAIN;
    cwndGain = UP_CWND_GAIN;
    ackPhase = AckPhase.PROBE_STARTING;
    startRound();
    cycleStampMicros = nowMicros;
    state = BbrState.PROBE_BW_UP;
    raiseInflightHiSlope();
  }

  private void pickProbeWait() {
    roundsSinceBwProbe = PicoquicRandom.between(random, 0, 1);
    if (minRttMicros < LONG_RTT_THRESHOLD_MICROS) {
      bwProbeWaitMicros = 2_000_000 + PicoquicRandom.between(random, 0, 1_000_000);
    } else {
      bwProbeWaitMicros = 8 * minRttMicros + PicoquicRandom.between(random, 0, 4 * minRttMicros);
    }
  }

  private void pickProbeWaitEarly() {
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
    long renoRounds = targetInflight() / mtu();
    long rounds = Math.min(renoRounds, RENO_PROBE_ROUND_LIMIT);
    // picoquic quirk: rounds_since_bw_probe only ever holds the random 0 or 1 drawn at DOWN entry
    // (rounds are counted in rounds_since_probe), so this is false whenever the BDP is >= 2 MTU.
    return roundsSinceBwProbe >= rounds;
  }

  private boolean checkAppLimitedEnded(BbrRateSample rs) {
    boolean ended = false;
    if (roundStart) {
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
    long inflightBytes = path.bytesInFlight();
    if (inflightBytes > inflightWithHeadroom()) {
      return false;
    }
    return inflightBytes <= inflightWithBw(1.0, maxBwBytesPerSecond);
  }

  private boolean checkPathSaturated(BbrRateSample rs) {
    if (state.isProbeBw()
        && rs.rttMicros > saturatedProduct(2, minRttMicros)
        && roundsSinceBwProbe >= 1
        && pacingRateBytesPerSecond > (double) (3 * rs.deliveryRateBytesPerSecond)) {
      // picoquic quirk: prior_cwnd receives a delivered volume here.
      priorCwndBytes = rs.deliveredBytes;
      probeRttDoneStampMicros = 0;
      ackPhase = AckPhase.PROBE_STOPPING;
      maxBwFilter.fill(rs.deliveryRateBytesPerSecond);
      maxBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
      fullBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
      enterDrain();
      startRound();
      return true;
    }
    return false;
  }

  private void raiseInflightHiSlope() {
    long growthThisRound = mtu() << bwProbeUpRounds;
    bwProbeUpRounds = Math.min(bwProbeUpRounds + 1, 30);
    // picoquic stores the count in a uint32_t.
    long upCount = (congestionWindowBytes / growthThisRound) & UINT32_MAX;
    bwProbeUpCount = Math.max(upCount, 1);
  }

  private void probeInflightHiUpward(BbrRateSample rs) {
    if (!rs.congestionWindowLimited || congestionWindowBytes < inflightHiBytes) {
      return;
    }
    bwProbeUpAckedBytes += rs.newlyAckedBytes;
    if (bwProbeUpAckedBytes >= bwProbeUpCount * mtu()) {
      long delta = bwProbeUpAckedBytes / bwProbeUpCount;
      bwProbeUpAckedBytes -= delta * bwProbeUpCount;
      inflightHiBytes += delta;
    }
    if (roundStart) {
      raiseInflightHiSlope();
    }
  }

  private void adaptUpperBounds(BbrRateSample rs, long nowMicros) {
    if (ackPhase == AckPhase.PROBE_STARTING && roundStart) {
      ackPhase = AckPhase.PROBE_FEEDBACK;
    }
    if (ackPhase == AckPhase.PROBE_STOPPING && roundStart) {
      if (state.isProbeBw() && !rs.applicationLimited) {
        advanceMaxBwFilter();
      }
    }
    if (!checkInflightTooHigh(rs, nowMicros)) {
      if (inflightHiBytes == INFINITE) {
        return;
      }
      // With inflight_hi starting at 0, the first ACK after Startup raises it to that ACK's
      // in-flight at send time: in effect the largest in-flight of the end of Startup.
      if (rs.txInFlightBytes > inflightHiBytes) {
        inflightHiBytes = rs.txInFlightBytes;
      }
      if (state == BbrState.PROBE_BW_UP) {
        probeInflightHiUpward(rs);
      }
    }
  }

  private void updateProbeBwCyclePhase(BbrRateSample rs, long nowMicros) {
    if (!filledPipe) {
      return;
    }
    adaptUpperBounds(rs, nowMicros);
    switch (state) {
      case PROBE_BW_DOWN:
        if (checkTimeToProbeBw(rs, nowMicros) || checkPathSaturated(rs)) {
          return;
        }
        if (checkTimeToCruise()) {
          if (15 * maxBwBytesPerSecond >= 16 * fullBwBytesPerSecond
              && rs.ecnAlpha <= EXCESSIVE_ECN_CE) {
            fullBwBytesPerSecond = maxBwBytesPerSecond;
            fullBwCount = 0;
            probeBwQuickly = true;
          } else {
            fullBwCount++;
            if (fullBwCount > 3 || rs.ecnAlpha > EXCESSIVE_ECN_CE) {
              probeBwQuickly = false;
              fullBwCount = 0;
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
        if (roundStart) {
          bwProbeSamples = true;
          startProbeBwUp(nowMicros);
        }
        break;
      case PROBE_BW_UP:
        if (hasElapsedInPhase(minRttMicros, nowMicros)
            && minRttMicros > MIN_RTT_THRESHOLD_MICROS
            && (rttExcessCount > 0
                || path.bytesInFlight() > inflightWithBw(UP_PACING_GAIN, maxBwBytesPerSecond))) {
          startProbeBwDown(nowMicros);
        }
        break;
      default:
        return;
    }
    if (bwBytesPerSecond > bwProbeCeilingBytesPerSecond) {
      reEnterStartup();
    }
  }

  // ---------------------------------------------------------------- min RTT and ProbeRTT

  private boolean isRttTooHigh() {
    return rttExcessCount > RttJitterBuffer.LENGTH;
  }

  private void updateMinRtt(BbrRateSample rs, long nowMicros) {
    if (minRttMicros != INFINITE) {
      // picoquic's comment says 20 %; (min_rtt * 5) * 100 / 10^6 is 0.05 %.
      long marginMicros = (minRttMicros * MIN_RTT_MARGIN_PERCENT) * 100 / 1_000_000;
      if (maxBwBytesPerSecond > 0) {
        marginMicros += 2 * mtu() * 1_000_000 / maxBwBytesPerSecond;
      }
      minRttMarginMicros = marginMicros;
    }
    jitterBuffer.offer(rs.rttMicros, nowMicros);
    long shortTermMin = jitterBuffer.shortTermMinMicros();
    long shortTermMax = jitterBuffer.shortTermMaxMicros();
    if (minRttMicros != INFINITE) {
      long intervalMicros =
          minRttMicros <= LONG_RTT_THRESHOLD_MICROS
              ? PROBE_RTT_INTERVAL_MICROS
              : minRttMicros * 100;
      probeRttExpired = nowMicros > probeRttMinStampMicros + intervalMicros;
    }
    if (shortTermMax < probeRttMinDelayMicros || probeRttExpired || jitterBuffer.isFilling()) {
      // picoquic keeps the MAXIMUM of the last seven samples as the ProbeRTT candidate.
      probeRttMinDelayMicros = shortTermMax;
      probeRttMinStampMicros = nowMicros;
    } else if (shortTermMin < saturatedSum(minRttMicros, minRttMarginMicros)) {
      // A short-term minimum close to min_rtt counts as a refresh and postpones ProbeRTT.
      probeRttMinStampMicros = nowMicros;
      minRttStampMicros = nowMicros;
    }
    boolean minRttExpired = nowMicros > minRttStampMicros + MIN_RTT_FILTER_MICROS;
    if (probeRttMinDelayMicros < minRttMicros || minRttExpired || jitterBuffer.isFilling()) {
      minRttMicros = probeRttMinDelayMicros;
      minRttStampMicros = probeRttMinStampMicros;
    }
    if (shortTermMin > minRttMicros && minRttMicros > MIN_RTT_THRESHOLD_MICROS) {
      if (shortTermMin > minRttMicros + MIN_RTT_MARGIN_MICROS + minRttMicros / 4) {
        rttExcessCount++;
      }
    } else {
      rttExcessCount = 0;
    }
  }

  private void checkProbeRtt(BbrRateSample rs, long nowMicros) {
    if (state != BbrState.PROBE_RTT && probeRttExpired && !idleRestart) {
      state = BbrState.PROBE_RTT;
      pacingGain = 1.0;
      cwndGain = PROBE_RTT_CWND_GAIN;
      // picoquic overwrites min_rtt with the raw sample, then saves the window AFTER switching
      // state, so prior_cwnd becomes max(prior_cwnd, cwnd).
      minRttMicros = rs.rttMicros;
      priorCwndBytes = saveCwnd();
      probeRttDoneStampMicros = 0;
      ackPhase = AckPhase.PROBE_STOPPING;
      startRound();
    }
    if (state == BbrState.PROBE_RTT) {
      handleProbeRtt(rs, nowMicros);
    }
    if (rs.deliveredBytes > 0) {
      idleRestart = false;
    }
  }

  private void handleProbeRtt(BbrRateSample rs, long nowMicros) {
    // picoquic tests the in-flight when the acknowledged packet was sent, not the current one.
    if (probeRttDoneStampMicros == 0 && rs.txInFlightBytes <= probeRttCwnd()) {
      probeRttDoneStampMicros = nowMicros + PROBE_RTT_DURATION_MICROS;
      probeRttRoundDone = false;
      startRound();
    } else if (probeRttDoneStampMicros != 0) {
      if (roundStart) {
        probeRttRoundDone = true;
      }
      if (probeRttRoundDone) {
        checkProbeRttDone(nowMicros);
      }
    }
  }

  private void checkProbeRttDone(long nowMicros) {
    if (probeRttDoneStampMicros != 0 && nowMicros > probeRttDoneStampMicros) {
      probeRttMinStampMicros = nowMicros;
      congestionWindowBytes = restoreCwnd();
      resetLowerBounds();
      path.overrideMinRttMicros(minRttMicros);
      if (filledPipe) {
        enterProbeBw(nowMicros);
        startProbeBwCruise();
      } else {
        enterStartup();
      }
    }
  }

  // ---------------------------------------------------------------- ECN

  private void computeEcnFraction(BbrRateSample rs) {
    long ect0 = path.peerEct0Total();
    long ect1 = path.peerEct1Total();
    long ce = path.peerCeTotal();
    rs.ecnFraction = 0;
    if (ect0 >= ect0LastRound && ect1 >= ect1LastRound && ce >= ceLastRound) {
      long deltaEct0 = ect0 - ect0LastRound;
      long deltaEct1 = ect1 - ect1LastRound;
      long deltaCe = ce - ceLastRound;
      long total = deltaEct0 + deltaEct1 + deltaCe;
      if (total > 0) {
        rs.ecnFraction = (double) deltaCe / (double) total;
        // picoquic leaves the sample's alpha at 0 when no ECN-counted packet arrived this round.
        rs.ecnAlpha = (rs.ecnFraction + 15.0 * ecnAlpha) / 16.0;
      }
    }
  }

  private void advanceEcnFraction(BbrRateSample rs) {
    if (!roundStart) {
      return;
    }
    long ect0 = path.peerEct0Total();
    long ect1 = path.peerEct1Total();
    long ce = path.peerCeTotal();
    if (ect0 < ect0LastRound || ect1 < ect1LastRound || ce < ceLastRound) {
      ecnAlpha = 0;
    } else {
      ecnAlpha = (rs.ecnFraction + 15.0 * ecnAlpha) / 16.0;
    }
    ect0LastRound = ect0;
    ect1LastRound = ect1;
    ceLastRound = ce;
  }
}

package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrArithmetic.INFINITE;
import static dev.moqbed.cc.bbr.BbrArithmetic.bytesFromRate;
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
import java.util.random.RandomGenerator;

/**
 * BBRv3 as draft-ietf-ccwg-bbr-06 (July 2026) specifies it: Startup, Drain, ProbeBW
 * DOWN/CRUISE/REFILL/UP, ProbeRTT, the long-term (inflight_longterm, the older drafts' inflight_hi)
 * and short-term (bw_shortterm, inflight_shortterm) bounds, precautionary probing and the
 * spurious-loss undo. It uses the transport's delivery-rate samples from {@link AckSample}. Method
 * names follow the draft's pseudocode; {@code docs/cc/bbr.md} lists where the draft leaves a choice
 * open and what this class chose.
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

  private final PathView path;
  private final RandomGenerator random;
  private final BbrRateSample ackSample = new BbrRateSample();
  private final BbrRateSample lossSample = new BbrRateSample();
  private final SlotMaxFilter maxBwFilter = new SlotMaxFilter(2);
  private final SlotMaxFilter extraAckedFilter = new SlotMaxFilter(EXTRA_ACKED_FILTER_LENGTH);

  private long congestionWindowBytes = INITIAL_CWND_BYTES;
  private double pacingRateBytesPerSecond;
  private long sendQuantumBytes;
  private BbrState state = BbrState.STARTUP;
  private double pacingGain;
  private double cwndGain;
  private boolean startupEnded;

  private long roundCount;
  private boolean roundStart;
  private long nextRoundDeliveredBytes;
  private long drainStartRound;
  private boolean idleRestart;

  private long maxBwBytesPerSecond;
  private long bwShorttermBytesPerSecond;
  private long bwBytesPerSecond;
  private long cycleCount;

  private long minRttMicros;
  private long minRttStampMicros;
  private long probeRttMinDelayMicros;
  private long probeRttMinStampMicros;
  private boolean probeRttExpired;
  private long probeRttDoneStampMicros;
  private boolean probeRttRoundDone;
  private long priorCwndBytes;

  private long bdpBytes;
  private long extraAckedBytes;
  private long extraAckedIntervalStartMicros;
  private long extraAckedDeliveredBytes;
  private long maxInflightBytes;
  private long inflightLongtermBytes = INFINITE;
  private long inflightShorttermBytes;
  private long bwLatestBytesPerSecond;
  private long inflightLatestBytes;

  private boolean fullBwReached;
  private boolean fullBwNow;
  private long fullBwBytesPerSecond;
  private int fullBwCount;

  private AckPhase ackPhase = AckPhase.INIT;
  private boolean bwProbeSample;
  private boolean lossInRound;
  private boolean lossRoundStart;
  private long lossRoundDeliveredBytes;
  private long bwProbeUpAckedBytes;
  private long probeUpAckedPerIncrementBytes = INFINITE;
  private int bwProbeUpRounds;
  private long roundsSinceProbeUp;
  private long bwProbeWaitMicros;
  private long cycleStampMicros;
  private boolean prevProbeTooHigh;
  private boolean prevProbePrecautionary;

  private BbrState undoState;
  private long undoBwShorttermBytesPerSecond;
  private long undoInflightShorttermBytes;
  private long undoInflightLongtermBytes;

  // The transport's recovery episode, as BBR needs it for SaveCwnd/RestoreCwnd and the undo.
  private boolean inRecovery;
  private boolean rtoRecovery;
  private long recoveryPacketNumber;
  private long episodeFirstLostPacketNumber;
  private long episodeLostPackets;
  private long episodeSpuriousPackets;

  // Loss ranges for the Startup high-loss exit.
  private long lossRangesInRound;
  private long lossRangesInEndedRound;
  private long lossRangesFound;
  private long latestLossPacketNumber;

  // Losses reported just before the ACK that found them.
  private long pendingLossMicros = Long.MIN_VALUE;
  private long pendingLostBytes;

  // C.is_cwnd_limited: the window was fully used at some point in the last round.
  private boolean cwndLimitedThisRound;
  private boolean cwndLimitedLastRound;

  // ECN totals at the previous ACK.
  private long ect0AtLastAck;
  private long ect1AtLastAck;
  private long ceAtLastAck;

  public DraftBbrController(ControllerEnvironment environment) {
    this.path = environment.path();
    this.random = environment.random();
    long nowMicros = environment.nowMicros();
    boolean rttSampled =
        path.smoothedRttMicros() != PicoquicBbrController.INITIAL_RTT_MICROS
            || path.rttVarianceMicros() != 0;
    minRttMicros = rttSampled ? path.smoothedRttMicros() : INFINITE;
    minRttStampMicros = nowMicros;
    probeRttMinDelayMicros = minRttMicros;
    probeRttMinStampMicros = nowMicros;
    extraAckedIntervalStartMicros = nowMicros;
    resetCongestionSignals();
    resetShortTermModel();
    resetFullBw();
    double nominalBandwidth =
        (double) INITIAL_CWND_BYTES
            * 1e6
            / (double) (rttSampled ? path.smoothedRttMicros() : NO_SAMPLE_RTT_MICROS);
    pacingRateBytesPerSecond = STARTUP_PACING_GAIN * nominalBandwidth;
    setSendQuantum();
    enterStartup();
    ect0AtLastAck = path.peerEct0Total();
    ect1AtLastAck = path.peerEct1Total();
    ceAtLastAck = path.peerCeTotal();
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
    if (!inRecovery) {
      enterRecovery(loss);
    }
    if (loss.trigger() == LossTrigger.TIMER && !rtoRecovery) {
      // OnEnterRTO: SaveCwnd and SaveStateUponLoss, then room for one packet beyond the flight.
      saveStateUponLoss();
      rtoRecovery = true;
      recoveryPacketNumber = path.nextPacketNumber();
      congestionWindowBytes = path.bytesInFlight() + mtu();
    }
    episodeLostPackets++;
    if (pendingLossMicros != nowMicros) {
      pendingLossMicros = nowMicros;
      pendingLostBytes = 0;
    }
    pendingLostBytes += loss.sizeBytes();
    if (lossRangesFound == 0 || loss.packetNumber() != latestLossPacketNumber + 1) {
      lossRangesFound++;
      lossRangesInRound++;
    }
    latestLossPacketNumber = loss.packetNumber();
    handleLostPacket(nowMicros, loss);
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    long newlyLostBytes = pendingLossMicros == nowMicros ? pendingLostBytes : 0;
    pendingLossMicros = Long.MIN_VALUE;
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
    if (inRecovery && ack.largestAckedPacketNumber() >= recoveryPacketNumber) {
      inRecovery = false;
      rtoRecovery = false;
      congestionWindowBytes = Math.max(congestionWindowBytes, priorCwndBytes);
    }
    respondToEcn(rs, nowMicros);

    updateLatestDeliverySignals(rs, priorDeliveredBytes);
    updateCongestionSignals(rs, priorDeliveredBytes);
    updateAckAggregation(rs, nowMicros);
    checkFullBwReached(rs);
    checkStartupDone(rs);
    checkDrainDone(nowMicros);
    updateProbeBwCyclePhase(rs, nowMicros);
    updateMinRtt(rs, nowMicros);
    checkProbeRtt(rs, nowMicros);
    advanceLatestDeliverySignals(rs);
    bwBytesPerSecond = Math.min(maxBwBytesPerSecond, bwShorttermBytesPerSecond);

    setPacingRateWithGain(pacingGain);
    setSendQuantum();
    setCwnd(rs);
  }

  @Override
  public void onSpuriousLoss(long nowMicros, long packetNumber) {
    if (episodeLostPackets == 0) {
      return;
    }
    if (packetNumber >= episodeFirstLostPacketNumber) {
      episodeSpuriousPackets++;
    }
    // The episode was spurious once every packet it declared lost has been acknowledged.
    if (episodeLostPackets > 0 && episodeSpuriousPackets >= episodeLostPackets) {
      handleSpuriousLossDetection();
      inRecovery = false;
      rtoRecovery = false;
      episodeLostPackets = 0;
      episodeSpuriousPackets = 0;
    }
  }

  @Override
  public void onCongestionWindowBlocked(long nowMicros) {
    cwndLimitedThisRound = true;
  }

  @Override
  public void onIdleRestart(long nowMicros) {
    idleRestart = true;
    extraAckedIntervalStartMicros = nowMicros;
    if (state.isProbeBw()) {
      setPacingRateWithGain(1.0);
    } else if (state == BbrState.PROBE_RTT) {
      checkProbeRttDone(nowMicros);
    }
  }

  @Override
  public long congestionWindowBytes() {
    return congestionWindowBytes;
  }

  @Override
  public long pacingRateBytesPerSecond() {
    return Math.max(1, (long) pacingRateBytesPerSecond);
  }

  @Override
  public long pacingQuantumBytes() {
    return sendQuantumBytes;
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
    visitor.value("bw_bytes_per_second", bwBytesPerSecond);
    visitor.value("max_bw_bytes_per_second", maxBwBytesPerSecond);
    visitor.value("min_rtt_micros", minRttMicros);
    visitor.value("inflight_longterm_bytes", inflightLongtermBytes);
    visitor.value("inflight_shortterm_bytes", inflightShorttermBytes);
    visitor.value("bw_shortterm_bytes_per_second", bwShorttermBytesPerSecond);
    visitor.value("extra_acked_bytes", extraAckedBytes);
    visitor.value("round_count", roundCount);
    visitor.value("full_bw_reached", fullBwReached ? 1 : 0);
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
    return minRttMicros;
  }

  long maxBwBytesPerSecond() {
    return maxBwBytesPerSecond;
  }

  long inflightLongtermBytes() {
    return inflightLongtermBytes;
  }

  long inflightShorttermBytes() {
    return inflightShorttermBytes;
  }

  long bwShorttermBytesPerSecond() {
    return bwShorttermBytesPerSecond;
  }

  long bdpBytes() {
    return bdpBytes;
  }

  long bwProbeWaitMicros() {
    return bwProbeWaitMicros;
  }

  long roundCount() {
    return roundCount;
  }

  long roundsSinceProbeUp() {
    return roundsSinceProbeUp;
  }

  boolean fullBwReached() {
    return fullBwReached;
  }

  boolean prevProbeTooHigh() {
    return prevProbeTooHigh;
  }

  private long mtu() {
    return path.maxDatagramSizeBytes();
  }

  private long minPipeCwnd() {
    return MIN_PIPE_CWND_PACKETS * mtu();
  }

  // ---------------------------------------------------------------- rounds and bandwidth

  private void updateRound(long priorDeliveredBytes) {
    if (priorDeliveredBytes >= nextRoundDeliveredBytes) {
      startRound();
      roundCount++;
      roundsSinceProbeUp++;
      roundStart = true;
      extraAckedFilter.startUnit(roundCount);
      cwndLimitedLastRound = cwndLimitedThisRound;
      cwndLimitedThisRound = false;
    } else {
      roundStart = false;
    }
  }

  private void startRound() {
    nextRoundDeliveredBytes = path.deliveredBytes();
  }

  private boolean isCwndLimited() {
    return cwndLimitedThisRound || cwndLimitedLastRound;
  }

  private void updateMaxBw(BbrRateSample rs, long priorDeliveredBytes) {
    updateRound(priorDeliveredBytes);
    if (rs.deliveryRateBytesPerSecond > 0
        && (rs.deliveryRateBytesPerSecond >= maxBwBytesPerSecond || !rs.applicationLimited)) {
      maxBwBytesPerSecond = maxBwFilter.update(rs.deliveryRateBytesPerSecond, cycleCount);
    }
  }

  private void updateAckAggregation(BbrRateSample rs, long nowMicros) {
    long intervalMicros = nowMicros - extraAckedIntervalStartMicros;
    long expectedDeliveredBytes = bytesFromRate(intervalMicros, bwBytesPerSecond);
    if (extraAckedDeliveredBytes <= expectedDeliveredBytes) {
      extraAckedDeliveredBytes = 0;
      extraAckedIntervalStartMicros = nowMicros;
      expectedDeliveredBytes = 0;
    }
    extraAckedDeliveredBytes += rs.newlyAckedBytes;
    long extraBytes =
        Math.min(extraAckedDeliveredBytes - expectedDeliveredBytes, congestionWindowBytes);
    int window = fullBwReached ? EXTRA_ACKED_FILTER_LENGTH : 1;
    extraAckedBytes = extraAckedFilter.update(extraBytes, roundCount, window);
  }

  // ---------------------------------------------------------------- congestion signals

  private void updateLatestDeliverySignals(BbrRateSample rs, long priorDeliveredBytes) {
    lossRoundStart = false;
    bwLatestBytesPerSecond = Math.max(bwLatestBytesPerSecond, rs.deliveryRateBytesPerSecond);
    inflightLatestBytes = Math.max(inflightLatestBytes, rs.deliveredBytes);
    if (priorDeliveredBytes >= lossRoundDeliveredBytes) {
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

  private void updateCongestionSignals(BbrRateSample rs, long priorDeliveredBytes) {
    updateMaxBw(rs, priorDeliveredBytes);
    if (!lossRoundStart) {
      return;
    }
    if (!isProbingBw() && lossInRound) {
      if (bwShorttermBytesPerSecond == INFINITE) {
        bwShorttermBytesPerSecond = maxBwBytesPerSecond;
      }
      if (inflightShorttermBytes == INFINITE) {
        inflightShorttermBytes = congestionWindowBytes;
      }
      bwShorttermBytesPerSecond =
          Math.max(bwLatestBytesPerSecond, scaled(BETA, bwShorttermBytesPerSecond));
      inflightShorttermBytes = Math.max(inflightLatestBytes, scaled(BETA, inflightShorttermBytes));
    }
    lossRangesInEndedRound = lossInRound ? lossRangesInRound : 0;
    lossRangesInRound = 0;
    lossInRound = false;
  }

  private void resetShortTermModel() {
    bwShorttermBytesPerSecond = INFINITE;
    inflightShorttermBytes = INFINITE;
  }

  private boolean isProbingBw() {
    return state == BbrState.STARTUP
        || state == BbrState.PROBE_BW_REFILL
        || state == BbrState.PROBE_BW_UP;
  }

  private boolean isInflightTooHigh(BbrRateSample rs) {
    return rs.lostBytes > (long) ((double) rs.txInFlightBytes * LOSS_THRESHOLD);
  }

  private void handleInflightTooHigh(BbrRateSample rs, long nowMicros) {
    prevProbeTooHigh = true;
    bwProbeSample = false;
    if (!rs.applicationLimited) {
      inflightLongtermBytes = Math.max(rs.txInFlightBytes, scaled(BETA, targetInflight()));
    }
    if (state == BbrState.PROBE_BW_UP) {
      undoState = BbrState.PROBE_BW_UP;
      startProbeBwDown(nowMicros);
    }
  }

  private void noteLoss() {
    if (!lossInRound) {
      lossRoundDeliveredBytes = path.deliveredBytes();
      saveStateUponLoss();
    }
    lossInRound = true;
  }

  private void handleLostPacket(long nowMicros, LossSample loss) {
    noteLoss();
    if (!bwProbeSample) {
      return;
    }
    BbrRateSample rs = lossSample;
    rs.clear();
    // The draft's P.tx_in_flight counts the packet itself.
    rs.txInFlightBytes = loss.bytesInFlightAtSend() + loss.sizeBytes();
    rs.lostBytes = loss.lostSinceSentBytes();
    rs.applicationLimited = loss.applicationLimitedAtSend();
    if (isInflightTooHigh(rs)) {
      rs.txInFlightBytes = inflightAtLoss(rs, loss.sizeBytes());
      handleInflightTooHigh(rs, nowMicros);
    }
  }

  /** The in-flight volume at which the loss rate crossed LossThresh within the lost packet. */
  static long inflightAtLoss(BbrRateSample rs, long packetBytes) {
    double inflightPrev = (double) (rs.txInFlightBytes - packetBytes);
    double lostPrev = (double) (rs.lostBytes - packetBytes);
    double lostPrefix = (LOSS_THRESHOLD * inflightPrev - lostPrev) / (1.0 - LOSS_THRESHOLD);
    return Math.max(0, (long) (inflightPrev + lostPrefix));
  }

  /**
   * CE marks are congestion (draft section 2.14): a lossy round, and a probe that went too high.
   */
  private void respondToEcn(BbrRateSample rs, long nowMicros) {
    long ect0 = path.peerEct0Total();
    long ect1 = path.peerEct1Total();
    long ce = path.peerCeTotal();
    long deltaCe = ce - ceAtLastAck;
    long total = (ect0 - ect0AtLastAck) + (ect1 - ect1AtLastAck) + deltaCe;
    ect0AtLastAck = ect0;
    ect1AtLastAck = ect1;
    ceAtLastAck = ce;
    if (deltaCe <= 0 || total <= 0) {
      return;
    }
    noteLoss();
    if (bwProbeSample && (double) deltaCe / (double) total > LOSS_THRESHOLD) {
      handleInflightTooHigh(rs, nowMicros);
    }
  }

  // ---------------------------------------------------------------- recovery and undo

  private void enterRecovery(LossSample loss) {
    saveCwnd();
    inRecovery = true;
    recoveryPacketNumber = path.nextPacketNumber();
    episodeFirstLostPacketNumber = loss.packetNumber();
    episodeLostPackets = 0;
    episodeSpuriousPackets = 0;
    saveStateUponLoss();
  }

  private void saveCwnd() {
    if (!inRecovery && state != BbrState.PROBE_RTT) {
      priorCwndBytes = congestionWindowBytes;
    } else {
      priorCwndBytes = Math.max(priorCwndBytes, congestionWindowBytes);
    }
  }

  private void saveStateUponLoss() {
    saveCwnd();
    undoState = null;
    undoBwShorttermBytesPerSecond = bwShorttermBytesPerSecond;
    undoInflightShorttermBytes = inflightShorttermBytes;
    undoInflightLongtermBytes = inflightLongtermBytes;
  }

  private void handleSpuriousLossDetection() {
    congestionWindowBytes = Math.max(congestionWindowBytes, priorCwndBytes);
    lossInRound = false;
    resetFullBw();
    bwShorttermBytesPerSecond = Math.max(bwShorttermBytesPerSecond, undoBwShorttermBytesPerSecond);
    inflightShorttermBytes = Math.max(inflightShorttermBytes, undoInflightShorttermBytes);
    inflightLongtermBytes = Math.max(inflightLongtermBytes, undoInflightLongtermBytes);
    if (undoState == BbrState.STARTUP && state != BbrState.STARTUP) {
      fullBwReached = false;
      if (state != BbrState.PROBE_RTT) {
        enterStartup();
      }
    } else if (undoState == BbrState.PROBE_BW_UP && state != BbrState.PROBE_BW_UP) {
      if (state != BbrState.PROBE_RTT) {
        startProbeBwRefill();
      }
    }
    undoState = null;
  }

  // ---------------------------------------------------------------- Startup and Drain

  private void enterStartup() {
    state = BbrState.STARTUP;
    pacingGain = STARTUP_PACING_GAIN;
    cwndGain = DEFAULT_CWND_GAIN;
  }

  private void resetFullBw() {
    fullBwBytesPerSecond = 0;
    fullBwCount = 0;
    fullBwNow = false;
  }

  private void checkFullBwReached(BbrRateSample rs) {
    if (fullBwNow || !roundStart || rs.applicationLimited) {
      return;
    }
    if ((double) rs.deliveryRateBytesPerSecond >= (double) fullBwBytesPerSecond * FULL_BW_GROWTH) {
      resetFullBw();
      fullBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
      return;
    }
    fullBwCount++;
    fullBwNow = fullBwCount >= FULL_BW_ROUNDS;
    if (fullBwNow) {
      fullBwReached = true;
    }
  }

  private void checkStartupDone(BbrRateSample rs) {
    checkStartupHighLoss(rs);
    if (state == BbrState.STARTUP && fullBwReached) {
      enterDrain();
    }
  }

  /**
   * The draft gives this step in prose only. Read here as: at the end of a loss round (one round
   * after the first loss, so recovery lasted a full round) that saw at least six discontiguous lost
   * ranges, with this ACK's loss rate above LossThresh.
   */
  private void checkStartupHighLoss(BbrRateSample rs) {
    if (state != BbrState.STARTUP || fullBwReached || !lossRoundStart) {
      return;
    }
    if (lossRangesInEndedRound >= STARTUP_FULL_LOSS_COUNT && isInflightTooHigh(rs)) {
      undoState = BbrState.STARTUP;
      fullBwReached = true;
      fullBwNow = true;
      inflightLongtermBytes = Math.max(bdpBytes, inflightLatestBytes);
    }
  }

  private void enterDrain() {
    startupEnded = true;
    state = BbrState.DRAIN;
    pacingGain = DRAIN_PACING_GAIN;
    cwndGain = DEFAULT_CWND_GAIN;
    drainStartRound = roundCount;
  }

  private void checkDrainDone(long nowMicros) {
    if (state == BbrState.DRAIN
        && (path.bytesInFlight() <= inflight(bwBytesPerSecond, 1.0)
            || roundCount > drainStartRound + DRAIN_MAX_ROUNDS)) {
      cwndGain = DEFAULT_CWND_GAIN;
      startProbeBwDown(nowMicros);
    }
  }

  // ---------------------------------------------------------------- ProbeBW

  private void startProbeBwDown(long nowMicros) {
    resetCongestionSignals();
    probeUpAckedPerIncrementBytes = INFINITE;
    pickProbeWait();
    cycleStampMicros = nowMicros;
    ackPhase = AckPhase.PROBE_STOPPING;
    startRound();
    state = BbrState.PROBE_BW_DOWN;
    pacingGain = DOWN_PACING_GAIN;
    cwndGain = DEFAULT_CWND_GAIN;
  }

  private void startProbeBwCruise() {
    state = BbrState.PROBE_BW_CRUISE;
    pacingGain = 1.0;
    cwndGain = DEFAULT_CWND_GAIN;
  }

  private void startProbeBwRefill() {
    resetShortTermModel();
    bwProbeUpRounds = 0;
    bwProbeUpAckedBytes = 0;
    prevProbePrecautionary = false;
    ackPhase = AckPhase.REFILLING;
    startRound();
    state = BbrState.PROBE_BW_REFILL;
    pacingGain = 1.0;
    cwndGain = DEFAULT_CWND_GAIN;
  }

  private void startProbeBwUp(BbrRateSample rs) {
    ackPhase = AckPhase.PROBE_STARTING;
    startRound();
    resetFullBw();
    fullBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
    state = BbrState.PROBE_BW_UP;
    pacingGain = UP_PACING_GAIN;
    cwndGain = UP_CWND_GAIN;
    raiseInflightLongtermSlope();
  }

  private void pickProbeWait() {
    roundsSinceProbeUp = PicoquicRandom.between(random, 0, 1);
    bwProbeWaitMicros =
        PROBE_WAIT_BASE_MICROS + PicoquicRandom.between(random, 0, PROBE_WAIT_RANDOM_MICROS);
  }

  private boolean isRenoCoexistenceProbeTime() {
    // The draft writes reno_rounds = TargetInflight(), a volume; rounds are counted in packets.
    long renoRounds = targetInflight() / mtu();
    return roundsSinceProbeUp >= Math.min(renoRounds, RENO_PROBE_ROUND_LIMIT);
  }

  private long targetInflight() {
    return Math.min(bdpBytes, congestionWindowBytes);
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
    long inflightBytes = path.bytesInFlight();
    if (inflightBytes > inflightWithHeadroom()) {
      return false;
    }
    return inflightBytes <= inflight(maxBwBytesPerSecond, 1.0);
  }

  private boolean isTimeToGoDown(BbrRateSample rs) {
    if (prevProbeTooHigh && path.bytesInFlight() >= inflightLongtermBytes) {
      prevProbePrecautionary = true;
      return true;
    }
    if (isCwndLimited() && congestionWindowBytes >= inflightLongtermBytes) {
      resetFullBw();
      fullBwBytesPerSecond = rs.deliveryRateBytesPerSecond;
    } else if (fullBwNow) {
      return true;
    }
    return false;
  }

  private long inflightWithHeadroom() {
    if (inflightLongtermBytes == INFINITE) {
      return INFINITE;
    }
    long headroomBytes = Math.max(mtu(), scaled(HEADROOM, inflightLongtermBytes));
    return Math.max(inflightLongtermBytes - headroomBytes, minPipeCwnd());
  }

  private void raiseInflightLongtermSlope() {
    long growthThisRound = 1L << bwProbeUpRounds;
    bwProbeUpRounds = Math.min(bwProbeUpRounds + 1, 30);
    probeUpAckedPerIncrementBytes = Math.max(congestionWindowBytes / growthThisRound, mtu());
  }

  private void probeInflightLongtermUpward(BbrRateSample rs) {
    if (!isCwndLimited() || congestionWindowBytes < inflightLongtermBytes) {
      return;
    }
    bwProbeUpAckedBytes += rs.newlyAckedBytes;
    if (bwProbeUpAckedBytes >= probeUpAckedPerIncrementBytes) {
      long delta = bwProbeUpAckedBytes / probeUpAckedPerIncrementBytes;
      bwProbeUpAckedBytes -= delta * probeUpAckedPerIncrementBytes;
      inflightLongtermBytes = saturatedSum(inflightLongtermBytes, delta * mtu());
    }
    if (roundStart) {
      raiseInflightLongtermSlope();
    }
  }

  private boolean adaptLongTermModel(BbrRateSample rs) {
    if (ackPhase == AckPhase.PROBE_STARTING && roundStart) {
      ackPhase = AckPhase.PROBE_FEEDBACK;
    }
    if (ackPhase == AckPhase.PROBE_STOPPING && roundStart) {
      bwProbeSample = false;
      ackPhase = AckPhase.INIT;
      if (state.isProbeBw() && !rs.applicationLimited) {
        cycleCount++;
        maxBwFilter.startUnit(cycleCount);
      }
      if (state.isProbeBw() && prevProbePrecautionary && !prevProbeTooHigh) {
        startProbeBwRefill();
        return true;
      }
    }
    if (!isInflightTooHigh(rs)) {
      if (inflightLongtermBytes == INFINITE) {
        return false;
      }
      if (rs.txInFlightBytes > inflightLongtermBytes) {
        inflightLongtermBytes = rs.txInFlightBytes;
      }
      if (state == BbrState.PROBE_BW_UP) {
        probeInflightLongtermUpward(rs);
      }
    }
    return false;
  }

  private void updateProbeBwCyclePhase(BbrRateSample rs, long nowMicros) {
    if (!fullBwReached || adaptLongTermModel(rs) || !state.isProbeBw()) {
      return;
    }
    switch (state) {
      case PROBE_BW_DOWN:
        if (!isTimeToProbeBw(nowMicros) && isTimeToCruise()) {
          startProbeBwCruise();
        }
        break;
      case PROBE_BW_CRUISE:
        isTimeToProbeBw(nowMicros);
        break;
      case PROBE_BW_REFILL:
        if (roundStart) {
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

  // ---------------------------------------------------------------- min RTT and ProbeRTT

  private void updateMinRtt(BbrRateSample rs, long nowMicros) {
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

  private void checkProbeRtt(BbrRateSample rs, long nowMicros) {
    if (state != BbrState.PROBE_RTT && probeRttExpired && !idleRestart) {
      state = BbrState.PROBE_RTT;
      pacingGain = 1.0;
      cwndGain = PROBE_RTT_CWND_GAIN;
      saveCwnd();
      probeRttDoneStampMicros = 0;
      ackPhase = AckPhase.PROBE_STOPPING;
      startRound();
    }
    if (state == BbrState.PROBE_RTT) {
      handleProbeRtt(nowMicros);
    }
    if (rs.deliveredBytes > 0) {
      idleRestart = false;
    }
  }

  private void handleProbeRtt(long nowMicros) {
    // MarkConnectionAppLimited() is the transport's business; this interface cannot request it.
    if (probeRttDoneStampMicros == 0 && path.bytesInFlight() <= probeRttCwnd()) {
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
      congestionWindowBytes = Math.max(congestionWindowBytes, priorCwndBytes);
      resetShortTermModel();
      if (fullBwReached) {
        startProbeBwDown(nowMicros);
        startProbeBwCruise();
      } else {
        enterStartup();
      }
    }
  }

  private long probeRttCwnd() {
    return Math.max(bdpMultiple(bwBytesPerSecond, PROBE_RTT_CWND_GAIN), minPipeCwnd());
  }

  // ---------------------------------------------------------------- control parameters

  private long bdpMultiple(long bw, double gain) {
    if (minRttMicros == INFINITE) {
      return INITIAL_CWND_BYTES;
    }
    bdpBytes = bytesFromRate(minRttMicros, bw);
    return scaled(gain, bdpBytes);
  }

  private long quantizationBudget(long inflightCapBytes) {
    // QUIC offload budget: one send quantum (draft section 5.5.3).
    long cap = Math.max(inflightCapBytes, sendQuantumBytes);
    cap = Math.max(cap, minPipeCwnd());
    if (state == BbrState.PROBE_BW_UP) {
      cap = saturatedSum(cap, 2 * mtu());
    }
    return cap;
  }

  private long inflight(long bw, double gain) {
    return quantizationBudget(bdpMultiple(bw, gain));
  }

  private void setPacingRateWithGain(double gain) {
    double rate = gain * (double) bwBytesPerSecond * (100 - PACING_MARGIN_PERCENT) / 100.0;
    if (fullBwReached || rate > pacingRateBytesPerSecond) {
      pacingRateBytesPerSecond = rate;
    }
  }

  private void setSendQuantum() {
    long quantum = (long) (pacingRateBytesPerSecond / 1000.0);
    quantum = Math.min(quantum, MAX_QUANTUM_BYTES);
    sendQuantumBytes = Math.max(quantum, 2 * mtu());
  }

  private void setCwnd(BbrRateSample rs) {
    long inflightCap = saturatedSum(bdpMultiple(bwBytesPerSecond, cwndGain), extraAckedBytes);
    maxInflightBytes = quantizationBudget(inflightCap);
    if (fullBwReached) {
      congestionWindowBytes =
          Math.min(congestionWindowBytes + rs.newlyAckedBytes, maxInflightBytes);
    } else if (congestionWindowBytes < maxInflightBytes
        || path.deliveredBytes() < INITIAL_CWND_BYTES) {
      congestionWindowBytes += rs.newlyAckedBytes;
    }
    congestionWindowBytes = Math.max(congestionWindowBytes, minPipeCwnd());
    if (state == BbrState.PROBE_RTT) {
      congestionWindowBytes = Math.min(congestionWindowBytes, probeRttCwnd());
    }
    long cap = INFINITE;
    if (state.isProbeBw() && state != BbrState.PROBE_BW_CRUISE) {
      cap = inflightLongtermBytes;
    } else if (state == BbrState.PROBE_RTT || state == BbrState.PROBE_BW_CRUISE) {
      cap = inflightWithHeadroom();
    }
    cap = Math.min(cap, inflightShorttermBytes);
    cap = Math.max(cap, minPipeCwnd());
    congestionWindowBytes = Math.min(congestionWindowBytes, cap);
  }
}

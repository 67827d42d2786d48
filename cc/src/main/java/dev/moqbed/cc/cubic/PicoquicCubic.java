package dev.moqbed.cc.cubic;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.EcnSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.PathView;
import dev.moqbed.cc.RttSample;
import dev.moqbed.cc.StateVisitor;
import dev.moqbed.cc.common.HystartTest;
import dev.moqbed.cc.common.LossEventKind;
import dev.moqbed.cc.common.PacketNumberLossFilter;
import dev.moqbed.cc.common.PicoquicConstants;
import dev.moqbed.cc.common.Rates;
import dev.moqbed.cc.common.SlowStartGrowth;
import dev.moqbed.cc.common.WindowPacing;

/**
 * picoquic's Cubic ({@code picoquic/cubic.c}, {@code cubic_notify}, master {@code d199d45}). It is
 * neither RFC 9438 nor HyStart++; what it does differently, all reproduced here:
 *
 * <ul>
 *   <li>β = 7/8 on loss and ECN (picoquic's 3/4 appears only in the spurious-loss rollback), and
 *       fast convergence on the very first loss because W_last_max starts "infinite";
 *   <li>W_max and W_cubic in packets of the current MTU, W_reno in bytes;
 *   <li>in congestion avoidance the window is set straight to max(W_cubic(now), W_reno): no
 *       look-ahead by an RTT, no 1.5× cap, and it can go down; W_reno starts at half the window
 *       before the reduction and grows by one packet per window;
 *   <li>losses pass through {@link PacketNumberLossFilter} (about three close losses are needed);
 *       in congestion avoidance only losses of packets sent after the last reduction count and feed
 *       the filter; ECN-CE skips the filter;
 *   <li>picoquic's {@link HystartTest} ends the initial slow start with the window halved (less
 *       when the filtered RTT exceeds 100 ms), then the normal 7/8 reduction, with the curve's
 *       epoch moved back by K so the next ACK sits on the plateau;
 *   <li>a timer loss collapses the window to 3,072 bytes in slow start; when the new ssthresh would
 *       be under 3,072 picoquic falls back to slow start with ssthresh unset;
 *   <li>in slow start the window is floored at half the peak rate times the smoothed RTT, and grows
 *       only when the transport was cwnd-blocked and the acknowledged data was sent after the last
 *       application-limited moment; in avoidance, the epoch is moved up to that moment;
 *   <li>every spurious-loss notification rolls back the last reduction;
 *   <li>a careful-resume seed enters congestion avoidance at once.
 * </ul>
 *
 * <p>picoquic declares a "recovery" state that nothing enters; it is left out.
 *
 * <p>Events left to the interface's no-op defaults: sends (picoquic has no per-packet
 * notification), probe timeouts (the timer losses that follow carry the reaction) and persistent
 * congestion (picoquic has no such logic; its transport never reports it).
 */
public final class PicoquicCubic implements CongestionController {
  static final double C = 0.4;
  static final double BETA = 7.0 / 8.0;
  static final double ROLLBACK_BETA = 3.0 / 4.0;

  /** picoquic's W_last_max and W_max start at UINT64_MAX divided by the MTU. */
  private static final double UNSET_WINDOW_BYTES = 0x1p64;

  private static final String SLOW_START = "slow_start";
  private static final String CONGESTION_AVOIDANCE = "congestion_avoidance";

  private final PathView path;
  private final boolean hystartEnabled;
  private final HystartTest hystart = new HystartTest();
  private final PacketNumberLossFilter lossFilter = new PacketNumberLossFilter();
  private final WindowPacing pacing;

  private long congestionWindowBytes;
  private long slowStartThresholdBytes;
  private boolean inCongestionAvoidance;
  private long recoverySequence;
  private long epochStartMicros;
  private long previousEpochStartMicros;
  private boolean previousInCongestionAvoidance;
  private long previousSlowStartThresholdBytes;
  private long previousCongestionWindowBytes;
  private double kSeconds;
  private double wMaxPackets;
  private double wLastMaxPackets;
  private double wRenoBytes;

  public PicoquicCubic(ControllerEnvironment environment, boolean hystartEnabled) {
    this.path = environment.path();
    this.hystartEnabled = hystartEnabled;
    this.pacing = new WindowPacing(path.maxDatagramSizeBytes());
    long nowMicros = environment.nowMicros();
    congestionWindowBytes = PicoquicConstants.INITIAL_WINDOW_BYTES;
    slowStartThresholdBytes = PicoquicConstants.UNSET_THRESHOLD_BYTES;
    wLastMaxPackets = UNSET_WINDOW_BYTES / path.maxDatagramSizeBytes();
    wMaxPackets = wLastMaxPackets;
    epochStartMicros = nowMicros;
    previousEpochStartMicros = nowMicros;
    previousCongestionWindowBytes = congestionWindowBytes;
    previousSlowStartThresholdBytes = PicoquicConstants.UNSET_THRESHOLD_BYTES;
    wRenoBytes = PicoquicConstants.INITIAL_WINDOW_BYTES;
  }

  @Override
  public String id() {
    return CubicProvider.ID;
  }

  @Override
  public void onEcnCongestion(long nowMicros, EcnSample sample) {
    onCongestion(nowMicros, sample.largestAckedPacketNumber(), null);
    updatePacing();
  }

  @Override
  public void onPacketLost(long nowMicros, LossSample loss) {
    onCongestion(
        nowMicros,
        loss.packetNumber(),
        loss.trigger() == LossTrigger.TIMER ? LossEventKind.TIMEOUT : LossEventKind.REPEAT);
    updatePacing();
  }

  @Override
  public void onRttSample(long nowMicros, RttSample sample) {
    if (hystartEnabled && inSlowStart()) {
      long delayMicros =
          sample.oneWayDelayMicros() >= 0 ? sample.oneWayDelayMicros() : sample.rttMicros();
      if (hystart.onRttSample(nowMicros, delayMicros, pacing.packetTimeMicros())) {
        exitSlowStartOnRttRise(nowMicros);
      }
    }
    updatePacing();
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    boolean sentAfterSenderLimited =
        path.lastAckedDataSentMicros() > path.lastSenderLimitedMicros();
    if (!inCongestionAvoidance) {
      congestionWindowBytes =
          SlowStartGrowth.peakRateFloorBytes(
              congestionWindowBytes,
              path.smoothedRttMicros(),
              path.peakDeliveryRateBytesPerSecond());
      if (sentAfterSenderLimited) {
        congestionWindowBytes +=
            SlowStartGrowth.increaseBytes(path.congestionWindowBlocked(), ack.ackedBytes(), false);
        if (congestionWindowBytes >= slowStartThresholdBytes) {
          wRenoBytes = congestionWindowBytes / 2.0;
          enterAvoidance(nowMicros);
        }
      }
    } else if (sentAfterSenderLimited) {
      // An application-limited pause must not count as time on the curve.
      if (epochStartMicros < path.lastSenderLimitedMicros()) {
        epochStartMicros = path.lastSenderLimitedMicros();
      }
      int packetSizeBytes = path.maxDatagramSizeBytes();
      long cubicWindowBytes = (long) (cubicWindowPackets(nowMicros) * packetSizeBytes);
      wRenoBytes += (double) ack.ackedBytes() * (double) packetSizeBytes / wRenoBytes;
      congestionWindowBytes =
          (double) cubicWindowBytes > wRenoBytes ? cubicWindowBytes : (long) wRenoBytes;
    }
    updatePacing();
  }

  @Override
  public void onSpuriousLoss(long nowMicros, long packetNumber) {
    // picoquic rolls back on every spurious notification, whichever packet it names.
    if (slowStartThresholdBytes != PicoquicConstants.UNSET_THRESHOLD_BYTES) {
      wMaxPackets = wLastMaxPackets;
      epochStartMicros = previousEpochStartMicros;
      inCongestionAvoidance = previousInCongestionAvoidance;
      if (inCongestionAvoidance) {
        enterAvoidance(previousEpochStartMicros);
        int packetSizeBytes = path.maxDatagramSizeBytes();
        wRenoBytes = cubicWindowPackets(nowMicros) * packetSizeBytes;
        slowStartThresholdBytes = (long) (wMaxPackets * ROLLBACK_BETA * packetSizeBytes);
        congestionWindowBytes = (long) wRenoBytes;
      } else {
        slowStartThresholdBytes = previousSlowStartThresholdBytes;
        congestionWindowBytes = previousCongestionWindowBytes;
        wRenoBytes = previousCongestionWindowBytes;
      }
    }
    updatePacing();
  }

  @Override
  public void onCongestionWindowBlocked(long nowMicros) {
    updatePacing();
  }

  @Override
  public void onIdleRestart(long nowMicros) {
    updatePacing();
  }

  @Override
  public void onResumeSeed(
      long nowMicros, long rememberedRateBytesPerSecond, long rememberedRttMicros) {
    // picoquic's seed is a window in bytes; the interface carries it as rate and RTT.
    long seedBytes = Rates.bytesFromRate(rememberedRttMicros, rememberedRateBytesPerSecond);
    if (inSlowStart()) {
      congestionWindowBytes = Math.max(congestionWindowBytes, seedBytes);
      slowStartThresholdBytes = seedBytes;
      wMaxPackets = (double) congestionWindowBytes / path.maxDatagramSizeBytes();
      wLastMaxPackets = wMaxPackets;
      wRenoBytes = congestionWindowBytes;
      enterAvoidance(nowMicros);
    }
    updatePacing();
  }

  @Override
  public long congestionWindowBytes() {
    return congestionWindowBytes;
  }

  @Override
  public long pacingRateBytesPerSecond() {
    return pacing.rateBytesPerSecond();
  }

  @Override
  public long pacingQuantumBytes() {
    return pacing.quantumBytes();
  }

  @Override
  public EcnCodepoint outgoingEcn() {
    return EcnCodepoint.ECT_0;
  }

  @Override
  public boolean inSlowStart() {
    return !inCongestionAvoidance
        && slowStartThresholdBytes == PicoquicConstants.UNSET_THRESHOLD_BYTES;
  }

  @Override
  public void describe(StateVisitor visitor) {
    visitor.state(inCongestionAvoidance ? CONGESTION_AVOIDANCE : SLOW_START);
    visitor.value("cwnd_bytes", congestionWindowBytes);
    visitor.value(
        "ssthresh_bytes",
        slowStartThresholdBytes == PicoquicConstants.UNSET_THRESHOLD_BYTES
            ? 0
            : slowStartThresholdBytes);
    visitor.value("w_max_bytes", (long) (wMaxPackets * path.maxDatagramSizeBytes()));
    visitor.value("w_reno_bytes", (long) wRenoBytes);
    visitor.value("k_micros", (long) (kSeconds * 1_000_000.0));
  }

  /** The slow-start threshold; {@link PicoquicConstants#UNSET_THRESHOLD_BYTES} until set. */
  public long slowStartThresholdBytes() {
    return slowStartThresholdBytes;
  }

  /** W_max, in packets of the MTU at the time it was set. */
  public double wMaxPackets() {
    return wMaxPackets;
  }

  /** The time from the epoch start to the plateau. */
  public double kSeconds() {
    return kSeconds;
  }

  public long epochStartMicros() {
    return epochStartMicros;
  }

  /** W_cubic(now) in packets: C × (t − K)³ + W_max, t from the epoch start. */
  public double cubicWindowPackets(long nowMicros) {
    double sinceKSeconds = (double) (nowMicros - epochStartMicros) / 1_000_000.0 - kSeconds;
    return C * (sinceKSeconds * sinceKSeconds * sinceKSeconds) + wMaxPackets;
  }

  public boolean inCongestionAvoidance() {
    return inCongestionAvoidance;
  }

  /**
   * A loss ({@code kind} non-null) or an ECN-CE mark ({@code kind} null) against the recovery
   * guards.
   */
  private void onCongestion(long nowMicros, long packetNumber, LossEventKind kind) {
    if (!inCongestionAvoidance) {
      // The filter is fed first, whatever the time guard decides.
      boolean passes = kind == null || lossFilter.onLoss(kind, packetNumber);
      if (passes
          && (nowMicros - epochStartMicros > path.smoothedRttMicros()
              || Long.compareUnsigned(recoverySequence, path.largestAckedPacketNumber()) <= 0)) {
        enterRecovery(nowMicros, kind == LossEventKind.TIMEOUT);
      }
    } else if (packetNumber >= recoverySequence
        && (kind == null || lossFilter.onLoss(kind, packetNumber))) {
      enterRecovery(nowMicros, kind == LossEventKind.TIMEOUT);
    }
  }

  private void enterAvoidance(long epochMicros) {
    kSeconds = PicoquicCubeRoot.of(wMaxPackets * (1.0 - BETA) / C);
    inCongestionAvoidance = true;
    epochStartMicros = epochMicros;
    previousEpochStartMicros = epochMicros;
  }

  private void enterRecovery(long nowMicros, boolean timer) {
    int packetSizeBytes = path.maxDatagramSizeBytes();
    recoverySequence = path.nextPacketNumber();
    previousEpochStartMicros = epochStartMicros;
    previousInCongestionAvoidance = inCongestionAvoidance;
    previousSlowStartThresholdBytes = slowStartThresholdBytes;
    previousCongestionWindowBytes = congestionWindowBytes;
    wMaxPackets = (double) congestionWindowBytes / (double) packetSizeBytes;
    if (wMaxPackets < wLastMaxPackets) {
      // Fast convergence; always taken on the first reduction since W_last_max starts unset.
      wLastMaxPackets = wMaxPackets;
      wMaxPackets = wMaxPackets * BETA;
    } else {
      wLastMaxPackets = wMaxPackets;
    }
    slowStartThresholdBytes = (long) (wMaxPackets * BETA * (double) packetSizeBytes);
    if (slowStartThresholdBytes < PicoquicConstants.MINIMUM_WINDOW_BYTES) {
      // So small that picoquic starts over: slow start with no threshold.
      inCongestionAvoidance = false;
      slowStartThresholdBytes = PicoquicConstants.UNSET_THRESHOLD_BYTES;
      previousEpochStartMicros = epochStartMicros;
      epochStartMicros = nowMicros;
      wRenoBytes = PicoquicConstants.MINIMUM_WINDOW_BYTES;
      congestionWindowBytes = PicoquicConstants.MINIMUM_WINDOW_BYTES;
    } else if (timer) {
      congestionWindowBytes = PicoquicConstants.MINIMUM_WINDOW_BYTES;
      previousEpochStartMicros = epochStartMicros;
      epochStartMicros = nowMicros;
      inCongestionAvoidance = false;
    } else {
      enterAvoidance(nowMicros);
      long cubicWindowBytes = (long) (cubicWindowPackets(nowMicros) * (double) packetSizeBytes);
      wRenoBytes = congestionWindowBytes / 2.0;
      // picoquic takes W_cubic without comparing with W_reno (its comment assumes β = 3/4).
      congestionWindowBytes = cubicWindowBytes;
    }
  }

  private void exitSlowStartOnRttRise(long nowMicros) {
    long filteredMinMicros = hystart.filteredMinMicros();
    if (filteredMinMicros > PicoquicConstants.TARGET_RENO_RTT_MICROS) {
      // On long paths the window grew less past the congestion point: cut less than half.
      double correction =
          filteredMinMicros > PicoquicConstants.TARGET_SATELLITE_RTT_MICROS
              ? (double) PicoquicConstants.TARGET_SATELLITE_RTT_MICROS / (double) filteredMinMicros
              : (double) PicoquicConstants.TARGET_RENO_RTT_MICROS / (double) filteredMinMicros;
      long baseWindowBytes = (long) (correction * (double) congestionWindowBytes);
      congestionWindowBytes -= (congestionWindowBytes - baseWindowBytes) / 2;
    } else {
      congestionWindowBytes /= 2;
    }
    slowStartThresholdBytes = congestionWindowBytes;
    wMaxPackets = (double) congestionWindowBytes / (double) path.maxDatagramSizeBytes();
    wLastMaxPackets = wMaxPackets;
    wRenoBytes = congestionWindowBytes;
    // Entering recovery ignores the losses the overshoot is about to cause.
    enterRecovery(nowMicros, false);
    // Start on the plateau: move the epoch back by K.
    long kMicros = (long) (kSeconds * 1_000_000.0);
    if (kMicros > nowMicros) {
      kSeconds = (double) nowMicros / 1_000_000.0;
      epochStartMicros = 0;
    } else {
      epochStartMicros = nowMicros - kMicros;
    }
  }

  private void updatePacing() {
    pacing.update(
        congestionWindowBytes,
        path.maxDatagramSizeBytes(),
        path.smoothedRttMicros(),
        inSlowStart());
  }
}

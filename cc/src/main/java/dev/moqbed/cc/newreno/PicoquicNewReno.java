package dev.moqbed.cc.newreno;

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
import dev.moqbed.cc.common.LongRttFloor;
import dev.moqbed.cc.common.PicoquicConstants;
import dev.moqbed.cc.common.Rates;
import dev.moqbed.cc.common.SlowStartGrowth;
import dev.moqbed.cc.common.WindowPacing;

/**
 * picoquic's NewReno ({@code picoquic/newreno.c}, master {@code d199d45}), including its departures
 * from RFC 9002:
 *
 * <ul>
 *   <li>initial window 15,360 and minimum 3,072 bytes whatever the MTU;
 *   <li>in the initial slow start, the window is floored at half the peak rate times the smoothed
 *       RTT, and on paths whose minimum RTT exceeds 100 ms at the long-RTT floor;
 *   <li>slow-start growth is every acknowledged byte, with no cwnd-blocked test (unlike Cubic);
 *   <li>picoquic's HyStart test ends the initial slow start with ssthresh = cwnd and no reduction;
 *   <li>no loss filter, and a loss halves the window once per recovery period, which picoquic
 *       tracks by packet number; the window keeps growing during that period;
 *   <li>a timer loss also halves ssthresh but collapses the window to 3,072 bytes in slow start;
 *   <li>a spurious loss within one smoothed RTT of the reduction, before the recovery point is
 *       acknowledged, restores cwnd = 2 × ssthresh.
 * </ul>
 *
 * <p>picoquic also sets the transport's {@code is_ssthresh_initialized} flag (used for ACK
 * frequency) on the HyStart exit and on an undo; that flag is not part of this interface.
 *
 * <p>Events left to the interface's no-op defaults: sends (picoquic has no per-packet
 * notification), probe timeouts (the timer losses that follow carry the reaction) and persistent
 * congestion (picoquic has no such logic; its transport never reports it).
 */
public final class PicoquicNewReno implements CongestionController {
  private static final String SLOW_START = "slow_start";
  private static final String CONGESTION_AVOIDANCE = "congestion_avoidance";

  private final PathView path;
  private final HystartTest hystart = new HystartTest();
  private final WindowPacing pacing;
  private boolean inCongestionAvoidance;
  private long congestionWindowBytes = PicoquicConstants.INITIAL_WINDOW_BYTES;
  private long slowStartThresholdBytes = PicoquicConstants.UNSET_THRESHOLD_BYTES;
  private long residualAckBytes;
  private long recoveryStartMicros;
  private long recoverySequence;

  public PicoquicNewReno(ControllerEnvironment environment) {
    this.path = environment.path();
    this.pacing = new WindowPacing(path.maxDatagramSizeBytes());
  }

  @Override
  public String id() {
    return NewRenoProvider.ID;
  }

  @Override
  public void onEcnCongestion(long nowMicros, EcnSample sample) {
    onCongestion(nowMicros, sample.largestAckedPacketNumber(), false);
    updatePacing();
  }

  @Override
  public void onRttSample(long nowMicros, RttSample sample) {
    if (inSlowStart()) {
      if (path.minRttMicros() > PicoquicConstants.TARGET_RENO_RTT_MICROS) {
        congestionWindowBytes =
            LongRttFloor.windowBytes(congestionWindowBytes, path.minRttMicros());
      }
      long delayMicros =
          sample.oneWayDelayMicros() >= 0 ? sample.oneWayDelayMicros() : sample.rttMicros();
      if (hystart.onRttSample(nowMicros, delayMicros, pacing.packetTimeMicros())) {
        // Unlike Cubic, NewReno keeps the window it reached.
        slowStartThresholdBytes = congestionWindowBytes;
        inCongestionAvoidance = true;
      }
    }
    updatePacing();
  }

  @Override
  public void onPacketLost(long nowMicros, LossSample loss) {
    onCongestion(nowMicros, loss.packetNumber(), loss.trigger() == LossTrigger.TIMER);
    updatePacing();
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    if (inSlowStart()) {
      congestionWindowBytes =
          SlowStartGrowth.peakRateFloorBytes(
              congestionWindowBytes,
              path.smoothedRttMicros(),
              path.peakDeliveryRateBytesPerSecond());
    }
    if (path.lastAckedDataSentMicros() > path.lastSenderLimitedMicros()) {
      grow(ack.ackedBytes());
    }
    updatePacing();
  }

  @Override
  public void onSpuriousLoss(long nowMicros, long packetNumber) {
    if (nowMicros - recoveryStartMicros < path.smoothedRttMicros()
        && Long.compareUnsigned(recoverySequence, path.largestAckedPacketNumber()) > 0
        && slowStartThresholdBytes != PicoquicConstants.UNSET_THRESHOLD_BYTES
        && congestionWindowBytes < 2 * slowStartThresholdBytes) {
      congestionWindowBytes = 2 * slowStartThresholdBytes;
      inCongestionAvoidance = true;
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
    long seedBytes = Rates.bytesFromRate(rememberedRttMicros, rememberedRateBytesPerSecond);
    if (inSlowStart() && seedBytes > congestionWindowBytes) {
      congestionWindowBytes = seedBytes;
      slowStartThresholdBytes = seedBytes;
      inCongestionAvoidance = true;
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
    visitor.value("recovery_sequence", recoverySequence);
  }

  /** The slow-start threshold; {@link PicoquicConstants#UNSET_THRESHOLD_BYTES} until set. */
  public long slowStartThresholdBytes() {
    return slowStartThresholdBytes;
  }

  /** The packet number from which a loss starts a new recovery period. */
  public long recoverySequence() {
    return recoverySequence;
  }

  /** picoquic's {@code picoquic_newreno_sim_notify} for an acknowledgement. */
  private void grow(long ackedBytes) {
    if (!inCongestionAvoidance) {
      congestionWindowBytes += ackedBytes;
      if (congestionWindowBytes >= slowStartThresholdBytes) {
        inCongestionAvoidance = true;
      }
    } else {
      // Byte counting with the remainder carried: one packet per window acknowledged.
      long scaled = ackedBytes * path.maxDatagramSizeBytes() + residualAckBytes;
      residualAckBytes = scaled % congestionWindowBytes;
      congestionWindowBytes += scaled / congestionWindowBytes;
    }
  }

  private void onCongestion(long nowMicros, long lostPacketNumber, boolean timer) {
    if (recoverySequence > lostPacketNumber) {
      return;
    }
    slowStartThresholdBytes =
        Math.max(congestionWindowBytes / 2, PicoquicConstants.MINIMUM_WINDOW_BYTES);
    if (timer) {
      congestionWindowBytes = PicoquicConstants.MINIMUM_WINDOW_BYTES;
      inCongestionAvoidance = false;
    } else {
      congestionWindowBytes = slowStartThresholdBytes;
      inCongestionAvoidance = true;
    }
    recoveryStartMicros = nowMicros;
    recoverySequence = path.nextPacketNumber();
    residualAckBytes = 0;
  }

  private void updatePacing() {
    pacing.update(
        congestionWindowBytes,
        path.maxDatagramSizeBytes(),
        path.smoothedRttMicros(),
        inSlowStart());
  }
}

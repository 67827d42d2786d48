package dev.moqbed.cc.cubic;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.EcnSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.PathView;
import dev.moqbed.cc.RttSample;
import dev.moqbed.cc.StateVisitor;
import dev.moqbed.cc.common.Rfc9002Pacing;

/**
 * CUBIC as RFC 9438 specifies it, on RFC 9002's QUIC loss recovery, with RFC 9406 HyStart++ in the
 * initial slow start (or plain slow start with {@code hystart=off}). β = 0.7, C = 0.4, fast
 * convergence on, α = 3(1 − β)/(1 + β) in the Reno-friendly region until W_est reaches the window
 * before the last reduction, then 1.
 *
 * <p>Choices the RFCs leave open, made here:
 *
 * <ul>
 *   <li>Windows are bytes; the segment of the formulas is the path's current max datagram size.
 *   <li>The recovery period is tracked by packet number (see {@code RfcNewReno}); the window does
 *       not grow during it, and the congestion-avoidance stage (t_epoch, cwnd_epoch, K, W_est)
 *       starts on the first ACK that may grow the window after it.
 *   <li>The reduction uses cwnd rather than flight size (allowed because application-limited ACKs
 *       never grow the window); the minimum window is 2 max datagram sizes for ECN too (QUIC's
 *       minimum).
 *   <li>Time spent application-limited is removed from t by moving t_epoch forward.
 *   <li>Persistent congestion (RFC 9002 §7.6) collapses the window to the minimum; the next
 *       congestion-avoidance stage starts with K = 0 and W_max = its initial window (RFC 9438
 *       §4.8). The same start applies after HyStart++ ends without loss (§4.10).
 *   <li>A spurious loss undoes the reduction it caused (§4.9) if it names the packet that triggered
 *       it and the window is still below cwnd_prior.
 * </ul>
 *
 * <p>Events left to the interface's no-op defaults: sends, probe timeouts (RFC 9002: a probe
 * timeout by itself does not change the window), cwnd-blocked passes, idle restarts and careful
 * resume (RFC 9438 has none).
 */
public final class RfcCubic implements CongestionController {
  static final double C = 0.4;
  static final double BETA = 0.7;
  static final double ALPHA = 3.0 * (1.0 - BETA) / (1.0 + BETA);
  private static final long NO_EPOCH = Long.MIN_VALUE;

  private static final String SLOW_START = "slow_start";
  private static final String CONSERVATIVE_SLOW_START = "conservative_slow_start";
  private static final String CONGESTION_AVOIDANCE = "congestion_avoidance";
  private static final String RECOVERY = "recovery";

  private final PathView path;
  private final HystartPlusPlus hystart;
  private final Rfc9002Pacing pacing;

  private double congestionWindowBytes;
  private double slowStartThresholdBytes = Double.POSITIVE_INFINITY;
  private double priorWindowBytes;
  private double wMaxBytes;
  private double kSeconds;
  private double wEstBytes;
  private long epochStartMicros = NO_EPOCH;
  private boolean curveStartsAtEpochWindow;
  private long recoveryStartPacketNumber;
  private long applicationLimitedSinceMicros = NO_EPOCH;

  private final Undo undo = new Undo();

  /** The state saved at a congestion event, restored if that event proves spurious. */
  private static final class Undo {
    boolean available;
    long packetNumber;
    double congestionWindowBytes;
    double priorWindowBytes;
    double slowStartThresholdBytes;
    double wMaxBytes;
    double kSeconds;
    long epochStartMicros;
    double wEstBytes;
    boolean curveStartsAtEpochWindow;
  }

  public RfcCubic(ControllerEnvironment environment, boolean hystartEnabled) {
    this.path = environment.path();
    this.hystart = hystartEnabled ? new HystartPlusPlus() : null;
    long initialWindowBytes = Rfc9002Pacing.initialWindowBytes(path.maxDatagramSizeBytes());
    this.congestionWindowBytes = initialWindowBytes;
    this.pacing = new Rfc9002Pacing(initialWindowBytes);
    updatePacing();
  }

  @Override
  public String id() {
    return CubicProvider.ID;
  }

  @Override
  public void onEcnCongestion(long nowMicros, EcnSample sample) {
    onCongestionEvent(sample.largestAckedPacketNumber());
  }

  @Override
  public void onRttSample(long nowMicros, RttSample sample) {
    updatePacing();
  }

  @Override
  public void onPacketLost(long nowMicros, LossSample loss) {
    onCongestionEvent(loss.packetNumber());
  }

  @Override
  public void onAck(long nowMicros, AckSample ack) {
    if (ack.largestAckedPacketNumber() < recoveryStartPacketNumber) {
      return;
    }
    if (ack.applicationLimited()) {
      if (applicationLimitedSinceMicros == NO_EPOCH) {
        applicationLimitedSinceMicros = nowMicros;
      }
      return;
    }
    if (applicationLimitedSinceMicros != NO_EPOCH) {
      if (epochStartMicros != NO_EPOCH) {
        epochStartMicros += nowMicros - applicationLimitedSinceMicros;
      }
      applicationLimitedSinceMicros = NO_EPOCH;
    }
    if (congestionWindowBytes < slowStartThresholdBytes) {
      slowStart(nowMicros, ack);
    } else {
      if (epochStartMicros == NO_EPOCH) {
        startEpoch(nowMicros);
      }
      avoidCongestion(nowMicros, ack.ackedBytes());
    }
    updatePacing();
  }

  @Override
  public void onPersistentCongestion(long nowMicros) {
    congestionWindowBytes = minimumWindowBytes();
    recoveryStartPacketNumber = 0;
    epochStartMicros = NO_EPOCH;
    curveStartsAtEpochWindow = true;
    undo.available = false;
    updatePacing();
  }

  @Override
  public void onSpuriousLoss(long nowMicros, long packetNumber) {
    if (!undo.available
        || packetNumber != undo.packetNumber
        || congestionWindowBytes >= priorWindowBytes) {
      return;
    }
    congestionWindowBytes = undo.congestionWindowBytes;
    priorWindowBytes = undo.priorWindowBytes;
    slowStartThresholdBytes = undo.slowStartThresholdBytes;
    wMaxBytes = undo.wMaxBytes;
    kSeconds = undo.kSeconds;
    epochStartMicros = undo.epochStartMicros;
    wEstBytes = undo.wEstBytes;
    curveStartsAtEpochWindow = undo.curveStartsAtEpochWindow;
    undo.available = false;
    updatePacing();
  }

  @Override
  public long congestionWindowBytes() {
    return (long) congestionWindowBytes;
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
    return slowStartThresholdBytes == Double.POSITIVE_INFINITY;
  }

  @Override
  public void describe(StateVisitor visitor) {
    if (path.largestAckedPacketNumber() < recoveryStartPacketNumber) {
      visitor.state(RECOVERY);
    } else if (congestionWindowBytes >= slowStartThresholdBytes) {
      visitor.state(CONGESTION_AVOIDANCE);
    } else {
      visitor.state(
          hystart != null && hystart.inConservativeSlowStart()
              ? CONSERVATIVE_SLOW_START
              : SLOW_START);
    }
    visitor.value("cwnd_bytes", (long) congestionWindowBytes);
    visitor.value("ssthresh_bytes", inSlowStart() ? 0 : (long) slowStartThresholdBytes);
    visitor.value("w_max_bytes", (long) wMaxBytes);
    visitor.value("w_est_bytes", (long) wEstBytes);
    visitor.value("k_micros", (long) (kSeconds * 1_000_000.0));
  }

  /** The slow-start threshold; infinite until the first congestion event or HyStart++ exit. */
  public double slowStartThresholdBytes() {
    return slowStartThresholdBytes;
  }

  /** The window before the last reduction (or at the HyStart++ exit): cwnd_prior. */
  public double priorWindowBytes() {
    return priorWindowBytes;
  }

  public double wMaxBytes() {
    return wMaxBytes;
  }

  public double kSeconds() {
    return kSeconds;
  }

  public double wEstBytes() {
    return wEstBytes;
  }

  /** t_epoch, or {@code Long.MIN_VALUE} while no congestion-avoidance stage has started. */
  public long epochStartMicros() {
    return epochStartMicros;
  }

  /** The exact window, before truncation to whole bytes. */
  public double congestionWindowExactBytes() {
    return congestionWindowBytes;
  }

  /** HyStart++'s state, or null when {@code hystart=off}. */
  public HystartPlusPlus hystart() {
    return hystart;
  }

  /** W_cubic(t) in bytes: C × (t − K)³ segments + W_max. */
  public double cubicWindowBytes(double sinceEpochSeconds) {
    double offset = sinceEpochSeconds - kSeconds;
    return C * offset * offset * offset * path.maxDatagramSizeBytes() + wMaxBytes;
  }

  private void slowStart(long nowMicros, AckSample ack) {
    if (hystart == null || slowStartThresholdBytes != Double.POSITIVE_INFINITY) {
      congestionWindowBytes += ack.ackedBytes();
      return;
    }
    congestionWindowBytes +=
        hystart.onAck(
            ack.largestAckedPacketNumber(),
            ack.rttMicros(),
            path.nextPacketNumber(),
            ack.ackedBytes());
    if (hystart.finished()) {
      // RFC 9438 §4.10: ssthresh = cwnd_prior = cwnd, and a curve from the current window.
      slowStartThresholdBytes = congestionWindowBytes;
      priorWindowBytes = congestionWindowBytes;
      curveStartsAtEpochWindow = true;
      startEpoch(nowMicros);
    }
  }

  private void startEpoch(long nowMicros) {
    epochStartMicros = nowMicros;
    wEstBytes = congestionWindowBytes;
    if (curveStartsAtEpochWindow) {
      wMaxBytes = congestionWindowBytes;
      kSeconds = 0;
      curveStartsAtEpochWindow = false;
    } else {
      // Signed cube root, so that W_cubic(0) equals the window at the epoch start.
      kSeconds = Math.cbrt((wMaxBytes - congestionWindowBytes) / path.maxDatagramSizeBytes() / C);
    }
  }

  private void avoidCongestion(long nowMicros, long ackedBytes) {
    double sinceEpochSeconds = (double) (nowMicros - epochStartMicros) / 1_000_000.0;
    double rttSeconds = (double) path.smoothedRttMicros() / 1_000_000.0;
    double target = cubicWindowBytes(sinceEpochSeconds + rttSeconds);
    target = Math.max(congestionWindowBytes, Math.min(target, 1.5 * congestionWindowBytes));
    double alpha = wEstBytes >= priorWindowBytes ? 1.0 : ALPHA;
    wEstBytes += alpha * (double) ackedBytes * path.maxDatagramSizeBytes() / congestionWindowBytes;
    if (cubicWindowBytes(sinceEpochSeconds) < wEstBytes) {
      congestionWindowBytes = wEstBytes;
    } else {
      congestionWindowBytes +=
          (target - congestionWindowBytes) * (double) ackedBytes / congestionWindowBytes;
    }
  }

  private void onCongestionEvent(long packetNumber) {
    if (packetNumber < recoveryStartPacketNumber) {
      // Sent before the current recovery period started: already answered.
      return;
    }
    saveUndo(packetNumber);
    recoveryStartPacketNumber = path.nextPacketNumber();
    wMaxBytes =
        congestionWindowBytes < wMaxBytes
            ? congestionWindowBytes * (1.0 + BETA) / 2.0
            : congestionWindowBytes;
    priorWindowBytes = congestionWindowBytes;
    slowStartThresholdBytes = Math.max(congestionWindowBytes * BETA, minimumWindowBytes());
    congestionWindowBytes = slowStartThresholdBytes;
    epochStartMicros = NO_EPOCH;
    curveStartsAtEpochWindow = false;
    updatePacing();
  }

  private void saveUndo(long packetNumber) {
    undo.available = true;
    undo.packetNumber = packetNumber;
    undo.congestionWindowBytes = congestionWindowBytes;
    undo.priorWindowBytes = priorWindowBytes;
    undo.slowStartThresholdBytes = slowStartThresholdBytes;
    undo.wMaxBytes = wMaxBytes;
    undo.kSeconds = kSeconds;
    undo.epochStartMicros = epochStartMicros;
    undo.wEstBytes = wEstBytes;
    undo.curveStartsAtEpochWindow = curveStartsAtEpochWindow;
  }

  private double minimumWindowBytes() {
    return 2.0 * path.maxDatagramSizeBytes();
  }

  private void updatePacing() {
    pacing.update(congestionWindowBytes, path.smoothedRttMicros());
  }
}

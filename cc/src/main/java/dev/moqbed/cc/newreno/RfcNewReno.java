package dev.moqbed.cc.newreno;

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
 * NewReno as RFC 9002 §7 and its Appendix B specify it: initial window min(10 × max datagram size,
 * max(14,720, 2 × max datagram size)), minimum window 2 × max datagram size, slow start by
 * acknowledged bytes, congestion avoidance of one max datagram size per window acknowledged, a
 * halving per congestion event (loss or ECN-CE) with a recovery period during which the window
 * neither grows nor shrinks again, and persistent congestion collapsing the window to the minimum.
 * There is no undo and no reaction to a probe timeout itself.
 *
 * <p>The recovery period is tracked by packet number rather than send time: a packet belongs to it
 * when its number is below the next number at the congestion event, which is the same set of
 * packets because numbers grow with send time. This also covers ECN, whose notification carries the
 * largest acknowledged packet number rather than its send time. Growth is decided per ACK frame
 * from its largest acknowledged packet, and ACKs whose rate sample is application-limited do not
 * grow the window (RFC 9002 §7.8).
 *
 * <p>Events left to the interface's no-op defaults: sends, probe timeouts, spurious losses (no
 * undo), cwnd-blocked passes, idle restarts and careful resume (RFC 9002 has none).
 */
public final class RfcNewReno implements CongestionController {
  private static final String SLOW_START = "slow_start";
  private static final String CONGESTION_AVOIDANCE = "congestion_avoidance";
  private static final String RECOVERY = "recovery";

  private final PathView path;
  private final Rfc9002Pacing pacing;
  private long congestionWindowBytes;
  private long slowStartThresholdBytes = Long.MAX_VALUE;
  private long avoidanceCreditBytes;
  private long recoveryStartPacketNumber;

  public RfcNewReno(ControllerEnvironment environment) {
    this.path = environment.path();
    long initialWindowBytes = Rfc9002Pacing.initialWindowBytes(path.maxDatagramSizeBytes());
    this.congestionWindowBytes = initialWindowBytes;
    this.pacing = new Rfc9002Pacing(initialWindowBytes);
    updatePacing();
  }

  @Override
  public String id() {
    return NewRenoProvider.ID;
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
    if (ack.largestAckedPacketNumber() < recoveryStartPacketNumber || ack.applicationLimited()) {
      return;
    }
    if (congestionWindowBytes < slowStartThresholdBytes) {
      congestionWindowBytes += ack.ackedBytes();
    } else {
      long credit = ack.ackedBytes() * path.maxDatagramSizeBytes() + avoidanceCreditBytes;
      avoidanceCreditBytes = credit % congestionWindowBytes;
      congestionWindowBytes += credit / congestionWindowBytes;
    }
    updatePacing();
  }

  @Override
  public void onPersistentCongestion(long nowMicros) {
    congestionWindowBytes = minimumWindowBytes();
    recoveryStartPacketNumber = 0;
    avoidanceCreditBytes = 0;
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
    return slowStartThresholdBytes == Long.MAX_VALUE;
  }

  @Override
  public void describe(StateVisitor visitor) {
    if (path.largestAckedPacketNumber() < recoveryStartPacketNumber) {
      visitor.state(RECOVERY);
    } else {
      visitor.state(
          congestionWindowBytes < slowStartThresholdBytes ? SLOW_START : CONGESTION_AVOIDANCE);
    }
    visitor.value("cwnd_bytes", congestionWindowBytes);
    visitor.value(
        "ssthresh_bytes", slowStartThresholdBytes == Long.MAX_VALUE ? 0 : slowStartThresholdBytes);
  }

  /** The slow-start threshold; {@code Long.MAX_VALUE} until the first congestion event. */
  public long slowStartThresholdBytes() {
    return slowStartThresholdBytes;
  }

  /** Packets numbered below this were sent before the current recovery period started. */
  public long recoveryStartPacketNumber() {
    return recoveryStartPacketNumber;
  }

  private void onCongestionEvent(long packetNumber) {
    if (packetNumber < recoveryStartPacketNumber) {
      // Sent before the current recovery period started: already answered.
      return;
    }
    recoveryStartPacketNumber = path.nextPacketNumber();
    slowStartThresholdBytes = congestionWindowBytes / 2;
    congestionWindowBytes = Math.max(slowStartThresholdBytes, minimumWindowBytes());
    avoidanceCreditBytes = 0;
    updatePacing();
  }

  private long minimumWindowBytes() {
    return 2L * path.maxDatagramSizeBytes();
  }

  private void updatePacing() {
    pacing.update(congestionWindowBytes, path.smoothedRttMicros());
  }
}

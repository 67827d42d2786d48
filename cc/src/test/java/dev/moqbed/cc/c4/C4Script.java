package dev.moqbed.cc.c4;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.EcnSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.RttSample;
import dev.moqbed.cc.SettablePathView;

/**
 * Drives a {@link C4Controller} the way picoquic's transport would: a scripted path plus reused
 * samples. Every ACK first "sends" ten more packets; an ACK that ends the era acknowledges
 * everything, one that does not leaves the era's first packet outstanding.
 */
final class C4Script {
  static final int MTU_BYTES = 1440;

  /** Enough delivered bytes to count as "not application-limited" at any rate used here. */
  static final long BUSY_DELIVERED_BYTES = 1_000_000_000L;

  final SettablePathView path = new SettablePathView().maxDatagramSizeBytes(MTU_BYTES);
  final C4Controller c4;
  private final AckSample ack = new AckSample();
  private final RttSample rttSample = new RttSample();
  private final LossSample lossSample = new LossSample();
  private final EcnSample ecnSample = new EcnSample();
  long nowMicros = 1_000_000;
  long lastRttMicros = -1;
  long ackedBytes = 0;
  long deliveredBytes = BUSY_DELIVERED_BYTES;

  C4Script(C4Variant variant) {
    this(variant, 250_000);
  }

  C4Script(C4Variant variant, long smoothedRttMicros) {
    path.smoothedRttMicros(smoothedRttMicros).nextPacketNumber(1).lowestOutstandingPacketNumber(1);
    c4 = new C4Controller(path, variant);
  }

  C4Script at(long nowMicros) {
    this.nowMicros = nowMicros;
    return this;
  }

  C4Script rtt(long rttMicros) {
    lastRttMicros = rttMicros;
    path.latestRttMicros(rttMicros);
    c4.onRttSample(nowMicros, rttSample.set(rttMicros, 0, -1));
    return this;
  }

  /** An ACK in the middle of an era carrying a delivery-rate sample. */
  C4Script ack(long rateSampleBytesPerSecond) {
    return ack(rateSampleBytesPerSecond, false);
  }

  /** An ACK that ends the current era. */
  C4Script endEra(long rateSampleBytesPerSecond) {
    return ack(rateSampleBytesPerSecond, true);
  }

  C4Script ack(long rateSampleBytesPerSecond, boolean endsEra) {
    long next = path.nextPacketNumber() + 10;
    path.nextPacketNumber(next);
    path.lowestOutstandingPacketNumber(endsEra ? next : c4.eraSequence());
    path.deliveryRateBytesPerSecond(rateSampleBytesPerSecond);
    path.largestAckedPacketNumber(path.lowestOutstandingPacketNumber() - 1);
    ack.acknowledged(ackedBytes, path.largestAckedPacketNumber(), nowMicros, lastRttMicros, 0)
        .delivery(0, deliveredBytes, 0, 0, rateSampleBytesPerSecond, false, false);
    c4.onAck(nowMicros, ack);
    return this;
  }

  C4Script loss(long packetNumber) {
    c4.onPacketLost(
        nowMicros,
        lossSample.set(
            packetNumber, nowMicros, MTU_BYTES, LossTrigger.ACK_THRESHOLD, 0, 0, 0, false, false));
    return this;
  }

  C4Script timerLoss(long packetNumber) {
    c4.onPacketLost(
        nowMicros,
        lossSample.set(
            packetNumber, nowMicros, MTU_BYTES, LossTrigger.TIMER, 0, 0, 0, false, false));
    return this;
  }

  /** The peer reports {@code ce} more CE marks and {@code ect1} more ECT(1) packets. */
  C4Script ecn(long ect1, long ce) {
    path.peerEct1Total(path.peerEct1Total() + ect1).peerCeTotal(path.peerCeTotal() + ce);
    c4.onEcnCongestion(
        nowMicros,
        ecnSample.set(
            0, path.peerEct1Total(), path.peerCeTotal(), path.largestAckedPacketNumber()));
    return this;
  }

  /** A packet number above every one sent so far. */
  long freshPacketNumber() {
    long packetNumber = path.nextPacketNumber();
    path.nextPacketNumber(packetNumber + 1);
    return packetNumber;
  }

  /**
   * From a new controller to the first Cruising era, with nominal rate {@code rate} and max RTT
   * {@code maxRtt} in both variants: one RTT sample, one ACK whose acknowledged bytes grow the
   * Initial window to 2 x rate x maxRtt (so that leaving Initial sets the max RTT back to {@code
   * maxRtt}), one growing era, three stalled eras, and the Recovery era.
   */
  C4Script toCruising(long rate, long maxRttMicros) {
    rtt(maxRttMicros);
    ackedBytes = Math.max(0, 2 * FixedPoint.bytesFromRate(maxRttMicros, rate) - 15_360);
    ack(rate);
    ackedBytes = 0;
    for (int era = 0; era < 4; era++) {
      rtt(maxRttMicros).endEra(rate);
    }
    rtt(maxRttMicros).endEra(rate);
    return this;
  }

  /** From Cruising (entered by {@link #toCruising}) to Probing: two Cruising era ends. */
  C4Script toProbing(long rate, long rttMicros) {
    rtt(rttMicros).endEra(rate);
    rtt(rttMicros).endEra(rate);
    return this;
  }
}

package dev.moqbed.cc.bbr;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.SettablePathView;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Scripts a path for one BBR controller: each {@link #ack()} acknowledges the next packet number
 * with the rate, RTT, in-flight and loss figures currently set on the driver. A round (picoquic
 * counts them in packet numbers) is {@code flightPackets + 1} ACKs. Time advances by {@code
 * stepMicros} per ACK, independently of the RTT, so a test can run many rounds in little time.
 */
final class BbrDriver<C extends CongestionController> {
  static final int MTU = 1440;
  static final long START_MICROS = 1_000_000;

  final SettablePathView path = new SettablePathView().maxDatagramSizeBytes(MTU);
  final AckSample ack = new AckSample();
  final LossSample loss = new LossSample();
  final C controller;

  long nowMicros = START_MICROS;
  long stepMicros = 1_100;
  long largestAcked = -1;
  long deliveredBytes;
  int flightPackets = 10;
  long rttMicros = 100_000;
  long pathMinRttMicros = -1;
  long rateBytesPerSecond = 2_000_000;
  long ackedBytes = MTU;
  long txInFlightBytes = 200_000;
  long deliveredSinceSentBytes = 14_400;
  long lostSinceSentBytes;
  long bytesInFlight = 200_000;
  boolean appLimited;
  boolean cwndLimited;

  private BbrDriver(Function<ControllerEnvironment, C> factory, long seed) {
    controller =
        factory.apply(new ControllerEnvironment(path, nowMicros, new SplittableRandom(seed)));
  }

  static BbrDriver<PicoquicBbrController> picoquic(long seed) {
    return new BbrDriver<>(PicoquicBbrController::new, seed);
  }

  static BbrDriver<DraftBbrController> draft(long seed) {
    return new BbrDriver<>(DraftBbrController::new, seed);
  }

  BbrDriver<C> ack() {
    nowMicros += stepMicros;
    deliver();
    return this;
  }

  BbrDriver<C> acks(int count) {
    for (int i = 0; i < count; i++) {
      ack();
    }
    return this;
  }

  /** ACKs up to and including the next round start. */
  BbrDriver<C> round() {
    return acks(flightPackets + 1);
  }

  BbrDriver<C> rounds(int count) {
    return acks(count * (flightPackets + 1));
  }

  /** Reports packets lost by the next ACK's scan, then delivers that ACK. */
  BbrDriver<C> loseThenAck(long... packetNumbers) {
    nowMicros += stepMicros;
    for (long packetNumber : packetNumbers) {
      loss.set(
          packetNumber,
          nowMicros - rttMicros,
          MTU,
          LossTrigger.ACK_THRESHOLD,
          txInFlightBytes,
          deliveredSinceSentBytes,
          lostSinceSentBytes,
          appLimited,
          false);
      controller.onPacketLost(nowMicros, loss);
    }
    deliver();
    return this;
  }

  private void deliver() {
    largestAcked++;
    deliveredBytes += ackedBytes;
    long pathMin = pathMinRttMicros > 0 ? pathMinRttMicros : rttMicros;
    if (path.minRttMicros() == 0 || pathMin < path.minRttMicros() || pathMinRttMicros > 0) {
      path.minRttMicros(pathMin);
    }
    path.largestAckedPacketNumber(largestAcked)
        .nextPacketNumber(largestAcked + 1 + flightPackets)
        .deliveredBytes(deliveredBytes)
        .latestRttMicros(rttMicros)
        .smoothedRttMicros(rttMicros)
        .rttVarianceMicros(1)
        .deliveryRateBytesPerSecond(rateBytesPerSecond)
        .peakDeliveryRateBytesPerSecond(
            Math.max(rateBytesPerSecond, path.peakDeliveryRateBytesPerSecond()))
        .bytesInFlight(bytesInFlight);
    ack.acknowledged(ackedBytes, largestAcked, nowMicros - rttMicros, rttMicros, bytesInFlight)
        .delivery(
            txInFlightBytes,
            Math.max(0, Math.min(deliveredSinceSentBytes, deliveredBytes - MTU)),
            lostSinceSentBytes,
            1_000,
            rateBytesPerSecond,
            appLimited,
            cwndLimited);
    controller.onAck(nowMicros, ack);
  }
}

package dev.moqbed.cc.cubic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.ControllerScript;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.common.PicoquicConstants;
import org.junit.jupiter.api.Test;

/** picoquic-cc-baselines.md §5 items 22–25, plus §2 details. MTU 1440. */
class PicoquicCubicTest {
  private final ControllerScript script = new ControllerScript(10_000_000);

  private PicoquicCubic cubic() {
    return new PicoquicCubic(script.environment(), true);
  }

  /** Brings the window to {@code windowBytes} with the peak-rate floor of one ACK. */
  private void raiseWindowTo(PicoquicCubic cubic, long windowBytes, long srttMicros) {
    script.path.smoothedRttMicros(srttMicros);
    script.path.peakDeliveryRateBytesPerSecond(windowBytes * 2 * 1_000_000 / srttMicros);
    script.send(1000);
    script.ack(cubic, 1440, 0);
    assertEquals(windowBytes, cubic.congestionWindowBytes());
  }

  @Test
  void shouldStartWith15360BytesAndEct0WhatEverTheMtu() {
    script.path.maxDatagramSizeBytes(1252);
    PicoquicCubic cubic = cubic();
    assertEquals(15_360, cubic.congestionWindowBytes());
    assertTrue(cubic.inSlowStart());
    assertEquals(EcnCodepoint.ECT_0, cubic.outgoingEcn());
  }

  @Test
  void shouldCutTo766PercentWithFastConvergenceOnFirstLossThen875Percent() {
    // Item 22.
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    for (long pn = 10; pn <= 12; pn++) {
      script.lose(cubic, pn, LossTrigger.ACK_THRESHOLD);
    }
    double wMax = 200_000.0 / 1440 * 7 / 8;
    assertEquals(121.527_777, cubic.wMaxPackets(), 1e-6);
    assertEquals(wMax, cubic.wMaxPackets(), 1e-12);
    // 153 125 in exact arithmetic; the double product truncates to 153 124, as in picoquic.
    assertEquals(153_124, cubic.slowStartThresholdBytes());
    assertEquals(153_125, cubic.congestionWindowBytes(), 1);
    assertEquals(PicoquicCubeRoot.of(wMax / 3.2), cubic.kSeconds(), 0.0);
    assertEquals(Math.cbrt(wMax / 3.2), cubic.kSeconds(), 1e-5);
    assertTrue(cubic.inCongestionAvoidance());

    // Climb past the old maximum: nine seconds on the curve.
    script.advance(9_000_000);
    script.ack(cubic, 1440, 500);
    long before = cubic.congestionWindowBytes();
    assertEquals((long) (cubic.cubicWindowPackets(script.nowMicros()) * 1440), before);
    assertTrue(before > 200_000);
    for (long pn = 1000; pn <= 1002; pn++) {
      script.lose(cubic, pn, LossTrigger.ACK_THRESHOLD);
    }
    // No fast convergence: W_max = cwnd, cwnd = 7/8 of it.
    assertEquals(before / 1440.0, cubic.wMaxPackets(), 1e-12);
    assertEquals((long) (before / 1440.0 * 0.875 * 1440), cubic.slowStartThresholdBytes());
    assertEquals(before * 0.875, cubic.congestionWindowBytes(), 1);
  }

  @Test
  void shouldIgnoreOneOrTwoLossesAndReactToThirdAdjacentLoss() {
    // Item 23, first half.
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    script.lose(cubic, 10, LossTrigger.ACK_THRESHOLD);
    assertEquals(200_000, cubic.congestionWindowBytes());
    script.lose(cubic, 11, LossTrigger.ACK_THRESHOLD);
    assertEquals(200_000, cubic.congestionWindowBytes());
    assertTrue(cubic.inSlowStart());
    script.lose(cubic, 12, LossTrigger.ACK_THRESHOLD);
    assertEquals(153_124, cubic.slowStartThresholdBytes());
    assertEquals(153_125, cubic.congestionWindowBytes(), 1);
  }

  @Test
  void shouldNotCountLossesOfPacketsSentBeforeTheReduction() {
    // Item 23, second half: losses below recovery_sequence neither reduce nor feed the filter.
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    script.path.nextPacketNumber(50);
    for (long pn = 10; pn <= 12; pn++) {
      script.lose(cubic, pn, LossTrigger.ACK_THRESHOLD);
    }
    long reduced = cubic.congestionWindowBytes();
    for (long pn = 47; pn <= 49; pn++) {
      script.lose(cubic, pn, LossTrigger.ACK_THRESHOLD);
    }
    assertEquals(reduced, cubic.congestionWindowBytes());
    script.send(100);
    script.lose(cubic, 50, LossTrigger.ACK_THRESHOLD);
    script.lose(cubic, 51, LossTrigger.ACK_THRESHOLD);
    // Had 47..49 been counted, the rate would already exceed 0.15 here.
    assertEquals(reduced, cubic.congestionWindowBytes());
    script.lose(cubic, 52, LossTrigger.ACK_THRESHOLD);
    assertTrue(cubic.congestionWindowBytes() < reduced);
  }

  @Test
  void shouldReduceAtOnceWhenEcnCeIsReported() {
    // Item 23: ECN-CE skips the filter.
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    script.ecn(cubic, 0);
    assertEquals(153_124, cubic.slowStartThresholdBytes());
    script.ecn(cubic, 1);
    assertEquals(153_124, cubic.slowStartThresholdBytes(), "same recovery period");
  }

  @Test
  void shouldHalveThenSitOnPlateauWhenHystartFires() {
    // Item 24, filtered minimum 80 ms.
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 300_000, 100_000);
    for (int i = 0; i < 7; i++) {
      script.advance(1_001);
      script.rtt(cubic, 80_000);
    }
    for (int i = 0; i < 12; i++) {
      script.advance(1_001);
      script.rtt(cubic, 110_000);
      assertTrue(cubic.inSlowStart(), "sample " + i);
    }
    script.advance(1_001);
    script.rtt(cubic, 110_000);
    assertFalse(cubic.inSlowStart());
    assertEquals(150_000 / 1440.0, cubic.wMaxPackets(), 1e-12);
    assertEquals(131_250, cubic.slowStartThresholdBytes());
    assertEquals(131_250, cubic.congestionWindowBytes(), 1);
    // The epoch was moved back by K: the next ACK sits on the plateau, W_cubic(now) = W_max.
    assertEquals(cubic.wMaxPackets(), cubic.cubicWindowPackets(script.nowMicros()), 1e-9);
    script.ack(cubic, 1440, 1);
    assertEquals(150_000, cubic.congestionWindowBytes(), 1);
  }

  @Test
  void shouldCutLessThanHalfWhenFilteredMinimumIsAbove100Milliseconds() {
    // Item 24, filtered minimum 300 ms: (C + C/3) / 2 before the 7/8 step.
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 300_000, 300_000);
    for (int i = 0; i < 7; i++) {
      script.advance(1_001);
      script.rtt(cubic, 300_000);
    }
    for (int i = 0; i < 13; i++) {
      script.advance(1_001);
      script.rtt(cubic, 380_000);
    }
    assertFalse(cubic.inSlowStart());
    assertEquals(200_000 / 1440.0, cubic.wMaxPackets(), 1e-12);
    assertEquals(175_000, cubic.slowStartThresholdBytes());
  }

  @Test
  void shouldCollapseOnTimeoutThenApplyPeakFloorThenForgetThresholdOnSecondTimeout() {
    // Item 25.
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    script.ecn(cubic, 0);
    assertTrue(cubic.inCongestionAvoidance());
    script.send(10);
    script.lose(cubic, 1005, LossTrigger.TIMER);
    assertEquals(PicoquicConstants.MINIMUM_WINDOW_BYTES, cubic.congestionWindowBytes());
    assertFalse(cubic.inCongestionAvoidance());
    assertFalse(cubic.inSlowStart(), "ssthresh is still set");
    long ssthresh = cubic.slowStartThresholdBytes();
    // Peak 1 MB/s over 100 ms: the next ACK lifts cwnd to 50 000.
    script.path.peakDeliveryRateBytesPerSecond(1_000_000);
    script.ack(cubic, 1440, 2);
    assertEquals(50_000, cubic.congestionWindowBytes());

    PicoquicCubic collapsed = cubic();
    raiseWindowTo(collapsed, 200_000, 100_000);
    script.ecn(collapsed, 0);
    script.send(10);
    script.lose(collapsed, 2015, LossTrigger.TIMER);
    assertEquals(3072, collapsed.congestionWindowBytes());
    script.advance(100_001);
    script.lose(collapsed, 2016, LossTrigger.TIMER);
    assertEquals(3072, collapsed.congestionWindowBytes());
    assertEquals(PicoquicConstants.UNSET_THRESHOLD_BYTES, collapsed.slowStartThresholdBytes());
    assertTrue(collapsed.inSlowStart());
    assertTrue(ssthresh < PicoquicConstants.UNSET_THRESHOLD_BYTES);
  }

  @Test
  void shouldFreezeWhileAppLimitedThenRestartCurveAtSevenEighthsOfWmax() {
    // Item 25, app-limited part.
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    script.ecn(cubic, 0);
    script.advance(5_000_000);
    script.ack(cubic, 1440, 10);
    long grown = cubic.congestionWindowBytes();
    script.advance(1_000_000);
    long senderLimitedMicros = script.nowMicros() - 2;
    script.path.lastSenderLimitedMicros(senderLimitedMicros);
    script.path.lastAckedDataSentMicros(senderLimitedMicros - 1);
    cubic.onAck(
        script.nowMicros(), new AckSample().acknowledged(1440, 11, senderLimitedMicros - 1, -1, 0));
    assertEquals(grown, cubic.congestionWindowBytes());
    // This ACK's data was sent after the limited moment: the epoch moves up to that moment.
    script.ack(cubic, 1440, 12);
    assertEquals(senderLimitedMicros, cubic.epochStartMicros());
    assertEquals(cubic.wMaxPackets() * 0.875 * 1440, cubic.congestionWindowBytes(), 1);
  }

  @Test
  void shouldGrowOnlyWhenWindowBlockedInSlowStart() {
    PicoquicCubic cubic = cubic();
    script.path.smoothedRttMicros(100_000);
    script.ack(cubic, 1440, 0);
    assertEquals(15_360, cubic.congestionWindowBytes());
    script.path.congestionWindowBlocked(true);
    script.ack(cubic, 1440, 1);
    assertEquals(16_800, cubic.congestionWindowBytes());
  }

  @Test
  void shouldEnterAvoidanceAtSeedWhenCarefulResumeSeedArrives() {
    PicoquicCubic cubic = cubic();
    // 1.5 MB/s over 100 ms = 150 000 bytes.
    cubic.onResumeSeed(script.nowMicros(), 1_500_000, 100_000);
    assertEquals(150_000, cubic.congestionWindowBytes());
    assertEquals(150_000, cubic.slowStartThresholdBytes());
    assertTrue(cubic.inCongestionAvoidance());
    // W_reno was seeded with the whole window, so it beats W_cubic (7/8 of it) on the next ACK:
    // the window keeps growing the Reno way from the seed instead of dropping to 7/8.
    script.ack(cubic, 1440, 1);
    assertEquals((long) (150_000 + 1440.0 * 1440 / 150_000), cubic.congestionWindowBytes());
  }

  @Test
  void shouldRestoreSlowStartStateWhenReductionInSlowStartWasSpurious() {
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    script.ecn(cubic, 0);
    assertFalse(cubic.inSlowStart());
    cubic.onSpuriousLoss(script.nowMicros(), 0);
    assertTrue(cubic.inSlowStart());
    assertEquals(200_000, cubic.congestionWindowBytes());
    assertEquals(PicoquicConstants.UNSET_THRESHOLD_BYTES, cubic.slowStartThresholdBytes());
  }

  @Test
  void shouldRollBackToCurveWithThreeQuarterThresholdWhenReductionInAvoidanceWasSpurious() {
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    script.ecn(cubic, 0);
    long epoch = cubic.epochStartMicros();
    script.advance(2_000_000);
    script.ack(cubic, 1440, 5);
    long beforeLoss = cubic.congestionWindowBytes();
    script.send(10);
    script.ecn(cubic, 1005);
    cubic.onSpuriousLoss(script.nowMicros(), 1005);
    assertEquals(beforeLoss / 1440.0, cubic.wMaxPackets(), 1e-12);
    // picoquic's enter_avoidance overwrote the saved epoch with the reduction time, so the
    // rollback restarts the curve now rather than at the earlier epoch.
    assertEquals(12_000_000, cubic.epochStartMicros());
    assertTrue(epoch < cubic.epochStartMicros());
    assertEquals((long) (beforeLoss / 1440.0 * 0.75 * 1440), cubic.slowStartThresholdBytes());
    assertEquals(
        (long) (cubic.cubicWindowPackets(script.nowMicros()) * 1440),
        cubic.congestionWindowBytes());
  }

  @Test
  void shouldPaceAtWindowOverRttTimesOneAndAQuarterOnlyInInitialSlowStart() {
    PicoquicCubic cubic = cubic();
    raiseWindowTo(cubic, 200_000, 100_000);
    assertEquals(2_500_000, cubic.pacingRateBytesPerSecond());
    assertEquals(50_000, cubic.pacingQuantumBytes());
    script.ecn(cubic, 0);
    assertEquals(cubic.congestionWindowBytes() * 10, cubic.pacingRateBytesPerSecond(), 10);
    assertEquals(16 * 1440, cubic.pacingQuantumBytes());
  }
}

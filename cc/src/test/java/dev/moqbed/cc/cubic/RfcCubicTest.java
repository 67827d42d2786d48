package dev.moqbed.cc.cubic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerScript;
import dev.moqbed.cc.LossTrigger;
import org.junit.jupiter.api.Test;

/** RFC 9438 with exact values; HyStart++ off unless stated. MTU 1440, smoothed RTT 100 ms. */
class RfcCubicTest {
  private static final double MSS = 1440;
  private static final double ALPHA = 3 * (1 - 0.7) / (1 + 0.7);

  private final ControllerScript script = new ControllerScript(10_000_000);

  private RfcCubic cubic(boolean hystart) {
    script.path.smoothedRttMicros(100_000);
    return new RfcCubic(script.environment(), hystart);
  }

  /** Slow start to 100 packets, one loss, then the first ACK after recovery at the epoch. */
  private RfcCubic afterFirstLoss() {
    RfcCubic cubic = cubic(false);
    long first = script.send(90);
    script.ack(cubic, 90 * 1440, first + 89);
    assertEquals(144_000, cubic.congestionWindowBytes());
    long lost = script.send(1);
    script.lose(cubic, lost, LossTrigger.ACK_THRESHOLD);
    return cubic;
  }

  private static double wCubic(double tSeconds) {
    return 0.4 * Math.pow(tSeconds - Math.cbrt(75.0), 3) * MSS + 144_000;
  }

  @Test
  void shouldReduceToSevenTenthsWithoutFastConvergenceOnFirstLoss() {
    RfcCubic cubic = afterFirstLoss();
    assertEquals(100_800, cubic.congestionWindowExactBytes(), 1e-9);
    assertEquals(100_800, cubic.slowStartThresholdBytes(), 1e-9);
    assertEquals(144_000, cubic.wMaxBytes(), 1e-9);
    assertEquals(144_000, cubic.priorWindowBytes(), 1e-9);
    assertEquals(Long.MIN_VALUE, cubic.epochStartMicros());
  }

  @Test
  void shouldStartCurveAtReducedWindowAndReachWmaxAfterK() {
    RfcCubic cubic = afterFirstLoss();
    long afterRecovery = script.send(1);
    script.ack(cubic, 1440, afterRecovery);
    assertEquals(script.nowMicros(), cubic.epochStartMicros());
    assertEquals(Math.cbrt(75.0), cubic.kSeconds(), 1e-12);
    assertEquals(100_800, cubic.cubicWindowBytes(0), 1e-6);
    assertEquals(144_000, cubic.cubicWindowBytes(Math.cbrt(75.0)), 1e-9);
    // At t = 0, W_cubic = 100 800 < W_est: the Reno-friendly region sets cwnd = W_est.
    double wEst = 100_800 + ALPHA * 1440 * MSS / 100_800;
    assertEquals(wEst, cubic.wEstBytes(), 1e-9);
    assertEquals(wEst, cubic.congestionWindowExactBytes(), 1e-9);
  }

  @Test
  void shouldFollowCubicFormulaTowardsTargetOneRttAhead() {
    RfcCubic cubic = afterFirstLoss();
    long afterRecovery = script.send(1);
    script.ack(cubic, 1440, afterRecovery);
    double cwnd = cubic.congestionWindowExactBytes();
    script.advance(2_000_000);
    script.ack(cubic, 1440, afterRecovery);
    // W_cubic(2 s) = 137 744 > W_est: concave region, target W_cubic(2 s + RTT).
    assertTrue(wCubic(2.0) > cubic.wEstBytes());
    double target = wCubic(2.1);
    assertEquals(cwnd + (target - cwnd) * 1440 / cwnd, cubic.congestionWindowExactBytes(), 1e-6);
    assertEquals(138_533, (long) wCubic(2.1));
  }

  @Test
  void shouldCapTargetAtOneAndAHalfWindow() {
    RfcCubic cubic = afterFirstLoss();
    long afterRecovery = script.send(1);
    script.ack(cubic, 1440, afterRecovery);
    double cwnd = cubic.congestionWindowExactBytes();
    script.advance(30_000_000);
    script.ack(cubic, 1440, afterRecovery);
    // W_cubic(30.1 s) is 8.6 MB: the target is capped at 1.5 cwnd, so cwnd grows by half an ACK.
    assertEquals(cwnd + 720, cubic.congestionWindowExactBytes(), 1e-6);
  }

  @Test
  void shouldNotReduceAgainForLossesOfPacketsSentBeforeRecovery() {
    RfcCubic cubic = afterFirstLoss();
    script.lose(cubic, 5, LossTrigger.ACK_THRESHOLD);
    script.ecn(cubic, 90);
    assertEquals(100_800, cubic.congestionWindowExactBytes(), 1e-9);
    script.ack(cubic, 14_400, 90);
    assertEquals(100_800, cubic.congestionWindowExactBytes(), 1e-9, "no growth in recovery");
  }

  @Test
  void shouldLowerWmaxWithFastConvergenceWhenLossComesBelowPreviousMaximum() {
    RfcCubic cubic = afterFirstLoss();
    long after = script.send(1);
    script.ack(cubic, 1440, after);
    double cwnd = cubic.congestionWindowExactBytes();
    script.lose(cubic, after, LossTrigger.ACK_THRESHOLD);
    assertEquals(cwnd * 0.85, cubic.wMaxBytes(), 1e-9);
    assertEquals(cwnd * 0.7, cubic.congestionWindowExactBytes(), 1e-9);
  }

  @Test
  void shouldSwitchRenoAlphaToOneOnceWestReachesPriorWindow() {
    RfcCubic cubic = afterFirstLoss();
    long after = script.send(1);
    // Large ACKs at the epoch instant drive W_est (and cwnd, Reno-friendly) past cwnd_prior.
    script.ack(cubic, 1440, after);
    double wEst = cubic.wEstBytes();
    double cwnd = cubic.congestionWindowExactBytes();
    int acks = 0;
    while (cubic.wEstBytes() < 144_000) {
      wEst = cubic.wEstBytes();
      cwnd = cubic.congestionWindowExactBytes();
      script.ack(cubic, 144_000, after);
      assertEquals(wEst + ALPHA * 144_000 * MSS / cwnd, cubic.wEstBytes(), 1e-6);
      acks++;
    }
    assertEquals(48, acks);
    wEst = cubic.wEstBytes();
    cwnd = cubic.congestionWindowExactBytes();
    script.ack(cubic, 144_000, after);
    assertEquals(wEst + 1.0 * 144_000 * MSS / cwnd, cubic.wEstBytes(), 1e-6);
  }

  @Test
  void shouldRestorePreCongestionStateWhenLossProvesSpurious() {
    RfcCubic cubic = afterFirstLoss();
    long after = script.send(1);
    script.ack(cubic, 1440, after);
    script.advance(1_500_000);
    script.ack(cubic, 1440, after);
    double cwnd = cubic.congestionWindowExactBytes();
    double ssthresh = cubic.slowStartThresholdBytes();
    double wMax = cubic.wMaxBytes();
    double k = cubic.kSeconds();
    long epoch = cubic.epochStartMicros();
    double wEst = cubic.wEstBytes();
    double prior = cubic.priorWindowBytes();
    long lost = script.send(1);
    script.lose(cubic, lost, LossTrigger.ACK_THRESHOLD);
    assertTrue(cubic.congestionWindowExactBytes() < cwnd);
    cubic.onSpuriousLoss(script.nowMicros(), lost + 1);
    assertTrue(cubic.congestionWindowExactBytes() < cwnd, "another packet: no undo");
    cubic.onSpuriousLoss(script.nowMicros(), lost);
    assertEquals(cwnd, cubic.congestionWindowExactBytes(), 0.0);
    assertEquals(ssthresh, cubic.slowStartThresholdBytes(), 0.0);
    assertEquals(wMax, cubic.wMaxBytes(), 0.0);
    assertEquals(k, cubic.kSeconds(), 0.0);
    assertEquals(epoch, cubic.epochStartMicros());
    assertEquals(wEst, cubic.wEstBytes(), 0.0);
    assertEquals(prior, cubic.priorWindowBytes(), 0.0);
  }

  @Test
  void shouldRestartCurveFromMinimumWithZeroKAfterPersistentCongestion() {
    RfcCubic cubic = afterFirstLoss();
    cubic.onPersistentCongestion(script.nowMicros());
    assertEquals(2_880, cubic.congestionWindowBytes());
    long first = script.send(100);
    script.ack(cubic, 100_800 - 2_880, first);
    assertEquals(100_800, cubic.congestionWindowBytes());
    script.ack(cubic, 1440, first + 1);
    assertEquals(0, cubic.kSeconds(), 0.0);
    assertEquals(100_800, cubic.wMaxBytes(), 0.0);
  }

  @Test
  void shouldNotGrowWhileApplicationLimitedAndShiftEpochByThatTime() {
    RfcCubic cubic = afterFirstLoss();
    long after = script.send(1);
    script.ack(cubic, 1440, after);
    long epoch = cubic.epochStartMicros();
    double cwnd = cubic.congestionWindowExactBytes();
    script.advance(500_000);
    script.ack(cubic, 1440, after, -1, true);
    assertEquals(cwnd, cubic.congestionWindowExactBytes(), 0.0);
    script.advance(300_000);
    script.ack(cubic, 1440, after);
    assertEquals(epoch + 300_000, cubic.epochStartMicros());
  }

  @Test
  void shouldReduceOnEcnCeToSevenTenths() {
    RfcCubic cubic = cubic(false);
    script.ecn(cubic, 0);
    assertEquals(14_400 * 0.7, cubic.congestionWindowExactBytes(), 1e-9);
  }
}

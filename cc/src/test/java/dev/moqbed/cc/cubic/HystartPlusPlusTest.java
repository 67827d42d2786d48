package dev.moqbed.cc.cubic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerScript;
import org.junit.jupiter.api.Test;

/** RFC 9406 through {@link RfcCubic}: slow start, CSS, back to slow start, and the CA exit. */
class HystartPlusPlusTest {
  private final ControllerScript script = new ControllerScript(10_000_000);

  private RfcCubic cubic() {
    script.path.smoothedRttMicros(100_000);
    return new RfcCubic(script.environment(), true);
  }

  /** Sends {@code packets}, then acknowledges them one by one, each with the given RTT. */
  private void round(RfcCubic cubic, int packets, long rttMicros) {
    long first = script.send(packets);
    script.advance(rttMicros);
    for (int i = 0; i < packets; i++) {
      script.ack(cubic, 1440, first + i, rttMicros, false);
    }
  }

  @Test
  void shouldClampThresholdBetweenFourAndSixteenMilliseconds() {
    HystartPlusPlus hystart = new HystartPlusPlus();
    // First ACK opens round 1; eight samples of 20 ms; the next round compares with 20 ms.
    for (int i = 0; i < 8; i++) {
      hystart.onAck(i, 20_000, 8, 1440);
    }
    hystart.onAck(8, 20_000, 16, 1440);
    assertEquals(4_000, hystart.rttThresholdMicros());
    HystartPlusPlus slow = new HystartPlusPlus();
    for (int i = 0; i < 8; i++) {
      slow.onAck(i, 400_000, 8, 1440);
    }
    slow.onAck(8, 400_000, 16, 1440);
    assertEquals(16_000, slow.rttThresholdMicros());
  }

  @Test
  void shouldEnterCssOnEighthSampleOfRoundWithRttRiseAndGrowByQuarter() {
    RfcCubic cubic = cubic();
    round(cubic, 10, 100_000);
    assertEquals(28_800, cubic.congestionWindowBytes());
    // 100 ms + min(100 / 8, 16) ms = 112.5 ms: 113 ms is a rise.
    long first = script.send(20);
    for (int i = 0; i < 7; i++) {
      script.ack(cubic, 1440, first + i, 113_000, false);
      assertFalse(cubic.hystart().inConservativeSlowStart());
    }
    script.ack(cubic, 1440, first + 7, 113_000, false);
    assertTrue(cubic.hystart().inConservativeSlowStart());
    assertEquals(28_800 + 8 * 1440, cubic.congestionWindowBytes());
    for (int i = 8; i < 20; i++) {
      script.ack(cubic, 1440, first + i, 113_000, false);
    }
    assertEquals(40_320 + 12 * 360, cubic.congestionWindowBytes());
    assertTrue(cubic.inSlowStart());
  }

  @Test
  void shouldNotEnterCssWhenRiseIsBelowThreshold() {
    RfcCubic cubic = cubic();
    round(cubic, 10, 100_000);
    round(cubic, 20, 112_000);
    assertFalse(cubic.hystart().inConservativeSlowStart());
    assertEquals(57_600, cubic.congestionWindowBytes());
  }

  @Test
  void shouldEnterCongestionAvoidanceAfterFiveCssRoundsWithWindowKept() {
    RfcCubic cubic = cubic();
    round(cubic, 10, 100_000);
    round(cubic, 20, 113_000);
    assertEquals(44_640, cubic.congestionWindowBytes());
    for (int r = 1; r <= 4; r++) {
      round(cubic, 10, 113_000);
      assertEquals(r, cubic.hystart().cssRounds());
      assertTrue(cubic.inSlowStart());
    }
    assertEquals(44_640 + 4 * 10 * 360, cubic.congestionWindowBytes());
    long first = script.send(1);
    script.ack(cubic, 1440, first, 113_000, false);
    assertTrue(cubic.hystart().finished());
    assertFalse(cubic.inSlowStart());
    assertEquals(59_040, cubic.congestionWindowBytes());
    assertEquals(59_040, cubic.slowStartThresholdBytes(), 0.0);
    // RFC 9438 §4.10: W_max = cwnd at the start of avoidance, K = 0, cwnd_prior = cwnd.
    assertEquals(59_040, cubic.wMaxBytes(), 0.0);
    assertEquals(59_040, cubic.priorWindowBytes(), 0.0);
    assertEquals(0, cubic.kSeconds(), 0.0);
    assertEquals(script.nowMicros(), cubic.epochStartMicros());
  }

  @Test
  void shouldResumeSlowStartWhenCssRoundShowsLowerRtt() {
    RfcCubic cubic = cubic();
    round(cubic, 10, 100_000);
    round(cubic, 20, 113_000);
    long first = script.send(10);
    for (int i = 0; i < 8; i++) {
      script.ack(cubic, 1440, first + i, 105_000, false);
    }
    assertFalse(cubic.hystart().inConservativeSlowStart());
    assertEquals(44_640 + 8 * 360, cubic.congestionWindowBytes());
    script.ack(cubic, 1440, first + 8, 105_000, false);
    assertEquals(44_640 + 8 * 360 + 1440, cubic.congestionWindowBytes());
  }

  @Test
  void shouldLeaveHystartOnLossWithNormalReduction() {
    RfcCubic cubic = cubic();
    round(cubic, 10, 100_000);
    round(cubic, 20, 113_000);
    script.lose(cubic, script.send(1), dev.moqbed.cc.LossTrigger.ACK_THRESHOLD);
    assertEquals(44_640 * 0.7, cubic.congestionWindowExactBytes(), 1e-9);
    assertFalse(cubic.inSlowStart());
  }
}

package dev.moqbed.cc.newreno;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerScript;
import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.common.PicoquicConstants;
import org.junit.jupiter.api.Test;

/** picoquic-cc-baselines.md §3, one test per row of the departures table. MTU 1440. */
class PicoquicNewRenoTest {
  private final ControllerScript script = new ControllerScript(10_000_000);

  private PicoquicNewReno newReno() {
    return new PicoquicNewReno(script.environment());
  }

  /** Careful-resume seed of {@code windowBytes}: the quickest way into congestion avoidance. */
  private PicoquicNewReno inAvoidanceAt(long windowBytes) {
    PicoquicNewReno newReno = newReno();
    script.path.smoothedRttMicros(100_000);
    newReno.onResumeSeed(script.nowMicros(), windowBytes * 10, 100_000);
    assertEquals(windowBytes, newReno.congestionWindowBytes());
    assertFalse(newReno.inSlowStart());
    return newReno;
  }

  @Test
  void shouldStartAt15360BytesWhateverTheMtu() {
    script.path.maxDatagramSizeBytes(1252);
    PicoquicNewReno newReno = newReno();
    assertEquals(15_360, newReno.congestionWindowBytes());
    assertTrue(newReno.inSlowStart());
    assertEquals(EcnCodepoint.ECT_0, newReno.outgoingEcn());
  }

  @Test
  void shouldFloorWindowAtHalfPeakBdpAndGrowWithoutCwndBlockedInSlowStart() {
    PicoquicNewReno newReno = newReno();
    script.path.smoothedRttMicros(80_000).peakDeliveryRateBytesPerSecond(1_000_000);
    script.ack(newReno, 1440, 0);
    // max(15 360, 1 MB/s × 80 ms / 2 = 40 000), then + 1 440 although never cwnd-blocked.
    assertEquals(41_440, newReno.congestionWindowBytes());
  }

  @Test
  void shouldNotGrowWhenAckedDataWasSentBeforeSenderWasLimited() {
    PicoquicNewReno newReno = newReno();
    script.path.lastSenderLimitedMicros(script.nowMicros());
    script.ack(newReno, 1440, 0);
    assertEquals(15_360, newReno.congestionWindowBytes());
  }

  @Test
  void shouldRaiseWindowForLongRttInInitialSlowStart() {
    PicoquicNewReno newReno = newReno();
    script.path.minRttMicros(600_000).smoothedRttMicros(600_000);
    script.rtt(newReno, 600_000);
    assertEquals(92_160, newReno.congestionWindowBytes());
    script.path.minRttMicros(100_000);
    PicoquicNewReno shortPath = newReno();
    script.rtt(shortPath, 100_000);
    assertEquals(15_360, shortPath.congestionWindowBytes());
  }

  @Test
  void shouldKeepWindowAndSetThresholdWhenHystartFires() {
    PicoquicNewReno newReno = newReno();
    script.path.smoothedRttMicros(80_000).peakDeliveryRateBytesPerSecond(2_500_000);
    script.ack(newReno, 0, 0);
    assertEquals(100_000, newReno.congestionWindowBytes());
    for (int i = 0; i < 7; i++) {
      script.advance(1_001);
      script.rtt(newReno, 80_000);
    }
    for (int i = 0; i < 13; i++) {
      script.advance(1_001);
      script.rtt(newReno, 110_000);
    }
    assertFalse(newReno.inSlowStart());
    assertEquals(100_000, newReno.congestionWindowBytes());
    assertEquals(100_000, newReno.slowStartThresholdBytes());
  }

  @Test
  void shouldCountBytesWithCarriedRemainderInCongestionAvoidance() {
    PicoquicNewReno newReno = inAvoidanceAt(100_000);
    script.ack(newReno, 1440, 1);
    // 1 440 × 1 440 = 2 073 600 = 20 × 100 000 + 73 600.
    assertEquals(100_020, newReno.congestionWindowBytes());
    script.ack(newReno, 1440, 2);
    // 2 073 600 + 73 600 = 2 147 200 = 21 × 100 020 + 46 780.
    assertEquals(100_041, newReno.congestionWindowBytes());
  }

  @Test
  void shouldHalveOncePerRecoveryPeriodWithoutLossFilter() {
    PicoquicNewReno newReno = inAvoidanceAt(100_000);
    script.path.nextPacketNumber(100);
    script.lose(newReno, 10, LossTrigger.ACK_THRESHOLD);
    assertEquals(50_000, newReno.congestionWindowBytes());
    assertEquals(50_000, newReno.slowStartThresholdBytes());
    assertEquals(100, newReno.recoverySequence());
    script.lose(newReno, 99, LossTrigger.ACK_THRESHOLD);
    script.ecn(newReno, 99);
    assertEquals(50_000, newReno.congestionWindowBytes());
    script.lose(newReno, 100, LossTrigger.ACK_THRESHOLD);
    assertEquals(25_000, newReno.congestionWindowBytes());
  }

  @Test
  void shouldKeepGrowingDuringRecoveryPeriod() {
    PicoquicNewReno newReno = inAvoidanceAt(100_000);
    script.path.nextPacketNumber(100);
    script.lose(newReno, 10, LossTrigger.ACK_THRESHOLD);
    script.ack(newReno, 50_000, 50);
    assertEquals(51_440, newReno.congestionWindowBytes());
  }

  @Test
  void shouldNeverGoBelow3072BytesWhenLossesRepeat() {
    PicoquicNewReno newReno = inAvoidanceAt(20_000);
    for (int i = 0; i < 6; i++) {
      long pn = script.send(1);
      script.lose(newReno, pn, LossTrigger.ACK_THRESHOLD);
    }
    assertEquals(PicoquicConstants.MINIMUM_WINDOW_BYTES, newReno.congestionWindowBytes());
    assertEquals(PicoquicConstants.MINIMUM_WINDOW_BYTES, newReno.slowStartThresholdBytes());
  }

  @Test
  void shouldCollapseTo3072InSlowStartWhenTimerDeclaresLoss() {
    PicoquicNewReno newReno = inAvoidanceAt(100_000);
    script.path.nextPacketNumber(100).peakDeliveryRateBytesPerSecond(10_000_000);
    script.lose(newReno, 50, LossTrigger.TIMER);
    assertEquals(3_072, newReno.congestionWindowBytes());
    assertEquals(50_000, newReno.slowStartThresholdBytes());
    assertFalse(newReno.inSlowStart(), "not the initial slow start: no peak floor");
    script.ack(newReno, 40_000, 100);
    assertEquals(43_072, newReno.congestionWindowBytes());
    script.ack(newReno, 10_000, 101);
    assertEquals(53_072, newReno.congestionWindowBytes());
    script.ack(newReno, 1_440, 102);
    // Now in congestion avoidance: 1 440 × 1 440 / 53 072 = 39.
    assertEquals(53_111, newReno.congestionWindowBytes());
  }

  @Test
  void shouldRestoreTwiceThresholdWhenLossIsSpuriousWithinOneRtt() {
    PicoquicNewReno newReno = inAvoidanceAt(100_000);
    script.path.nextPacketNumber(100).largestAckedPacketNumber(60);
    script.lose(newReno, 50, LossTrigger.ACK_THRESHOLD);
    script.advance(99_999);
    newReno.onSpuriousLoss(script.nowMicros(), 50);
    assertEquals(100_000, newReno.congestionWindowBytes());

    PicoquicNewReno late = inAvoidanceAt(100_000);
    script.path.nextPacketNumber(200);
    script.lose(late, 150, LossTrigger.ACK_THRESHOLD);
    script.advance(100_000);
    late.onSpuriousLoss(script.nowMicros(), 150);
    assertEquals(50_000, late.congestionWindowBytes());
  }

  @Test
  void shouldNotUndoWhenRecoveryPointIsAlreadyAcknowledged() {
    PicoquicNewReno newReno = inAvoidanceAt(100_000);
    script.path.nextPacketNumber(100);
    script.lose(newReno, 50, LossTrigger.ACK_THRESHOLD);
    script.path.largestAckedPacketNumber(100);
    newReno.onSpuriousLoss(script.nowMicros(), 50);
    assertEquals(50_000, newReno.congestionWindowBytes());
  }

  @Test
  void shouldPaceFromWindowWithSlowStartGainOnlyInInitialSlowStart() {
    PicoquicNewReno newReno = newReno();
    script.rtt(newReno, 250_000);
    // 15 360 / 250 ms × 1.25 = 76 800 exactly, but picoquic's double arithmetic gives
    // 76 799.999... and truncates; quantum raised to 32 768 on a long path in slow start.
    assertEquals(76_799, newReno.pacingRateBytesPerSecond());
    assertEquals(32_768, newReno.pacingQuantumBytes());
    script.lose(newReno, 0, LossTrigger.ACK_THRESHOLD);
    // 7 680 bytes is under 8 packets: unpaced.
    assertEquals(1440L * 1_000_000_000L, newReno.pacingRateBytesPerSecond());
  }
}

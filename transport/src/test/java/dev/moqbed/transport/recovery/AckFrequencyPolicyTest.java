package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AckFrequencyPolicyTest {

  private static final int MTU = 1440;
  private static final long PEER_MIN_ACK_DELAY = 1_000;

  private final AckFrequencyPolicy policy = new AckFrequencyPolicy();

  /** A path without queueing (smoothed = min RTT), startup over, a non-NewReno controller. */
  private AckFrequencyPolicy.Update steady(long cwnd, long minRtt) {
    return policy.compute(cwnd, MTU, true, minRtt, minRtt, 0, 0, false, PEER_MIN_ACK_DELAY);
  }

  private long gap(long cwnd, boolean startupEnded, long minRtt, long bandwidth, boolean newReno) {
    return policy
        .compute(cwnd, MTU, startupEnded, minRtt, minRtt, bandwidth, 0, newReno, PEER_MIN_ACK_DELAY)
        .gapPackets();
  }

  @Test
  void shouldSendFirstFrameWithSequenceZeroWhenFirstComputation() {
    // cubic_alone_512k: 10 packets in the window, 80 ms path -> gap 3, delay 10 ms.
    AckFrequencyPolicy.Update update = steady(14_400, 80_000);
    assertTrue(update.send());
    assertEquals(0, update.sequence());
    assertEquals(3, update.gapPackets());
    assertEquals(10_000, update.delayMicros());
  }

  @Test
  void shouldCountAtLeastTwoPacketsWhenWindowIsTiny() {
    assertEquals(2, gap(100, true, 80_000, 0, false));
  }

  @Test
  void shouldHalvePacketsWhenStartupNotEnded() {
    assertEquals(3, gap(14_400, true, 80_000, 0, false));
    assertEquals(2, gap(14_400, false, 80_000, 0, false));
    assertEquals(25, gap(144_000, true, 80_000, 0, false));
    assertEquals(13, gap(144_000, false, 80_000, 0, false));
  }

  @Test
  void shouldMultiplyPacketsByFourMillisecondsOverMinRttWhenRttIsTiny() {
    assertEquals(3, gap(14_400, true, 3_999, 0, false));
    assertEquals(5, gap(14_400, true, 2_000, 0, false));
    assertEquals(5, gap(14_400, true, 1_500, 0, false));
    assertEquals(10, gap(14_400, true, 1_000, 0, false));
    assertEquals(10, gap(14_400, true, 500, 0, false));
  }

  @Test
  void shouldFloorGapAtFourWhenDeliveryRateAboveSixteenMegabits() {
    assertEquals(3, gap(14_400, true, 80_000, 2_000_000, false));
    assertEquals(4, gap(14_400, true, 80_000, 2_000_001, false));
  }

  @Test
  void shouldFloorGapAtTenWhenDeliveryRateHighAndMinRttAbove100Milliseconds() {
    assertEquals(10, gap(14_400, true, 120_000, 2_000_001, false));
    assertEquals(4, gap(14_400, true, 100_000, 2_000_001, false));
  }

  @Test
  void shouldCapGapAt32WhenNewReno() {
    assertEquals(32, gap(300 * MTU, true, 80_000, 0, true));
  }

  @Test
  void shouldGrowGapByOneEighthOfPacketsAbove128WhenNotNewReno() {
    assertEquals(53, gap(300 * MTU, true, 80_000, 0, false));
    // c4_alone (R 80 ms) settles at 57: about 330 packets in the window.
    assertEquals(57, gap(330 * MTU, true, 80_000, 0, false));
  }

  @Test
  void shouldCapGapAt64WhenNotNewReno() {
    // c4_satellite's seeded window: 64 from the first frame.
    assertEquals(64, gap(1_000 * MTU, true, 600_000, 0, false));
  }

  @Test
  void shouldRequestQuarterOfMinRttCappedAtTenMillisecondsAsDelay() {
    assertEquals(10_000, steady(14_400, 80_000).delayMicros());
    // c4_wifi_suspension: 2.6 ms on a 10.4 ms path.
    assertEquals(2_600, steady(14_400, 10_400).delayMicros());
  }

  @Test
  void shouldFloorDelayAtPeerMinAckDelayWhenMinRttIsTiny() {
    assertEquals(1_000, steady(14_400, 2_000).delayMicros());
    assertEquals(
        1_500, policy.compute(14_400, MTU, true, 2_000, 2_000, 0, 0, false, 1_500).delayMicros());
  }

  @Test
  void shouldRaiseDelayToAckTransmissionTimeWhenQueueBuilds() {
    // smoothed 40 ms > 1.5 x min 20 ms; 115 B at 14,743 B/s = 7.8 ms (c4_short_long: 7.8 ms).
    AckFrequencyPolicy.Update update =
        policy.compute(40 * MTU, MTU, true, 20_000, 40_000, 0, 14_743, false, PEER_MIN_ACK_DELAY);
    assertEquals(7_800, update.delayMicros());
    assertEquals(10, update.gapPackets());
  }

  @Test
  void shouldCapQueueCorrectedDelayAtTenMilliseconds() {
    AckFrequencyPolicy.Update update =
        policy.compute(40 * MTU, MTU, true, 20_000, 40_000, 0, 5_000, false, PEER_MIN_ACK_DELAY);
    assertEquals(10_000, update.delayMicros());
  }

  @Test
  void shouldNotCorrectWhenSmoothedRttIsAtMostOneAndHalfMinRtt() {
    AckFrequencyPolicy.Update update =
        policy.compute(40 * MTU, MTU, true, 20_000, 30_000, 0, 14_743, false, PEER_MIN_ACK_DELAY);
    assertEquals(5_000, update.delayMicros());
  }

  @Test
  void shouldNotCorrectWhenNothingWasReceivedYet() {
    AckFrequencyPolicy.Update update =
        policy.compute(40 * MTU, MTU, true, 20_000, 40_000, 0, 0, false, PEER_MIN_ACK_DELAY);
    assertEquals(5_000, update.delayMicros());
  }

  @Test
  void shouldRaiseGapAbove64WhenAcksSpacedByDelayDoNotFitInTargetRtt() {
    // 1388 packets; 22 ACKs of 10 ms do not fit in (80 + 40)/2 ms; 8 fit in 80 ms -> 174.
    AckFrequencyPolicy.Update update =
        policy.compute(
            2_000_000, MTU, true, 40_000, 80_000, 0, 1_000_000, false, PEER_MIN_ACK_DELAY);
    assertEquals(174, update.gapPackets());
    assertEquals(10_000, update.delayMicros());
  }

  @Test
  void shouldHalvePacketsAgainInQueueCorrectionWhenStartupNotEnded() {
    AckFrequencyPolicy.Update update =
        policy.compute(
            2_000_000, MTU, false, 40_000, 80_000, 0, 1_000_000, false, PEER_MIN_ACK_DELAY);
    assertEquals(87, update.gapPackets());
  }

  @Test
  void shouldSetGapToWholeWindowWhenNotEvenTwoAcksFitInSmoothedRtt() {
    AckFrequencyPolicy.Update update =
        policy.compute(14_400, MTU, true, 8_000, 15_000, 0, 10_000, false, PEER_MIN_ACK_DELAY);
    assertEquals(10_000, update.delayMicros());
    assertEquals(10, update.gapPackets());
  }

  @Test
  void shouldCapGapAt32WhenMinRttBelowFourDelays() {
    AckFrequencyPolicy.Update update =
        policy.compute(144_000, MTU, true, 8_000, 15_000, 0, 10_000, false, PEER_MIN_ACK_DELAY);
    assertEquals(32, update.gapPackets());
  }

  @Test
  void shouldSendOnlyWhenFrameWasWrittenToAdvanceSequence() {
    steady(144_000, 80_000);
    policy.onFrameSent();
    AckFrequencyPolicy.Update next = steady(288_000, 80_000);
    assertTrue(next.send());
    assertEquals(1, next.sequence());
    assertEquals(41, next.gapPackets());
    assertEquals(0, policy.lastSequence());
    assertEquals(25, policy.sentGapPackets());
  }

  @Test
  void shouldNotSendWhenGapDidNotGrowAndDelayStayedWithinOneEighth() {
    steady(144_000, 32_000);
    policy.onFrameSent();
    assertEquals(8_000, policy.sentDelayMicros());
    assertFalse(steady(144_000, 35_999).send()); // delay 8,999 <= 9/8 x 8,000
    assertFalse(steady(144_000, 36_000).send()); // delay 9,000 = 9/8 x 8,000
    assertTrue(steady(144_000, 36_004).send()); // delay 9,001
    assertFalse(steady(144_000, 28_000).send()); // delay 7,000 = 7/8 x 8,000
    assertTrue(steady(144_000, 27_996).send()); // delay 6,999
  }

  @Test
  void shouldKeepLargestGapSentWhenOnlyDelayMoves() {
    steady(300 * MTU, 80_000);
    policy.onFrameSent();
    assertEquals(53, policy.sentGapPackets());
    assertFalse(steady(14_400, 80_000).send());
    AckFrequencyPolicy.Update update = steady(14_400, 20_000);
    assertTrue(update.send());
    assertEquals(53, update.gapPackets());
    assertEquals(5_000, update.delayMicros());
    assertEquals(3, policy.computedGapPackets());
  }

  @Test
  void shouldRefuseToRecordFrameWhenNoneWasRequested() {
    steady(144_000, 80_000);
    policy.onFrameSent();
    steady(144_000, 80_000);
    assertThrows(IllegalStateException.class, policy::onFrameSent);
  }
}

package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AckTrackerTest {

  private static AckTracker application() {
    return new AckTracker(AckFlavor.PICOQUIC, true, 0);
  }

  private static AckTracker rfc() {
    return new AckTracker(AckFlavor.RFC9000, true, 0);
  }

  /** Receives every number in [first, last] at {@code now}, ack-eliciting. */
  private static void receiveRun(AckTracker tracker, long now, long first, long last) {
    for (long pn = first; pn <= last; pn++) {
      tracker.onPacketReceived(now, pn, true);
    }
  }

  /** A tracker past its first 128 packets (0..129 received and acknowledged) with a request. */
  private static AckTracker afterAckFrequency(long gap, long delay, long reorderingThreshold) {
    AckTracker tracker = application();
    tracker.onAckFrequency(0, gap, delay, reorderingThreshold);
    receiveRun(tracker, 0, 0, 129);
    assertNotNull(tracker.buildAck(0));
    return tracker;
  }

  private static long[] largestNumbers(AckFrame frame) {
    long[] largest = new long[frame.rangeCount()];
    for (int i = 0; i < largest.length; i++) {
      assertEquals(frame.rangeSmallest(i), frame.rangeLargest(i));
      largest[i] = frame.rangeLargest(i);
    }
    return largest;
  }

  private static long[] evenNumbersDown(long from, long to) {
    long[] numbers = new long[(int) ((from - to) / 2 + 1)];
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] = from - 2L * i;
    }
    return numbers;
  }

  private static long[] concat(long[]... parts) {
    int length = 0;
    for (long[] part : parts) {
      length += part.length;
    }
    long[] all = new long[length];
    int at = 0;
    for (long[] part : parts) {
      System.arraycopy(part, 0, all, at, part.length);
      at += part.length;
    }
    return all;
  }

  @Test
  void shouldAckImmediatelyWhenInitialOrHandshakeSpace() {
    AckTracker handshake = new AckTracker(AckFlavor.PICOQUIC, false, 0);
    handshake.onPacketReceived(1_000, 0, true);
    assertTrue(handshake.isAckDue(1_000));
    assertEquals(1_000, handshake.nextAckTimeMicros(1_000));
  }

  @Test
  void shouldAckAfterOneMillisecondWhenNoAckFrequencyReceived() {
    AckTracker tracker = application();
    tracker.onPacketReceived(1_000, 0, true);
    assertFalse(tracker.isAckDue(1_000));
    assertEquals(2_000, tracker.nextAckTimeMicros(1_000));
    assertFalse(tracker.isAckDue(1_999));
    assertTrue(tracker.isAckDue(2_000));
  }

  @Test
  void shouldAckEverySecondPacketNumberWhenNoAckFrequencyReceived() {
    AckTracker tracker = application();
    tracker.onPacketReceived(0, 0, true);
    tracker.onPacketReceived(0, 1, true);
    assertFalse(tracker.isAckDue(0));
    tracker.onPacketReceived(0, 2, true);
    assertTrue(tracker.isAckDue(0));
    tracker.buildAck(0);
    tracker.onPacketReceived(0, 3, true);
    assertFalse(tracker.isAckDue(0));
    tracker.onPacketReceived(0, 4, true);
    assertTrue(tracker.isAckDue(0));
  }

  @Test
  void shouldUseRequestedDelayWhenAckFrequencyReceived() {
    AckTracker tracker = afterAckFrequency(10, 5_000, 0);
    tracker.onPacketReceived(1_000, 130, true);
    assertEquals(6_000, tracker.nextAckTimeMicros(1_000));
  }

  @Test
  void shouldCountGapInPacketNumberSpaceWhenPacketsAreLost() {
    AckTracker tracker = afterAckFrequency(10, 10_000, 0);
    tracker.onPacketReceived(100, 135, true);
    assertFalse(tracker.isAckDue(100));
    tracker.onPacketReceived(100, 139, true);
    assertTrue(tracker.isAckDue(100), "two packets, but 129 + 10 <= 139");
  }

  @Test
  void shouldForceGapOfTwoWhenFewerThan128PacketsReceivedOnConnection() {
    AckTracker tracker = application();
    tracker.onAckFrequency(0, 10, 10_000, 0);
    for (int i = 0; i < 120; i++) {
      tracker.onPacketReceivedInOtherSpace();
    }
    receiveRun(tracker, 0, 0, 2);
    assertEquals(2, tracker.effectiveAckGapPackets());
    assertTrue(tracker.isAckDue(0));
    receiveRun(tracker, 0, 3, 7);
    assertEquals(128, tracker.packetsReceivedOnConnection());
    assertEquals(10, tracker.effectiveAckGapPackets());
  }

  @Test
  void shouldAckImmediatelyWhenFinReceived() {
    AckTracker tracker = afterAckFrequency(10, 10_000, 0);
    tracker.onPacketReceived(1_000, 130, true);
    assertFalse(tracker.isAckDue(1_000));
    tracker.onStreamFinReceived();
    assertTrue(tracker.isAckDue(1_000));
    tracker.buildAck(1_000);
    tracker.onPacketReceived(1_000, 131, true);
    assertFalse(tracker.isAckDue(1_000));
  }

  @Test
  void shouldAckImmediatelyWhenPacketSkipsNumbersAndOrderMatters() {
    AckTracker tracker = afterAckFrequency(10, 10_000, 1);
    tracker.onPacketReceived(100, 131, true);
    assertTrue(tracker.outOfOrderPending());
    assertTrue(tracker.isAckDue(100));
  }

  @Test
  void shouldIgnoreOutOfOrderWhenPeerSentReorderingThresholdZero() {
    AckTracker tracker = afterAckFrequency(10, 10_000, 0);
    tracker.onPacketReceived(100, 131, true);
    assertTrue(tracker.ignoresOrder());
    assertFalse(tracker.isAckDue(100));
  }

  @Test
  void shouldAckImmediatelyOnGapWhenNoAckFrequencyReceived() {
    AckTracker tracker = application();
    tracker.onPacketReceived(0, 0, true);
    tracker.buildAck(0);
    tracker.onPacketReceived(100, 2, false);
    tracker.onPacketReceived(100, 3, true);
    assertTrue(tracker.outOfOrderPending());
    assertFalse(tracker.ignoresOrder());
  }

  @Test
  void shouldFlagOutOfOrderWhenOlderThanLastAckWhileAckPending() {
    AckTracker tracker = application();
    tracker.onAckFrequency(0, 10, 10_000, 1);
    for (long pn = 0; pn <= 129; pn++) {
      if (pn != 120) {
        tracker.onPacketReceived(0, pn, true);
      }
    }
    tracker.buildAck(0);
    tracker.onPacketReceived(100, 130, true);
    assertFalse(tracker.isAckDue(100));
    tracker.onPacketReceived(100, 120, true);
    assertTrue(tracker.isAckDue(100));
  }

  @Test
  void shouldNotFlagOldPacketWhenNoAckPending() {
    AckTracker tracker = application();
    tracker.onAckFrequency(0, 10, 10_000, 1);
    for (long pn = 0; pn <= 129; pn++) {
      if (pn != 120) {
        tracker.onPacketReceived(0, pn, true);
      }
    }
    tracker.buildAck(0);
    tracker.onPacketReceived(100, 120, false);
    assertFalse(tracker.outOfOrderPending());
  }

  @Test
  void shouldAckNonElicitingRunAfterEightNumbersAndDelayWithoutTimer() {
    AckTracker tracker = application();
    tracker.onPacketReceived(0, 0, true);
    tracker.buildAck(1_000);
    for (long pn = 1; pn <= 7; pn++) {
      tracker.onPacketReceived(1_500, pn, false);
    }
    assertFalse(tracker.isAckDue(5_000));
    tracker.onPacketReceived(1_500, 8, false);
    assertFalse(tracker.isAckDue(1_999));
    assertTrue(tracker.isAckDue(2_000));
    assertEquals(Long.MAX_VALUE, tracker.nextAckTimeMicros(1_500));
  }

  @Test
  void shouldMeasureAckDelayFromArrivalOfLargest() {
    AckTracker tracker = application();
    tracker.onPacketReceived(1_000, 5, true);
    tracker.onPacketReceived(1_500, 3, true);
    AckFrame frame = tracker.buildAck(3_001);
    assertEquals(5, frame.largestAcknowledged());
    assertEquals(250, frame.encodedAckDelay());
    assertEquals(2_000, frame.ackDelayMicros());
  }

  @Test
  void shouldReportZeroDelayWhenBuiltAtArrivalOfLargest() {
    AckTracker tracker = application();
    tracker.onPacketReceived(1_000, 0, true);
    assertEquals(0, tracker.buildAck(1_000).ackDelayMicros());
  }

  @Test
  void shouldCarryOnePlus32RangesPreferringLeastSentWhenMoreExist() {
    AckTracker tracker = application();
    for (long pn = 0; pn <= 78; pn += 2) {
      tracker.onPacketReceived(0, pn, true);
    }
    assertEquals(40, tracker.rangeCount());
    // All 39 lower ranges were never sent: 7 too many, and picoquic skips the highest ones.
    AckFrame first = tracker.buildAck(0);
    assertArrayEquals(concat(new long[] {78}, evenNumbersDown(62, 0)), largestNumbers(first));
    // Now the 7 skipped ranges are the least sent; among the 32 sent once, the highest give way.
    AckFrame second = tracker.buildAck(0);
    assertArrayEquals(
        concat(new long[] {78}, evenNumbersDown(76, 64), evenNumbersDown(48, 0)),
        largestNumbers(second));
    assertEquals(2, tracker.rangeTimesSent(0));
    assertEquals(1, tracker.rangeTimesSent(8));
    assertEquals(2, tracker.rangeTimesSent(39));
  }

  @Test
  void shouldDropLowerRangesAfterFifthSendWhenFewRangesCompete() {
    AckTracker tracker = application();
    for (long pn : new long[] {0, 2, 4}) {
      tracker.onPacketReceived(0, pn, true);
    }
    for (int i = 0; i < 5; i++) {
      assertEquals(3, tracker.buildAck(0).rangeCount(), "frame " + i);
    }
    AckFrame sixth = tracker.buildAck(0);
    assertEquals(1, sixth.rangeCount());
    assertEquals(4, sixth.largestAcknowledged());
  }

  @Test
  void shouldNotRebuildSingleRangeSentFourTimesWhenNothingNew() {
    AckTracker tracker = application();
    tracker.onPacketReceived(0, 0, true);
    for (int i = 0; i < 4; i++) {
      assertNotNull(tracker.buildAck(0), "frame " + i);
    }
    assertNull(tracker.buildAck(0));
    tracker.onPacketReceived(0, 1, false);
    assertNotNull(tracker.buildAck(0));
  }

  @Test
  void shouldBuildNothingWhenNothingReceived() {
    assertNull(application().buildAck(0));
  }

  @Test
  void shouldPruneMatchingRangesAndKeepLargestWhenAckIsAcknowledged() {
    AckTracker tracker = application();
    for (long pn : new long[] {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
      tracker.onPacketReceived(0, pn, true);
    }
    AckFrame frame = tracker.buildAck(0);
    assertEquals(3, frame.rangeCount());
    tracker.onAckFrameAcknowledged(frame);
    assertEquals(1, tracker.rangeCount());
    assertEquals(10, tracker.rangeSmallest(0));
    assertEquals(10, tracker.rangeLargest(0));
  }

  @Test
  void shouldShrinkHighestRangeToNewNumbersWhenItGrewSinceFrame() {
    AckTracker tracker = application();
    for (long pn : new long[] {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
      tracker.onPacketReceived(0, pn, true);
    }
    AckFrame frame = tracker.buildAck(0);
    tracker.onPacketReceived(0, 11, true);
    tracker.onAckFrameAcknowledged(frame);
    assertEquals(1, tracker.rangeCount());
    assertEquals(11, tracker.rangeSmallest(0));
    assertEquals(11, tracker.rangeLargest(0));
  }

  @Test
  void shouldKeepRangeThatChangedSinceFrameWhenAckIsAcknowledged() {
    AckTracker tracker = application();
    for (long pn : new long[] {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
      tracker.onPacketReceived(0, pn, true);
    }
    AckFrame frame = tracker.buildAck(0);
    tracker.onPacketReceived(0, 7, true);
    assertEquals(2, tracker.rangeCount());
    tracker.onAckFrameAcknowledged(frame);
    assertEquals(1, tracker.rangeCount());
    assertEquals(7, tracker.rangeSmallest(0));
    assertEquals(10, tracker.rangeLargest(0));
  }

  @Test
  void shouldResetSendCountWhenRangeChanges() {
    AckTracker tracker = application();
    tracker.onPacketReceived(0, 0, true);
    tracker.buildAck(0);
    tracker.buildAck(0);
    assertEquals(2, tracker.rangeTimesSent(0));
    tracker.onPacketReceived(0, 1, true);
    assertEquals(0, tracker.rangeTimesSent(0));
  }

  @Test
  void shouldMergeRangesWhenHoleIsFilled() {
    AckTracker tracker = application();
    tracker.onPacketReceived(0, 0, true);
    tracker.onPacketReceived(0, 2, true);
    assertEquals(2, tracker.rangeCount());
    tracker.onPacketReceived(0, 1, true);
    assertEquals(1, tracker.rangeCount());
    assertEquals(0, tracker.rangeSmallest(0));
    assertEquals(2, tracker.rangeLargest(0));
  }

  @Test
  void shouldReportDuplicateWhenPacketNumberSeenAgain() {
    AckTracker tracker = application();
    assertTrue(tracker.onPacketReceived(0, 4, true));
    assertFalse(tracker.onPacketReceived(0, 4, true));
    assertEquals(1, tracker.packetsReceivedOnConnection());
  }

  @Test
  void shouldIgnoreAckFrequencyWhenSequenceIsNotNewer() {
    AckTracker tracker = application();
    assertTrue(tracker.onAckFrequency(0, 10, 10_000, 0));
    assertFalse(tracker.onAckFrequency(0, 20, 5_000, 0));
    assertEquals(10, tracker.requestedAckGapPackets());
    assertTrue(tracker.onAckFrequency(1, 20, 5_000, 0));
    assertEquals(20, tracker.requestedAckGapPackets());
    assertEquals(5_000, tracker.ackDelayMicros());
  }

  @Test
  void shouldAckAfterTwoAckElicitingPacketsWhenRfc() {
    AckTracker tracker = rfc();
    tracker.onPacketReceived(0, 0, true);
    tracker.onPacketReceived(0, 1, false);
    assertFalse(tracker.isAckDue(0));
    tracker.onPacketReceived(0, 2, true);
    assertTrue(tracker.isAckDue(0));
  }

  @Test
  void shouldAckAfter25MillisecondsWhenRfc() {
    AckTracker tracker = rfc();
    tracker.onPacketReceived(1_000, 0, true);
    assertEquals(26_000, tracker.nextAckTimeMicros(1_000));
    assertTrue(tracker.isAckDue(26_000));
  }

  @Test
  void shouldAckImmediatelyOnGapOrReorderingWhenRfc() {
    AckTracker tracker = rfc();
    tracker.onPacketReceived(0, 0, true);
    tracker.buildAck(0);
    tracker.onPacketReceived(0, 2, true);
    assertTrue(tracker.isAckDue(0));
    tracker.buildAck(0);
    tracker.onPacketReceived(0, 1, true);
    assertTrue(tracker.isAckDue(0));
    tracker.buildAck(0);
    tracker.onPacketReceived(0, 3, true);
    assertFalse(tracker.isAckDue(0));
  }

  @Test
  void shouldIgnoreAckFrequencyWhenRfc() {
    AckTracker tracker = rfc();
    assertFalse(tracker.onAckFrequency(0, 10, 10_000, 0));
    tracker.onPacketReceived(0, 0, true);
    tracker.buildAck(0);
    tracker.onPacketReceived(0, 2, true);
    assertTrue(tracker.isAckDue(0));
  }

  @Test
  void shouldNotAckNonElicitingRunWhenRfc() {
    AckTracker tracker = rfc();
    tracker.onPacketReceived(0, 0, true);
    tracker.buildAck(0);
    for (long pn = 1; pn <= 20; pn++) {
      tracker.onPacketReceived(0, pn, false);
    }
    assertFalse(tracker.isAckDue(1_000_000));
  }

  @Test
  void shouldCarryNewestRangesWhenRfc() {
    AckTracker tracker = rfc();
    for (long pn = 0; pn <= 78; pn += 2) {
      tracker.onPacketReceived(0, pn, true);
    }
    assertArrayEquals(evenNumbersDown(78, 14), largestNumbers(tracker.buildAck(0)));
    assertArrayEquals(evenNumbersDown(78, 14), largestNumbers(tracker.buildAck(0)));
  }

  @Test
  void shouldPruneEverythingAtOrBelowLargestAcknowledgedWhenRfc() {
    AckTracker tracker = rfc();
    for (long pn : new long[] {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
      tracker.onPacketReceived(0, pn, true);
    }
    AckFrame frame = tracker.buildAck(0);
    tracker.onPacketReceived(0, 12, true);
    tracker.onAckFrameAcknowledged(frame);
    assertEquals(1, tracker.rangeCount());
    assertEquals(12, tracker.rangeSmallest(0));

    AckTracker quiet = rfc();
    for (long pn : new long[] {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
      quiet.onPacketReceived(0, pn, true);
    }
    quiet.onAckFrameAcknowledged(quiet.buildAck(0));
    assertEquals(1, quiet.rangeCount());
    assertEquals(10, quiet.rangeSmallest(0));
    assertEquals(10, quiet.rangeLargest(0));
  }
}

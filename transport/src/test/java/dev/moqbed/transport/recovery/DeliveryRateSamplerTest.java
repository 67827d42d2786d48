package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.LossSample;
import dev.moqbed.cc.LossTrigger;
import org.junit.jupiter.api.Test;

class DeliveryRateSamplerTest {

  private static final long CWND = 15_360;

  private final DeliveryRateSampler sampler = new DeliveryRateSampler();
  private final DeliverySnapshot a = new DeliverySnapshot();
  private final DeliverySnapshot b = new DeliverySnapshot();
  private final DeliverySnapshot c = new DeliverySnapshot();
  private final DeliverySnapshot d = new DeliverySnapshot();

  private void ack(long now, DeliverySnapshot snapshot, long sentMicros) {
    sampler.onAckStarted();
    sampler.onPacketAcked(snapshot, sentMicros, 1000);
    sampler.onAckFinished(now);
  }

  /**
   * A sent at 1 ms, B at 2 ms; A acked at 50 ms (first reference); C sent at 50 ms, D at 51 ms; B
   * acked at 60 ms; C and D acked together at 100 ms. 1000-byte packets.
   */
  private void scenario() {
    sampler.onPacketSent(a, 0, CWND, true);
    sampler.onPacketSent(b, 1000, CWND, true);
    ack(50_000, a, 1_000);
    sampler.onPacketSent(c, 1000, CWND, true);
    sampler.onPacketSent(d, 2000, CWND, true);
    ack(60_000, b, 2_000);
    sampler.onAckStarted();
    sampler.onPacketAcked(d, 51_000, 1000);
    sampler.onPacketAcked(c, 50_000, 1000);
    sampler.onAckFinished(100_000);
  }

  @Test
  void shouldSnapshotReferenceLostAndInFlightWhenSent() {
    sampler.onPacketSent(a, 0, CWND, true);
    sampler.onPacketSent(b, 1000, CWND, true);
    ack(50_000, a, 1_000);
    sampler.onPacketSent(c, 1000, CWND, true);
    assertEquals(1000, c.deliveredPriorBytes());
    assertEquals(50_000, c.deliveredTimePriorMicros());
    assertEquals(1_000, c.deliveredSentPriorMicros());
    assertEquals(0, c.lostPriorBytes());
    assertEquals(1000, c.bytesInFlightPrior());
    assertFalse(c.applicationLimited());
    assertFalse(c.congestionWindowLimited());
  }

  @Test
  void shouldFlagEveryPacketApplicationLimitedWhenNotReady() {
    sampler.onPacketSent(a, 0, CWND, false);
    assertTrue(a.applicationLimited());
  }

  @Test
  void shouldFlagCongestionWindowLimitedOnlyWhenReadyAndInFlightReachesWindow() {
    sampler.onPacketSent(a, CWND, CWND, true);
    sampler.onPacketSent(b, CWND - 1, CWND, true);
    sampler.onPacketSent(c, CWND, CWND, false);
    assertTrue(a.congestionWindowLimited());
    assertFalse(b.congestionWindowLimited());
    assertFalse(c.congestionWindowLimited());
  }

  @Test
  void shouldTakeReferenceWithoutEstimateWhenFirstAck() {
    sampler.onPacketSent(a, 0, CWND, true);
    ack(50_000, a, 1_000);
    assertFalse(sampler.estimateTakenOnLastAck());
    assertEquals(0, sampler.deliveryRateBytesPerSecond());
    assertEquals(1000, sampler.deliveredBytes());
  }

  @Test
  void shouldUseZeroPriorsWhenPacketWasSentBeforeFirstReference() {
    // B was sent before A's ACK set the first reference: 2000 B over max(60,000 - 0, 2,000 - 0).
    DeliveryRateSampler fresh = new DeliveryRateSampler();
    DeliverySnapshot first = new DeliverySnapshot();
    DeliverySnapshot second = new DeliverySnapshot();
    fresh.onPacketSent(first, 0, CWND, true);
    fresh.onPacketSent(second, 1000, CWND, true);
    fresh.onAckStarted();
    fresh.onPacketAcked(first, 1_000, 1000);
    fresh.onAckFinished(50_000);
    fresh.onAckStarted();
    fresh.onPacketAcked(second, 2_000, 1000);
    fresh.onAckFinished(60_000);
    assertTrue(fresh.estimateTakenOnLastAck());
    assertEquals(33_333, fresh.deliveryRateBytesPerSecond());
  }

  @Test
  void shouldEstimateRateFromNewestAckedPacketOverLongerOfAckAndSendIntervals() {
    scenario();
    // P = D: (4000 - 1000) B over max(100,000 - 50,000, 51,000 - 1,000) us.
    assertTrue(sampler.estimateTakenOnLastAck());
    assertEquals(60_000, sampler.deliveryRateBytesPerSecond());
    assertEquals(2000, sampler.ackedBytes());
    assertEquals(51_000, sampler.largestAckedSentMicros());
  }

  @Test
  void shouldUseSendIntervalWhenLongerThanAckInterval() {
    sampler.onPacketSent(a, 0, CWND, true);
    ack(50_000, a, 1_000);
    sampler.onPacketSent(b, 0, CWND, true);
    sampler.onAckStarted();
    sampler.onPacketAcked(b, 71_000, 1000);
    sampler.onAckFinished(70_000);
    // 1000 B over max(20,000, 70,000) us
    assertEquals(14_285, sampler.deliveryRateBytesPerSecond());
  }

  @Test
  void shouldSkipEstimateAndKeepReferenceWhenOneMillisecondOrLessSinceReference() {
    sampler.onPacketSent(a, 0, CWND, true);
    ack(50_000, a, 1_000);
    sampler.onPacketSent(b, 0, CWND, true);
    ack(51_000, b, 50_000);
    assertFalse(sampler.estimateTakenOnLastAck());
    sampler.onPacketSent(c, 0, CWND, true);
    assertEquals(1000, c.deliveredPriorBytes());
    assertEquals(50_000, c.deliveredTimePriorMicros());
    ack(51_001, c, 50_500);
    assertTrue(sampler.estimateTakenOnLastAck());
    assertEquals(2000 * 1_000_000L / 49_500, sampler.deliveryRateBytesPerSecond());
  }

  @Test
  void shouldIgnorePacketSentBeforeCurrentReferenceWhenAcked() {
    sampler.onPacketSent(a, 0, CWND, true);
    sampler.onPacketSent(b, 0, CWND, true);
    ack(50_000, b, 2_000);
    ack(60_000, a, 1_000);
    assertFalse(sampler.estimateTakenOnLastAck());
    assertEquals(2000, sampler.deliveredBytes());
  }

  @Test
  void shouldMarkWholeSampleApplicationLimitedWhenAnyAckedPacketWasFlagged() {
    sampler.onPacketSent(a, 0, CWND, false);
    sampler.onPacketSent(b, 0, CWND, true);
    sampler.onAckStarted();
    sampler.onPacketAcked(b, 2_000, 1000);
    sampler.onPacketAcked(a, 1_000, 1000);
    sampler.onAckFinished(50_000);
    assertTrue(sampler.lastAckApplicationLimited());
    assertTrue(sampler.fillDelivery(new AckSample(), true, 0).applicationLimited());
  }

  @Test
  void shouldMarkSampleApplicationLimitedWhenIndexPendingAndDeliveredBelowIt() {
    sampler.onPacketSent(a, 0, CWND, true);
    sampler.onPacketSent(b, 1000, CWND, true);
    sampler.onApplicationLimited(2000);
    assertEquals(2000, sampler.applicationLimitedIndexBytes());
    ack(50_000, a, 1_000);
    assertTrue(sampler.lastAckApplicationLimited());
    ack(60_000, b, 2_000);
    // delivered before B = 1000 < 2000: still limited; the estimate (2000 >= 2000) clears it.
    assertTrue(sampler.lastAckApplicationLimited());
    assertTrue(sampler.estimateTakenOnLastAck());
    assertTrue(sampler.lastEstimateApplicationLimited());
    assertEquals(0, sampler.applicationLimitedIndexBytes());
  }

  @Test
  void shouldFlagPacketsSentWhileIndexPendingAsApplicationLimited() {
    sampler.onApplicationLimited(0);
    assertEquals(1, sampler.applicationLimitedIndexBytes());
    sampler.onPacketSent(a, 0, CWND, true);
    assertTrue(a.applicationLimited());
  }

  @Test
  void shouldStoreEstimateEvenWhenApplicationLimited() {
    sampler.onPacketSent(a, 0, CWND, false);
    sampler.onPacketSent(b, 1000, CWND, false);
    ack(50_000, a, 1_000);
    ack(60_000, b, 2_000);
    assertTrue(sampler.lastAckApplicationLimited());
    assertEquals(33_333, sampler.deliveryRateBytesPerSecond());
  }

  @Test
  void shouldKeepLifetimePeakWhenRateDrops() {
    scenario();
    // Peak windows: 1000 B over 10 ms (100,000 B/s), then 2000 B over 49 ms / 40 ms.
    assertEquals(100_000, sampler.peakDeliveryRateBytesPerSecond());
    assertEquals(60_000, sampler.deliveryRateBytesPerSecond());
    assertEquals(60_000, sampler.maxDeliveryRateBytesPerSecond());
  }

  @Test
  void shouldFillControllerAckSampleFromLargestNewlyAckedPacket() {
    scenario();
    AckSample sample = sampler.fillDelivery(new AckSample(), true, 0);
    assertEquals(2000, sample.bytesInFlightAtSend());
    assertEquals(3000, sample.deliveredSinceSentBytes());
    assertEquals(0, sample.lostSinceSentBytes());
    assertEquals(50_000, sample.sendIntervalMicros());
    assertEquals(60_000, sample.deliveryRateBytesPerSecond());
    assertFalse(sample.applicationLimited());
    assertFalse(sample.congestionWindowLimitedAtSend());
  }

  @Test
  void shouldReportZeroRateInAckSampleWhenNoEstimateTaken() {
    sampler.onPacketSent(a, 0, CWND, true);
    ack(50_000, a, 1_000);
    assertEquals(0, sampler.fillDelivery(new AckSample(), true, 0).deliveryRateBytesPerSecond());
  }

  @Test
  void shouldReportLostSinceSentWhenReadyAndNewlyLostBeforeReady() {
    sampler.onPacketSent(a, 0, CWND, true);
    sampler.onPacketSent(b, 1000, CWND, true);
    sampler.onPacketSent(c, 2000, CWND, true);
    LossSample loss = new LossSample();
    sampler.onPacketLost(loss, 0, 1_000, 1000, LossTrigger.ACK_THRESHOLD, a, true);
    sampler.onPacketLost(loss, 1, 2_000, 1000, LossTrigger.ACK_THRESHOLD, b, true);
    ack(50_000, c, 3_000);
    assertEquals(2000, sampler.fillDelivery(new AckSample(), true, 1000).lostSinceSentBytes());
    assertEquals(1000, sampler.fillDelivery(new AckSample(), false, 1000).lostSinceSentBytes());
  }

  @Test
  void shouldFillLossSampleFromPacketSnapshotWhenLost() {
    sampler.onPacketSent(a, 0, CWND, true);
    sampler.onPacketSent(b, 1000, CWND, true);
    sampler.onPacketSent(c, 2000, CWND, true);
    ack(50_000, c, 3_000);
    LossSample loss = new LossSample();
    sampler.onPacketLost(loss, 0, 1_000, 1000, LossTrigger.ACK_THRESHOLD, a, true);
    sampler.onPacketLost(loss, 1, 2_000, 1000, LossTrigger.TIMER, b, true);
    assertEquals(1, loss.packetNumber());
    assertEquals(LossTrigger.TIMER, loss.trigger());
    assertEquals(1000, loss.bytesInFlightAtSend());
    assertEquals(1000, loss.deliveredSinceSentBytes());
    assertEquals(2000, loss.lostSinceSentBytes());
    assertEquals(2000, sampler.totalLostBytes());
  }

  @Test
  void shouldReportOwnSizeAsLostWhenLossIsNotCounted() {
    sampler.onPacketSent(a, 0, CWND, false);
    LossSample loss = new LossSample();
    sampler.onPacketLost(loss, 0, 0, 1252, LossTrigger.TIMER, a, false);
    assertEquals(1252, loss.lostSinceSentBytes());
    assertEquals(0, loss.deliveredSinceSentBytes());
    assertEquals(0, sampler.totalLostBytes());
  }

  @Test
  void shouldCountLossOnlyAfterRttSampleAndOneSmoothedRttAfterStart() {
    assertFalse(DeliveryRateSampler.countsAsLoss(300_000, 0, 250_000, 0));
    assertTrue(DeliveryRateSampler.countsAsLoss(80_001, 0, 80_000, 40_000));
    assertFalse(DeliveryRateSampler.countsAsLoss(80_000, 0, 80_000, 40_000));
  }

  @Test
  void shouldRemoveBytesFromLostTotalWhenLossIsSpurious() {
    sampler.onPacketSent(a, 0, CWND, true);
    sampler.onPacketLost(new LossSample(), 0, 0, 1000, LossTrigger.TIMER, a, true);
    sampler.onSpuriousLoss(400);
    assertEquals(600, sampler.totalLostBytes());
    sampler.onSpuriousLoss(1000);
    assertEquals(0, sampler.totalLostBytes());
  }

  @Test
  void shouldNotAllocateWhenSendingAndAcking() {
    DeliverySnapshot[] ring = new DeliverySnapshot[64];
    for (int i = 0; i < ring.length; i++) {
      ring[i] = new DeliverySnapshot();
    }
    AckSample ackSample = new AckSample();
    LossSample lossSample = new LossSample();
    long[] now = {1_000};
    long bytes =
        AllocationMeter.bytesAllocatedBy(
            () -> {
              for (int i = 0; i < 100_000; i++) {
                now[0] += 100;
                DeliverySnapshot sent = ring[i & 63];
                sampler.onPacketSent(sent, 10_000, CWND, true);
                DeliverySnapshot acked = ring[(i + 32) & 63];
                sampler.onAckStarted();
                sampler.onPacketAcked(acked, now[0] - 3_200, 1440);
                sampler.onAckFinished(now[0]);
                sampler.fillDelivery(ackSample, true, 0);
                if ((i & 255) == 0) {
                  sampler.onPacketLost(
                      lossSample, i, now[0], 1440, LossTrigger.ACK_THRESHOLD, acked, true);
                }
              }
            });
    assertTrue(bytes < 1_000, "allocated " + bytes + " bytes for 100,000 packets");
  }

  @Test
  void shouldRecordASpuriousPacketInTheAckWithoutAddingItToTheDeliveredTotal() {
    // picoquic_check_spurious_retransmission: a packet declared lost and then acknowledged is
    // recorded in the ACK's sample (P, its bytes acknowledged) but not added to delivered.
    sampler.onPacketSent(a, 0, CWND, true);
    sampler.onPacketSent(b, 1000, CWND, true);
    ack(50_000, a, 1_000);
    sampler.onAckStarted();
    sampler.onSpuriousPacketAcked(b, 2_000, 1000);
    assertTrue(sampler.onAckFinished(250_000), "the frame acknowledged something");
    assertEquals(1000, sampler.ackedBytes());
    assertEquals(2_000, sampler.largestAckedSentMicros());
    assertEquals(1000, sampler.deliveredBytes());
  }
}

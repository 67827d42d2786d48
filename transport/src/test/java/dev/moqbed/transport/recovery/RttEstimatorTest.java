package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RttEstimatorTest {

  private static RttEstimator picoquic() {
    return new RttEstimator();
  }

  private static RttEstimator rfc() {
    return new RttEstimator(RttFlavor.RFC9002, 250_000, 25_000);
  }

  @Test
  void shouldStartAt250MillisecondsWithZeroVarianceAndZeroMinWhenNoSample() {
    RttEstimator rtt = picoquic();
    assertEquals(250_000, rtt.smoothedRttMicros());
    assertEquals(0, rtt.rttVarianceMicros());
    assertEquals(0, rtt.minRttMicros());
    assertEquals(0, rtt.latestRttMicros());
    assertFalse(rtt.hasSample());
  }

  @Test
  void shouldReturnInitialRetransmitTimerWhenNoSample() {
    assertEquals(250_000, picoquic().retransmitTimeoutMicros(25_000));
  }

  @Test
  void shouldTakeFirstSampleWholeWithHalfVarianceWhenFirstSample() {
    RttEstimator rtt = picoquic();
    // c4_alone: the server's first sample, from the client's Handshake ACK.
    long used = rtt.onSample(100_000, 84_207, 5_000, true);
    assertEquals(84_207, used);
    assertEquals(84_207, rtt.smoothedRttMicros());
    assertEquals(42_103, rtt.rttVarianceMicros());
    assertEquals(84_207, rtt.minRttMicros());
    assertTrue(rtt.hasSample());
  }

  @Test
  void shouldKeepAckDelayInSampleWhenMinPlusDelayIsNotBelowSample() {
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 84_207, 0, true);
    // c4_alone: the 1-RTT ACK 1 ms later; 84,207 + 1,000 is not below 85,200.
    assertEquals(85_200, rtt.onSample(101_000, 85_200, 1_000, true));
  }

  @Test
  void shouldSubtractAckDelayWhenMinPlusDelayIsBelowSample() {
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 80_000, 0, true);
    assertEquals(90_000, rtt.onSample(200_000, 95_000, 5_000, true));
  }

  @Test
  void shouldKeepAckDelayWhenSampleEqualsMinPlusDelay() {
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 80_000, 0, true);
    assertEquals(90_000, rtt.onSample(200_000, 90_000, 10_000, true));
  }

  @Test
  void shouldCapAckDelayAtLocalMaxAckDelayWhenReportedDelayIsLarger() {
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 80_000, 0, true);
    assertEquals(110_000, rtt.onSample(200_000, 120_000, 25_000, true));
  }

  @Test
  void shouldKeepAckDelayWhenNotReady() {
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 80_000, 0, false);
    assertEquals(120_000, rtt.onSample(200_000, 120_000, 5_000, false));
  }

  @Test
  void shouldSmoothBySeventhEighthsAndVarianceByQuarterWhenSecondSample() {
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 80_000, 0, true);
    rtt.onSample(200_000, 96_000, 0, true);
    assertEquals(82_000, rtt.smoothedRttMicros());
    assertEquals(34_000, rtt.rttVarianceMicros());
    assertEquals(96_000, rtt.latestRttMicros());
  }

  @Test
  void shouldTrackLowestSampleAsMinRttWhenSamplesVary() {
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 80_000, 0, true);
    rtt.onSample(200_000, 78_000, 0, true);
    rtt.onSample(300_000, 90_000, 0, true);
    assertEquals(78_000, rtt.minRttMicros());
  }

  @Test
  void shouldComputeRetransmitTimerAsSmoothedPlusThreeVariancesPlusPeerMaxAckDelay() {
    RttEstimator rtt = picoquic();
    rtt.setFoldMaxAckDelayMicros(10_000);
    rtt.onSample(100_000, 80_000, 0, true);
    assertEquals(80_000 + 3 * 40_000 + 10_000, rtt.retransmitTimeoutMicros(10_000));
  }

  @Test
  void shouldFoldNoAckDelayIntoTimerBeforePeerParametersWhenPicoquic() {
    // picoquic's client folds its first sample (the server's Initial ACK) before it has parsed the
    // server's transport parameters: the timer is 2.5 x the sample, whatever the delay read later.
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 80_000, 0, false);
    rtt.setFoldMaxAckDelayMicros(10_000);
    assertEquals(200_000, rtt.retransmitTimeoutMicros(10_000));
    assertEquals(200_000, rtt.retransmitTimeoutMicros(25_000));
    // The next fold takes the delay known by then.
    rtt.onSample(200_000, 80_000, 0, false);
    assertEquals(80_000 + 3 * 30_000 + 10_000, rtt.retransmitTimeoutMicros(25_000));
  }

  @Test
  void shouldAddAckDelayWhenReadWhenRfc() {
    RttEstimator rtt = rfc();
    rtt.onSample(100_000, 80_000, 0, false);
    assertEquals(80_000 + 4 * 40_000 + 25_000, rtt.retransmitTimeoutMicros(25_000));
    assertEquals(80_000 + 4 * 40_000 + 10_000, rtt.retransmitTimeoutMicros(10_000));
  }

  @Test
  void shouldRaiseRetransmitTimerToSampleWhenPeriodIsStillOpen() {
    RttEstimator rtt = picoquic();
    rtt.onSample(1_000_000, 80_000, 0, true, 10);
    // Same largest acknowledged, long after the last fold: the sample stays in the period.
    rtt.onSample(2_000_000, 500_000, 0, true, 10);
    assertFalse(rtt.lastSampleFolded());
    assertEquals(80_000, rtt.smoothedRttMicros());
    assertEquals(500_000, rtt.retransmitTimeoutMicros(10_000));
  }

  @Test
  void shouldFoldPeriodMeanAndExtremesWhenLargestAdvances() {
    RttEstimator rtt = picoquic();
    rtt.onSample(1_000_000, 80_000, 0, true, 10);
    rtt.onSample(2_000_000, 100_000, 0, true, 10);
    rtt.onSample(2_000_100, 90_000, 0, true, 11);
    assertTrue(rtt.lastSampleFolded());
    assertEquals(95_000, rtt.measurementMicros());
    // spread: smoothed 80,000 is below the period's min, so max - smoothed = 20,000.
    assertEquals((3 * 40_000 + 20_000) / 4, rtt.rttVarianceMicros());
    assertEquals((7 * 80_000 + 95_000) / 8, rtt.smoothedRttMicros());
  }

  @Test
  void shouldFoldWhenLastFoldIsWithinQuarterOfSampleAsPicoquicTestReads() {
    RttEstimator rtt = picoquic();
    rtt.onSample(1_000_000, 80_000, 0, true, 10);
    rtt.onSample(1_010_000, 88_000, 0, true, 10);
    assertTrue(rtt.lastSampleFolded());
    assertEquals(81_000, rtt.smoothedRttMicros());
  }

  @Test
  void shouldReplaceMinRttWhenOverridden() {
    RttEstimator rtt = picoquic();
    rtt.onSample(100_000, 80_000, 0, true);
    rtt.overrideMinRttMicros(95_000);
    assertEquals(95_000, rtt.minRttMicros());
  }

  @Test
  void shouldStartVarianceAtHalfInitialRttWhenRfc() {
    RttEstimator rtt = rfc();
    assertEquals(125_000, rtt.rttVarianceMicros());
    assertEquals(250_000 + 500_000 + 25_000, rtt.retransmitTimeoutMicros(25_000));
  }

  @Test
  void shouldTakeFirstSampleWholeWhenRfc() {
    RttEstimator rtt = rfc();
    assertEquals(80_000, rtt.onSample(100_000, 80_000, 5_000, true));
    assertEquals(80_000, rtt.smoothedRttMicros());
    assertEquals(40_000, rtt.rttVarianceMicros());
    assertEquals(80_000, rtt.minRttMicros());
  }

  @Test
  void shouldSubtractAckDelayWhenSampleEqualsMinPlusDelayInRfc() {
    RttEstimator rtt = rfc();
    rtt.onSample(100_000, 80_000, 0, true);
    assertEquals(80_000, rtt.onSample(200_000, 90_000, 10_000, true));
  }

  @Test
  void shouldCapAckDelayAtPeerMaxOnlyAfterHandshakeConfirmedInRfc() {
    RttEstimator confirmed = rfc();
    confirmed.onSample(100_000, 80_000, 0, true);
    assertEquals(115_000, confirmed.onSample(200_000, 140_000, 40_000, true));

    RttEstimator unconfirmed = rfc();
    unconfirmed.onSample(100_000, 80_000, 0, false);
    assertEquals(100_000, unconfirmed.onSample(200_000, 140_000, 40_000, false));
  }

  @Test
  void shouldSmoothEverySampleWhenRfc() {
    RttEstimator rtt = rfc();
    rtt.onSample(100_000, 80_000, 0, true);
    rtt.onSample(200_000, 96_000, 0, true);
    assertEquals(82_000, rtt.smoothedRttMicros());
    assertEquals(34_000, rtt.rttVarianceMicros());
  }

  @Test
  void shouldFloorVarianceTermAtOneMillisecondWhenRfcPto() {
    RttEstimator rtt = rfc();
    for (int i = 0; i < 40; i++) {
      rtt.onSample(100_000L * (i + 1), 80_000, 0, true);
    }
    assertTrue(rtt.rttVarianceMicros() < 250);
    assertEquals(80_000 + 1_000 + 10_000, rtt.retransmitTimeoutMicros(10_000));
  }

  @Test
  void shouldNotAllocateWhenTakingSamples() {
    RttEstimator rtt = picoquic();
    long[] now = {0};
    long bytes =
        AllocationMeter.bytesAllocatedBy(
            () -> {
              for (int i = 0; i < 100_000; i++) {
                now[0] += 1_000;
                rtt.onSample(now[0], 80_000 + (i % 7) * 100, 1_000, true, i);
                rtt.retransmitTimeoutMicros(10_000);
              }
            });
    assertTrue(bytes < 1_000, "allocated " + bytes + " bytes for 100,000 samples");
  }
}

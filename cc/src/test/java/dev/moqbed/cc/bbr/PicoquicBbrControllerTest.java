package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrDriver.MTU;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.LossTrigger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The BBR items of the checklist in picoquic-cc-baselines.md section 5 (startup, gains, recovery),
 * one test each.
 */
class PicoquicBbrControllerTest extends PicoquicBbrStates {
  // ------------------------------------------------------------------ checklist 1 and 2

  @Test
  void shouldPaceFromDefaultRttWhenCreatedWithoutRttSample() {
    assertEquals(170_188.8, bbr.internalPacingRateBytesPerSecond(), 1e-6);
    assertEquals(170_188, bbr.pacingRateBytesPerSecond());
    assertEquals(INFINITE, bbr.minRttMicros());
    assertEquals(15_360, bbr.congestionWindowBytes());
    assertEquals(EcnCodepoint.ECT_0, bbr.outgoingEcn());
  }

  @Test
  void shouldPaceFromSmoothedRttWhenCreatedAfterRttSample() {
    BbrDriver<PicoquicBbrController> sampled = BbrDriver.picoquic(SEED);
    sampled.path.smoothedRttMicros(80_000);
    PicoquicBbrController controller =
        new PicoquicBbrController(
            new dev.moqbed.cc.ControllerEnvironment(sampled.path, 0, new SplittableRandom(SEED)));
    assertEquals(531_840.0, controller.internalPacingRateBytesPerSecond(), 1e-6);
    assertEquals(80_000, controller.minRttMicros());
    assertEquals(15_360, controller.congestionWindowBytes());
  }

  @Test
  void shouldUsePicoquicGainsInEveryState() {
    assertGains(BbrState.STARTUP, 2.77, 2.0);
    driver.bytesInFlight = 400_000;
    driver.ack().rounds(3);
    assertGains(BbrState.DRAIN, 0.5, 2.0);
    driver.bytesInFlight = 200_000;
    driver.ack();
    assertGains(BbrState.PROBE_BW_DOWN, 0.9, 2.0);
    downToCruise();
    assertGains(BbrState.PROBE_BW_CRUISE, 1.0, 2.0);
    long saved = driver.stepMicros;
    driver.stepMicros = 400_000;
    driver.ack();
    driver.stepMicros = saved;
    assertGains(BbrState.PROBE_BW_REFILL, 1.0, 2.0);
    driver.round();
    assertGains(BbrState.PROBE_BW_UP, 1.25, 2.25);
  }

  // ------------------------------------------------------------------ checklist 3 to 6: Startup

  @Test
  void shouldLeaveStartupAfterThreeRoundsWithoutGrowthSkippingAppLimitedRounds() {
    driver.bytesInFlight = 400_000;
    driver.ack(); // round start 1: baseline 2 MB/s
    driver.round(); // no growth: 1
    driver.rateBytesPerSecond = 2_600_000; // +30 %: the count restarts
    driver.round();
    driver.round(); // 1
    driver.appLimited = true;
    driver.round(); // app-limited round start: skipped
    driver.appLimited = false;
    driver.round(); // 2
    assertEquals(BbrState.STARTUP, bbr.state());
    driver.round(); // 3
    assertEquals(BbrState.DRAIN, bbr.state());
    assertFalse(bbr.inSlowStart());
  }

  @Test
  void shouldLeaveStartupOnTheAckAfterEightRttExcessSamples() {
    driver.flightPackets = 100; // one long round: no full-bandwidth exit
    driver.rttMicros = 80_000;
    driver.acks(7);
    assertEquals(80_000, bbr.minRttMicros());
    driver.rttMicros = 100_129; // window minimum above 80 000 + 128 + 20 000
    driver.acks(6);
    assertEquals(0, bbr.rttExcessCount());
    driver.acks(8); // the window is all high from the 7th high sample on
    assertEquals(8, bbr.rttExcessCount());
    assertEquals(BbrState.STARTUP, bbr.state());
    driver.ack();
    assertEquals(BbrState.DRAIN, bbr.state());
  }

  @Test
  void shouldResetRttExcessWhenSampleAtMinRttEntersWindow() {
    driver.flightPackets = 100;
    driver.rttMicros = 80_000;
    driver.acks(7);
    driver.rttMicros = 100_129;
    driver.acks(11);
    assertEquals(5, bbr.rttExcessCount());
    driver.rttMicros = 80_000;
    driver.ack();
    assertEquals(0, bbr.rttExcessCount());
  }

  @Test
  void shouldLeaveStartupOnSixLossRangesAndOneTooHighAckInRound() {
    driver.bytesInFlight = 400_000;
    driver.ack(); // round start
    driver.txInFlightBytes = 100_000;
    driver.loseThenAck(1_000, 1_002, 1_004);
    driver.loseThenAck(1_006, 1_008, 1_010);
    driver.lostSinceSentBytes = 4_400; // > 2 % of 100 000 and > 3 MTU
    driver.ack();
    driver.lostSinceSentBytes = 0;
    driver.acks(driver.flightPackets - 2); // up to the next round start
    assertEquals(BbrState.DRAIN, bbr.state());
  }

  @Test
  void shouldStayInStartupWhenOnlyFiveLossRangesInRound() {
    driver.bytesInFlight = 400_000;
    driver.ack();
    driver.txInFlightBytes = 100_000;
    driver.loseThenAck(1_000, 1_002, 1_004);
    driver.loseThenAck(1_006, 1_007, 1_008, 1_010); // 1 006..1 008 is one range
    driver.lostSinceSentBytes = 4_400;
    driver.ack();
    driver.lostSinceSentBytes = 0;
    driver.acks(driver.flightPackets - 2); // the round start: 2 x 3 ranges would have exited
    assertEquals(BbrState.STARTUP, bbr.state());
  }

  @Test
  void shouldLeaveStartupWhenRoundCeFractionReachesTwentyPercent() {
    driver.bytesInFlight = 400_000;
    driver.ack();
    driver.path.peerEct0Total(80).peerCeTotal(20);
    driver.round();
    assertEquals(BbrState.DRAIN, bbr.state());
  }

  @Test
  void shouldStayInStartupWhenRoundCeFractionBelowTwentyPercent() {
    driver.bytesInFlight = 400_000;
    driver.ack();
    driver.path.peerEct0Total(81).peerCeTotal(19);
    driver.round();
    assertEquals(BbrState.STARTUP, bbr.state());
  }

  // ------------------------------------------------------------------ checklist 7:
  // IsInflightTooHigh

  @Test
  void shouldNotEnterRecoveryWhenLossesUnderThreeMtu() {
    driver.ack();
    driver.txInFlightBytes = 100_000;
    driver.lostSinceSentBytes = 4_000; // over 2 %, under 3 x 1 440
    driver.ack();
    assertFalse(bbr.inRecovery());
  }

  @Test
  void shouldEnterRecoveryWhenLossesOverTwoPercentAndThreeMtu() {
    driver.ack();
    driver.txInFlightBytes = 100_000;
    driver.lostSinceSentBytes = 4_400;
    driver.bytesInFlight = 50_000;
    driver.ack();
    assertTrue(bbr.inRecovery());
    assertEquals(50_000 + MTU, bbr.congestionWindowBytes());
  }

  @Test
  void shouldIgnoreLossesOfPacketSentBeforeLastRecovery() {
    driver.ack();
    driver.txInFlightBytes = 100_000;
    driver.lostSinceSentBytes = 4_400;
    driver.ack(); // enters recovery; the recovery point is the next packet number
    driver.lostSinceSentBytes = 0;
    driver.acks(driver.flightPackets + 1); // acknowledges the recovery point: exit
    assertFalse(bbr.inRecovery());
    // Sent before the exit: its delivered reference is not above recovery_delivered.
    driver.deliveredSinceSentBytes = driver.deliveredBytes + MTU;
    driver.lostSinceSentBytes = 4_400;
    driver.ack();
    assertFalse(bbr.inRecovery());
  }

  // ------------------------------------------------------------------ checklist 8 to 11: bounds

  /**
   * The first too-high ACK in UP enters fast recovery, which moves recovery_delivered to the
   * current delivered count before the ProbeBW step runs, so that same ACK no longer counts as too
   * high there: picoquic only cuts inflight_hi on a later too-high ACK, inside the recovery.
   */
  private void enterRecoveryInUp() {
    driveToProbeBwDown();
    downToCruise();
    cruiseToUp();
    driver.txInFlightBytes = 150_000;
    driver.lostSinceSentBytes = 10_000;
    driver.bytesInFlight = 300_000 - MTU;
    driver.ack();
    assertTrue(bbr.inRecovery());
    assertEquals(200_000, bbr.inflightHiBytes());
    assertEquals(BbrState.PROBE_BW_UP, bbr.state());
    driver.deliveredSinceSentBytes = 0; // the next packet was sent after recovery began
  }

  @Test
  void shouldEnterFastRecoveryWithoutCuttingInflightHiOnFirstTooHighAckInUp() {
    enterRecoveryInUp();
    assertEquals(200_000, bbr.congestionWindowBytes()); // inflight + acked, capped by inflight_hi
  }

  @Test
  void shouldSetInflightHiToTxInFlightAndGoDownWhenUpAckIsTooHigh() {
    enterRecoveryInUp();
    driver.ack();
    assertEquals(150_000, bbr.inflightHiBytes()); // max(150 000, 0.7 x min(200 000, 200 000))
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  @Test
  void shouldKeepInflightHiButGoDownWhenTooHighUpAckIsAppLimited() {
    enterRecoveryInUp();
    driver.appLimited = true;
    driver.ack();
    assertEquals(200_000, bbr.inflightHiBytes());
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  @Test
  void shouldSetInflightHiAtTwoPercentCrossingWhenPacketLostInUp() {
    driveToProbeBwDown();
    downToCruise();
    cruiseToUp();
    driver.txInFlightBytes = 301_440;
    driver.lostSinceSentBytes = 16_440;
    driver.nowMicros += 10;
    driver.loss.set(
        5_000,
        driver.nowMicros,
        MTU,
        LossTrigger.ACK_THRESHOLD,
        301_440,
        1_440,
        16_440,
        false,
        false);
    bbr.onPacketLost(driver.nowMicros, driver.loss);
    // 300 000 + 0.02 x (300 000 - 15 000) / 0.98
    assertEquals(305_816, bbr.inflightHiBytes());
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  @Test
  void shouldLowerBwLoAndInflightLoAtEndOfLossyRoundInCruise() {
    driver.rateBytesPerSecond = 2_500_000;
    driver.ackedBytes = 14_400;
    driver.txInFlightBytes = 352_942; // CRUISE caps cwnd at 0.85 x 352 942 = 300 000
    driver.deliveredSinceSentBytes = 352_942;
    driver.bytesInFlight = 250_000;
    driver.ack().rounds(3); // Drain, DOWN and CRUISE on the same ACK
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
    driver.ack();
    assertEquals(300_000, bbr.congestionWindowBytes());
    driver.rateBytesPerSecond = 1_500_000;
    driver.deliveredSinceSentBytes = 150_000;
    driver.acks(25); // two loss rounds: bw_latest and inflight_latest now 1.5 MB/s, 150 000
    driver.loseThenAck(9_000);
    driver.acks(12); // the loss round ends
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
    assertEquals(2_500_000, bbr.maxBwBytesPerSecond());
    assertEquals(1_750_000, bbr.bwLoBytesPerSecond()); // max(1.5 M, 0.7 x 2.5 M)
    assertEquals(210_000, bbr.inflightLoBytes()); // max(150 000, 0.7 x 300 000)
  }

  @Test
  void shouldKeepLowerBoundsWhenLossInStartup() {
    driver.bytesInFlight = 400_000;
    driver.ack();
    driver.loseThenAck(100);
    driver.round();
    assertEquals(BbrState.STARTUP, bbr.state());
    assertEquals(INFINITE, bbr.bwLoBytesPerSecond());
    assertEquals(INFINITE, bbr.inflightLoBytes());
  }

  @Test
  void shouldStartARoundOnEachHandshakeAckAndAnchorTheFirstApplicationRoundThere() {
    // picoquic's application context starts with highest_acknowledged = send_sequence - 1, that
    // is UINT64_MAX, compared unsigned with round_start_pn: each ACK before the first 1-RTT one
    // starts a round (alone_512k: rounds 1-3 at 91 and 109 ms), and the round after them ends
    // when a packet sent after the last of them is acknowledged.
    driver.path.largestAckedPacketNumber(-1).nextPacketNumber(2).latestRttMicros(50_000);
    driver.path.smoothedRttMicros(50_000).rttVarianceMicros(1);
    for (int i = 1; i <= 3; i++) {
      driver.nowMicros += 1_000;
      driver.ack.acknowledged(1_000, 0, driver.nowMicros - 50_000, 50_000, 2_000);
      bbr.onAck(driver.nowMicros, driver.ack);
      assertEquals(i, bbr.roundCount, "handshake ACK " + i);
    }
    driver.path.nextPacketNumber(10);
    driver.path.largestAckedPacketNumber(1);
    driver.nowMicros += 1_000;
    bbr.onAck(driver.nowMicros, driver.ack);
    assertEquals(3, bbr.roundCount, "packet 1 was sent before the round began (next was 2)");
    driver.path.largestAckedPacketNumber(2);
    driver.nowMicros += 1_000;
    bbr.onAck(driver.nowMicros, driver.ack);
    assertEquals(4, bbr.roundCount);
  }
}

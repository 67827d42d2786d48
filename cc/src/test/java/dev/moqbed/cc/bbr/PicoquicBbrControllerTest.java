package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrDriver.MTU;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.EcnCodepoint;
import dev.moqbed.cc.LossTrigger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The BBR items of the checklist in picoquic-cc-baselines.md section 5, one test each. */
class PicoquicBbrControllerTest {
  private static final long SEED = 42;
  private static final long INFINITE = Long.MAX_VALUE;

  private final BbrDriver<PicoquicBbrController> driver = BbrDriver.picoquic(SEED);
  private final PicoquicBbrController bbr = driver.controller;

  // ------------------------------------------------------------------ paths to a state

  /** Startup with a flat 2 MB/s at 100 ms: three rounds without growth, then Drain and DOWN. */
  private void driveToProbeBwDown() {
    driver.ack().rounds(3);
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  private void downToCruise() {
    long saved = driver.bytesInFlight;
    driver.bytesInFlight = 150_000;
    driver.ack();
    driver.bytesInFlight = saved;
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
  }

  private void cruiseToUp() {
    long saved = driver.stepMicros;
    driver.stepMicros = 400_000;
    driver.ack();
    driver.stepMicros = saved;
    assertEquals(BbrState.PROBE_BW_REFILL, bbr.state());
    driver.round();
    assertEquals(BbrState.PROBE_BW_UP, bbr.state());
  }

  private void upToDown() {
    long savedStep = driver.stepMicros;
    long savedInflight = driver.bytesInFlight;
    driver.stepMicros = 101_000;
    driver.bytesInFlight = 300_000;
    driver.ack();
    driver.stepMicros = savedStep;
    driver.bytesInFlight = savedInflight;
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

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

  private void assertGains(BbrState state, double pacingGain, double cwndGain) {
    assertEquals(state, bbr.state());
    assertEquals(pacingGain, bbr.pacingGain(), 1e-12);
    assertEquals(cwndGain, bbr.cwndGain(), 1e-12);
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
  void shouldCapCruiseAtFourMtuWhileInflightHiIsZero() {
    driver.txInFlightBytes = 0; // no ACK ever raises inflight_hi
    driver.bytesInFlight = 5_000;
    driver.ack().rounds(3);
    driver.ack();
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
    assertEquals(0, bbr.inflightHiBytes());
    assertEquals(4 * MTU, bbr.congestionWindowBytes());
  }

  @Test
  void shouldRaiseInflightHiToTxInFlightOnFirstAckAfterStartup() {
    driver.txInFlightBytes = 0;
    driver.bytesInFlight = 400_000;
    driver.ack().rounds(3);
    assertEquals(BbrState.DRAIN, bbr.state());
    assertEquals(0, bbr.inflightHiBytes());
    driver.txInFlightBytes = 123_456;
    driver.ack();
    assertEquals(123_456, bbr.inflightHiBytes());
  }

  // ------------------------------------------------------------------ checklist 12 and 13: probe
  // timing

  @Test
  void shouldDrawProbeWaitsFromPicoquicSplitmixSequence() {
    long creationMicros = BbrDriver.START_MICROS;
    long seed = PicoquicRandom.seed(creationMicros, false, 0);
    assertEquals(0xfedcba9876543210L ^ creationMicros, seed);
    ReferenceSplitmix reference = new ReferenceSplitmix(seed);
    BbrDriver<PicoquicBbrController> seeded = BbrDriver.picoquic(seed);
    PicoquicBbrController controller = seeded.controller;
    seeded.ack().rounds(3);
    assertEquals(BbrState.PROBE_BW_DOWN, controller.state());
    // Quick mode after Startup: U{0,1}, then min_rtt + U{0..250 000}.
    assertEquals(reference.uniform(2), controller.roundsSinceBwProbe());
    assertEquals(100_000 + reference.uniform(250_001), controller.bwProbeWaitMicros());
  }

  @Test
  void shouldWaitTwoToThreeSecondsOnceQuickProbingEnds() {
    long seed = 7;
    ReferenceSplitmix reference = new ReferenceSplitmix(seed);
    BbrDriver<PicoquicBbrController> seeded = BbrDriver.picoquic(seed);
    PicoquicBbrController controller = seeded.controller;
    seeded.ack().rounds(3); // DOWN entry 1
    for (int cycle = 1; cycle <= 4; cycle++) {
      reference.uniform(2);
      assertEquals(100_000 + reference.uniform(250_001), controller.bwProbeWaitMicros());
      seeded.bytesInFlight = 150_000;
      seeded.ack(); // DOWN -> CRUISE: max_bw did not grow 6.7 %
      assertEquals(BbrState.PROBE_BW_CRUISE, controller.state());
      assertEquals(cycle < 4, controller.probeBwQuickly());
      seeded.bytesInFlight = 200_000;
      seeded.stepMicros = 400_000;
      seeded.ack();
      seeded.stepMicros = 1_100;
      seeded.round();
      assertEquals(BbrState.PROBE_BW_UP, controller.state());
      seeded.stepMicros = 101_000;
      seeded.bytesInFlight = 300_000;
      seeded.ack();
      seeded.stepMicros = 1_100;
      seeded.bytesInFlight = 200_000;
      assertEquals(BbrState.PROBE_BW_DOWN, controller.state());
    }
    reference.uniform(2);
    long wait = controller.bwProbeWaitMicros();
    assertEquals(2_000_000 + reference.uniform(1_000_001), wait);
    assertTrue(wait >= 2_000_000 && wait <= 3_000_000);
  }

  @Test
  void shouldNeverProbeOnRoundCountWhenBdpIsTwoPacketsOrMore() {
    driveToProbeBwDown();
    downToCruise();
    driver.stepMicros = 10;
    driver.rounds(200);
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
  }

  // ------------------------------------------------------------------ checklist 14 and 15

  @Test
  void shouldLeaveUpOnlyAfterMinRttWhenInflightAboveBudget() {
    driveToProbeBwDown();
    downToCruise();
    cruiseToUp();
    driver.bytesInFlight = 1_000_000;
    driver.stepMicros = 50_000;
    driver.ack(); // 50 ms after UP began: too early
    assertEquals(BbrState.PROBE_BW_UP, bbr.state());
    driver.stepMicros = 50_001;
    // 1.25 x 200 000 + 2 MTU: at the threshold, stay
    driver.bytesInFlight = 252_880;
    driver.ack();
    assertEquals(BbrState.PROBE_BW_UP, bbr.state());
    driver.stepMicros = 10;
    driver.bytesInFlight = 252_881;
    driver.ack();
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  @Test
  void shouldLeaveUpOnRttExcessAfterMinRtt() {
    driveToProbeBwDown();
    downToCruise();
    cruiseToUp();
    driver.bytesInFlight = 100_000;
    driver.rttMicros = 130_000; // window minimum will exceed 100 000 + 128 + 25 000
    driver.stepMicros = 15_000;
    driver.acks(7); // the seventh high sample fills the window: excess 1, exit on the next ACK
    assertEquals(BbrState.PROBE_BW_UP, bbr.state());
    driver.ack();
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  @Test
  void shouldGoToCruiseOnlyUnderHeadroomOfInflightHi() {
    driveToProbeBwDown(); // inflight_hi = 200 000, headroom cap 170 000
    downToCruise();
    cruiseToUp();
    upToDown();
    driver.bytesInFlight = 170_001;
    driver.ack();
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
    driver.bytesInFlight = 170_000;
    driver.ack();
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
  }

  @Test
  void shouldGoToCruiseOnlyUnderBdpAtMaxBw() {
    driver.txInFlightBytes = 300_000; // headroom cap 255 000: the BDP (200 000) binds
    driver.ack().rounds(3);
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
    cruiseToUp();
    upToDown();
    driver.bytesInFlight = 200_001;
    driver.ack();
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
    driver.bytesInFlight = 200_000;
    driver.ack();
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
  }

  // ------------------------------------------------------------------ checklist 16: ProbeRTT

  @Test
  void shouldEnterProbeRttFiveSecondsAfterLastMinRttRefresh() {
    driver.flightPackets = 1_000_000; // one endless round
    driver.appLimited = true;
    driver.acks(7); // seven samples at 100 ms
    driver.rttMicros = 110_000; // above min_rtt + margin: no refresh once the window is all high
    driver.acks(6); // the window still holds one 100 ms sample: refreshed
    long lastRefresh = driver.nowMicros;
    driver.ack();
    driver.stepMicros = 100_000;
    while (driver.nowMicros + driver.stepMicros < lastRefresh + 5_000_000) {
      driver.ack();
    }
    driver.stepMicros = lastRefresh + 5_000_000 - driver.nowMicros;
    driver.ack();
    assertEquals(BbrState.STARTUP, bbr.state());
    driver.stepMicros = 1;
    driver.ack();
    assertEquals(BbrState.PROBE_RTT, bbr.state());
    assertGains(BbrState.PROBE_RTT, 1.0, 0.5);
    assertEquals(110_000, bbr.minRttMicros()); // overwritten by the raw sample
  }

  @Test
  void shouldHoldProbeRttTwoHundredMsAndOneRoundThenCruiseWithBoundsReset() {
    driveToProbeBwDown();
    downToCruise();
    driver.rttMicros = 110_000;
    driver.stepMicros = 100_000;
    driver.bytesInFlight = 100_000;
    int guard = 0;
    while (bbr.state() != BbrState.PROBE_RTT && guard++ < 200) {
      driver.ack();
    }
    assertEquals(BbrState.PROBE_RTT, bbr.state());
    long probeRttCwnd = Math.max(110_000L * 2_000_000 / 1_000_000 / 2, 4 * MTU);
    assertEquals(110_000, probeRttCwnd);
    assertTrue(bbr.congestionWindowBytes() <= probeRttCwnd);
    driver.stepMicros = 1_000;
    driver.txInFlightBytes = 110_000; // first ACK at the ProbeRTT window: the 200 ms start
    driver.ack();
    long doneAfter = driver.nowMicros + 200_000;
    driver.round(); // one round done, but 200 ms not yet
    assertEquals(BbrState.PROBE_RTT, bbr.state());
    driver.stepMicros = doneAfter - driver.nowMicros + 1;
    driver.ack();
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
    assertEquals(INFINITE, bbr.inflightLoBytes());
    assertEquals(INFINITE, bbr.bwLoBytesPerSecond());
    assertEquals(bbr.minRttMicros(), driver.path.minRttMicros());
  }

  @Test
  void shouldWaitHundredMinRttsBeforeProbeRttOnLongPaths() {
    driver.flightPackets = 1_000_000;
    driver.appLimited = true;
    driver.pathMinRttMicros = 200_000; // the transport's minimum: no long-RTT Startup
    driver.rttMicros = 600_000;
    driver.acks(7);
    driver.rttMicros = 700_000;
    driver.acks(6);
    long lastRefresh = driver.nowMicros;
    driver.stepMicros = 1_000_000;
    while (driver.nowMicros + driver.stepMicros < lastRefresh + 60_000_000) {
      driver.ack();
    }
    driver.stepMicros = lastRefresh + 60_000_000 - driver.nowMicros;
    driver.ack();
    assertEquals(BbrState.STARTUP, bbr.state());
    driver.stepMicros = 1;
    driver.ack();
    assertEquals(BbrState.PROBE_RTT, bbr.state());
  }

  // ------------------------------------------------------------------ checklist 17 to 21

  @Test
  void shouldBoundSendQuantumByMtuFloorsAndSixtyFourKibCap() {
    assertEquals(2 * 1440, PicoquicBbrPacing.sendQuantumFor(2_000_000, 1440));
    assertEquals(1440, PicoquicBbrPacing.sendQuantumFor(100_000, 1440));
    assertEquals(65_536, PicoquicBbrPacing.sendQuantumFor(100_000_000, 1440));
    assertEquals(3_000, PicoquicBbrPacing.sendQuantumFor(3_000_000, 1440));
  }

  @Test
  void shouldReenterStartupWhenBandwidthPassesCeiling() {
    driver.rateBytesPerSecond = 1_000_000;
    driver.txInFlightBytes = 100_000;
    driver.bytesInFlight = 100_000;
    driver.ack().rounds(3);
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
    driver.rateBytesPerSecond = 1_500_000; // exactly the ceiling: not above
    driver.acks(2);
    assertTrue(bbr.state().isProbeBw());
    driver.rateBytesPerSecond = 1_600_000;
    driver.acks(2);
    assertEquals(BbrState.STARTUP, bbr.state());
    assertTrue(bbr.probeBwQuickly());
  }

  @Test
  void shouldReenterStartupResumeAtCeilingWhenBdpSeedKnown() {
    bbr.onResumeSeed(driver.nowMicros, 1_000, 1_000_000); // a 1 000-byte seed
    assertEquals(BbrState.STARTUP_RESUME, bbr.state());
    driver.rateBytesPerSecond = 1_000_000;
    driver.txInFlightBytes = 100_000;
    driver.bytesInFlight = 100_000;
    driver.ack();
    assertEquals(BbrState.STARTUP, bbr.state()); // max_bw > 1.125 x seed, bytes vs bytes/s
    driver.rounds(3);
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
    driver.rateBytesPerSecond = 1_600_000;
    driver.acks(2);
    assertEquals(BbrState.STARTUP_RESUME, bbr.state());
  }

  @Test
  void shouldShrinkWindowOnPtoAndResumeStartupWhenPtoPacketAcknowledged() {
    driveToProbeBwDown();
    downToCruise();
    long cwndBefore = bbr.congestionWindowBytes();
    driver.bytesInFlight = 50_000;
    driver.path.bytesInFlight(50_000);
    long ptoPacket = driver.largestAcked + 5;
    bbr.onProbeTimeout(driver.nowMicros);
    driver.loss.set(
        ptoPacket, driver.nowMicros, MTU, LossTrigger.TIMER, 100_000, 0, MTU, false, false);
    bbr.onPacketLost(driver.nowMicros, driver.loss);
    assertEquals(50_000 + MTU, bbr.congestionWindowBytes());
    assertEquals(200_000, bbr.bdpSeedBytes()); // budgeted BDP at 2 MB/s x 100 ms
    driver.acks(4);
    assertTrue(bbr.inRecovery());
    driver.ack(); // acknowledges the PTO'd packet number
    assertFalse(bbr.inRecovery());
    assertEquals(BbrState.STARTUP_RESUME, bbr.state());
    assertTrue(bbr.congestionWindowBytes() >= cwndBefore);
    assertTrue(bbr.congestionWindowBytes() >= bbr.bdpSeedBytes());
    driver.ack();
    assertEquals(BbrState.STARTUP, bbr.state());
  }

  @Test
  void shouldRememberLargestSingleAckAsExtraAcked() {
    driver.ack();
    driver.stepMicros = 1;
    driver.ackedBytes = 2 * MTU;
    driver.ack();
    driver.ackedBytes = 8 * MTU;
    driver.ack();
    driver.ackedBytes = 4 * MTU;
    driver.ack();
    assertEquals(8 * MTU, bbr.extraAckedBytes());
  }

  @Test
  void shouldCapExtraAckedAtWindow() {
    driver.ackedBytes = 20 * MTU;
    driver.ack();
    assertEquals(15_360, bbr.extraAckedBytes());
  }

  @Test
  void shouldTakeMinRttFromWindowMaximumUntilWholeWindowIsLower() {
    driver.flightPackets = 100;
    driver.rttMicros = 80_000;
    driver.ack();
    driver.rttMicros = 85_000;
    driver.ack();
    driver.rttMicros = 82_000;
    driver.ack();
    assertEquals(85_000, bbr.minRttMicros());
    driver.acks(5); // eight samples: 85 000 is still in the window
    assertEquals(85_000, bbr.minRttMicros());
    driver.ack(); // the ninth sample pushes 85 000 out: the window maximum is 82 000
    assertEquals(82_000, bbr.minRttMicros());
  }

  /** splitmix64 as picoquic_test_random writes it, with picoquic's uniform rejection rule. */
  private static final class ReferenceSplitmix {
    private long state;

    ReferenceSplitmix(long seed) {
      this.state = seed;
    }

    long next() {
      state += 0x9e3779b97f4a7c15L;
      long z = state;
      z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
      z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
      return z ^ (z >>> 31);
    }

    long uniform(long bound) {
      long rejectBelow = Long.remainderUnsigned(-1L, bound);
      long draw;
      do {
        draw = next();
      } while (Long.compareUnsigned(draw, rejectBelow) < 0);
      return Long.remainderUnsigned(draw, bound);
    }
  }
}

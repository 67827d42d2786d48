package dev.moqbed.cc.c4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The behavioural checks of the C4 research note (§12), one test each, with the note's numbers.
 * Unless the name says otherwise they run the draft-04 code (V4), MTU 1440, initial window 15,360.
 */
class C4BehaviouralChecksTest {

  private static C4Script v4() {
    return new C4Script(C4Variant.V4);
  }

  @Test
  @DisplayName("12.1 Init")
  void shouldStartInInitialWithoutRateWhenCreated() {
    C4Controller c4 = v4().c4;
    assertEquals(C4State.INITIAL, c4.state());
    assertEquals(0, c4.nominalRateBytesPerSecond());
    assertEquals(0, c4.nominalMaxRttMicros());
    assertEquals(2048, c4.alphaCurrent1024());
    assertEquals(1, c4.probeLevel());
    assertEquals(15_360, c4.congestionWindowBytes());
    assertEquals(0, c4.pacingRateBytesPerSecond());
    assertEquals(2 * 1440, c4.pacingQuantumBytes());
    assertTrue(c4.inSlowStart());
  }

  @Test
  @DisplayName("12.2 First RTT sample")
  void shouldTakeFirstRttSampleAsMaxRttWhenNoneIsKnown() {
    C4Script script = v4().rtt(30_000);
    assertEquals(30_000, script.c4.nominalMaxRttMicros());
    assertEquals(7_617, script.c4.delayThresholdMicros());

    script = v4().rtt(200_000);
    assertEquals(200_000, script.c4.nominalMaxRttMicros());
    assertEquals(25_000, script.c4.delayThresholdMicros());

    script = v4().rtt(400);
    assertEquals(1_000, script.c4.nominalMaxRttMicros());
    assertEquals(253, script.c4.delayThresholdMicros());
  }

  @Test
  @DisplayName("12.3 Sensitivity table")
  void shouldFollowSensitivityCurveWhenRateGrows() {
    assertEquals(0, C4Sensitivity.sensitivity1024(40_000));
    assertEquals(456, C4Sensitivity.sensitivity1024(500_000));
    assertEquals(963, C4Sensitivity.sensitivity1024(1_000_000));
    assertEquals(969, C4Sensitivity.sensitivity1024(2_000_000));
    assertEquals(1024, C4Sensitivity.sensitivity1024(10_000_000));
    assertEquals(1024, C4Sensitivity.sensitivity1024(20_000_000));
    assertEquals(5_000, C4Sensitivity.delayThresholdMicros(20_000_000, 80_000));
  }

  @Test
  @DisplayName("12.4 Initial Reno growth")
  void shouldSlowInitialWindowGrowthWhenErasStall() {
    C4Script script = v4().rtt(30_000).ack(100_000);
    long window = script.c4.initialWindowBytes();
    script.ackedBytes = 1_200;
    script.ack(100_000);
    assertEquals(window + 1_200, script.c4.initialWindowBytes());

    script.ackedBytes = 0;
    script.endEra(100_000); // first era: the rate appeared, that is growth
    script.endEra(100_000); // no growth, not limited
    assertEquals(1, script.c4.erasWithoutIncrease());
    window = script.c4.initialWindowBytes();
    script.ackedBytes = 1_200;
    script.ack(100_000);
    assertEquals(window + 150, script.c4.initialWindowBytes());

    script.ackedBytes = 0;
    script.endEra(100_000);
    assertEquals(2, script.c4.erasWithoutIncrease());
    window = script.c4.initialWindowBytes();
    script.ackedBytes = 1_200;
    script.ack(100_000);
    assertEquals(window + 18, script.c4.initialWindowBytes());
  }

  /** One RTT sample, then the Initial window grown to 200,000 bytes at 2,000,000 B/s. */
  private static C4Script initialAt2MegabytesPerSecond(C4Variant variant) {
    C4Script script = new C4Script(variant).rtt(20_000);
    script.ackedBytes = 200_000 - 15_360;
    script.ack(2_000_000);
    script.ackedBytes = 0;
    script.endEra(2_000_000); // the rate appeared: growth
    return script;
  }

  @Test
  @DisplayName("12.5 Initial exit after 3 stalled eras")
  void shouldLeaveInitialWhenThreeNetworkLimitedErasDoNotGrow() {
    for (C4Variant variant : C4Variant.values()) {
      C4Script script = initialAt2MegabytesPerSecond(variant);
      assertEquals(200_000, script.c4.initialWindowBytes());
      script.endEra(2_000_000).endEra(2_000_000);
      assertEquals(C4State.INITIAL, script.c4.state());
      assertEquals(2, script.c4.erasWithoutIncrease());

      script.endEra(2_000_000);
      assertEquals(C4State.RECOVERY, script.c4.state());
      assertEquals(variant == C4Variant.V4 ? 960 : 896, script.c4.alphaCurrent1024());
      assertEquals(2_000_000, script.c4.nominalRateBytesPerSecond());
      assertEquals(50_000, script.c4.nominalMaxRttMicros());
    }
  }

  @Test
  @DisplayName("12.5 Initial exit after 3 stalled eras: app-limited eras do not count")
  void shouldNotCountStalledEraWhenApplicationLimited() {
    C4Script script = initialAt2MegabytesPerSecond(C4Variant.V4);
    script.deliveredBytes = 1_000; // less than one min-RTT BDP (40,000 bytes): app-limited
    for (int era = 0; era < 5; era++) {
      script.endEra(2_000_000);
    }
    assertEquals(C4State.INITIAL, script.c4.state());
    assertEquals(0, script.c4.erasWithoutIncrease());
  }

  @Test
  @DisplayName("12.6 Initial growth resets the counter")
  void shouldResetStalledEraCountWhenRateGrowsByQuarter() {
    C4Script script = initialAt2MegabytesPerSecond(C4Variant.V4);
    script.endEra(2_000_000).endEra(2_000_000);
    assertEquals(2, script.c4.erasWithoutIncrease());
    script.endEra(2_500_000);
    assertEquals(0, script.c4.erasWithoutIncrease());
    assertEquals(C4State.INITIAL, script.c4.state());

    script = initialAt2MegabytesPerSecond(C4Variant.V4);
    script.endEra(2_000_000).endEra(2_000_000).endEra(2_499_999);
    assertEquals(C4State.RECOVERY, script.c4.state());
  }

  @Test
  @DisplayName("12.7 Loss in Initial")
  void shouldLeaveInitialOnLossOnlyWhenMoreThanTwentyAckEvents() {
    C4Script script = v4().rtt(20_000);
    for (int ack = 0; ack < 19; ack++) {
      script.ack(2_000_000);
    }
    script.loss(script.freshPacketNumber());
    assertEquals(0.0625, script.c4.smoothedDropRate());
    assertTrue(0.0625 > C4Sensitivity.lossThreshold(2_000_000));
    assertEquals(20, script.c4.ackEventsInStartup());
    assertEquals(C4State.INITIAL, script.c4.state());

    script = v4().rtt(20_000);
    for (int ack = 0; ack < 20; ack++) {
      script.ack(2_000_000);
    }
    script.loss(script.freshPacketNumber());
    assertEquals(21, script.c4.ackEventsInStartup());
    assertEquals(C4State.RECOVERY, script.c4.state());
  }

  @Test
  @DisplayName("12.8 Loss EWMA saturation")
  void shouldNeverSignalLossWhenRateIsBelowFiftyKilobytes() {
    // 200 ms: at 40 kB/s a shorter max RTT would come out of the 15,360-byte Initial window anyway.
    C4Script script = v4().toCruising(40_000, 200_000);
    assertEquals(C4State.CRUISING, script.c4.state());
    for (int lost = 0; lost < 200; lost++) {
      script.loss(script.freshPacketNumber());
    }
    assertEquals(C4State.CRUISING, script.c4.state());
    assertEquals(16.0 / 31.0, script.c4.smoothedDropRate(), 1e-9);
    assertTrue(script.c4.smoothedDropRate() < 0.52);

    script = v4().toCruising(500_000, 30_000);
    for (int lost = 0; lost < 6; lost++) {
      script.loss(script.freshPacketNumber());
    }
    assertEquals(C4State.CRUISING, script.c4.state());
    script.loss(script.freshPacketNumber());
    assertEquals(C4State.RECOVERY, script.c4.state());
  }

  @Test
  @DisplayName("12.9 Loss in Cruising cuts rate and max RTT")
  void shouldCutRateAndMaxRttWhenLossInCruising() {
    C4Script script = v4().toCruising(20_000_000, 80_000);
    assertEquals(80_000, script.c4.nominalMaxRttMicros());
    script.loss(script.freshPacketNumber());
    assertEquals(C4State.RECOVERY, script.c4.state());
    assertEquals(15_000_000, script.c4.nominalRateBytesPerSecond());
    assertEquals(60_000, script.c4.nominalMaxRttMicros());
    assertEquals(14_062_500, script.c4.pacingRateBytesPerSecond());
    // P x (M + min(15 ms, M/4)) = 843,750 + 210,937
    assertEquals(1_054_687, script.c4.congestionWindowBytes());
    assertFalse(script.c4.inSlowStart());

    assertEquals(249, C4Sensitivity.lossBeta1024(2_000_000));
    script = v4().toCruising(2_000_000, 80_000);
    script.loss(script.freshPacketNumber());
    assertEquals(1_513_672, script.c4.nominalRateBytesPerSecond());
  }

  /** Cruising at 20 MB/s and 80 ms, then a loss: Recovery. */
  private static C4Script recoveringAfterLoss() {
    C4Script script = v4().toCruising(20_000_000, 80_000);
    script.loss(script.freshPacketNumber());
    return script;
  }

  @Test
  @DisplayName("12.10 Old losses in Recovery are ignored")
  void shouldIgnoreLossWhenPacketWasSentBeforeRecovery() {
    C4Script script = recoveringAfterLoss();
    double dropRate = script.c4.smoothedDropRate();
    long alpha = script.c4.alphaCurrent1024();
    script.loss(script.c4.eraSequence() - 1);
    assertEquals(dropRate, script.c4.smoothedDropRate());
    assertEquals(C4State.RECOVERY, script.c4.state());
    assertEquals(alpha, script.c4.alphaCurrent1024());
  }

  @Test
  @DisplayName("12.11 Second signal in Recovery")
  void shouldDeepenRecoveryOnceWhenSignalsRepeat() {
    C4Script script = recoveringAfterLoss();
    assertEquals(960, script.c4.alphaCurrent1024());
    long rate = script.c4.nominalRateBytesPerSecond();
    long eraSequence = script.c4.eraSequence();

    script.path.nextPacketNumber(eraSequence + 20);
    script.loss(eraSequence + 5);
    assertEquals(896, script.c4.alphaCurrent1024());
    assertEquals(eraSequence + 20, script.c4.eraSequence());
    assertEquals(rate, script.c4.nominalRateBytesPerSecond());

    script.path.nextPacketNumber(eraSequence + 40);
    script.ecn(0, 10);
    assertEquals(896, script.c4.alphaCurrent1024());
    assertEquals(eraSequence + 20, script.c4.eraSequence());
    assertEquals(rate, script.c4.nominalRateBytesPerSecond());
    assertEquals(C4State.RECOVERY, script.c4.state());
  }

  @Test
  @DisplayName("12.12 No rate rise while congested")
  void shouldKeepRateWhenSampleRisesDuringCongestedRecovery() {
    C4Script script = recoveringAfterLoss();
    assertTrue(script.c4.congestionNotified());
    script.rtt(80_000).ack(25_000_000);
    assertEquals(15_000_000, script.c4.nominalRateBytesPerSecond());

    script = v4().toCruising(20_000_000, 80_000);
    script.rtt(80_000).ack(25_000_000);
    assertEquals(25_000_000, script.c4.nominalRateBytesPerSecond());
  }

  @Test
  @DisplayName("12.13 Delay gating")
  void shouldActOnDelayOnlyWhenTrafficWasSentAboveNominalRate() {
    C4Script script = v4().toCruising(20_000_000, 80_000);
    assertEquals(5_000, script.c4.delayThresholdMicros());
    script.rtt(80_000).endEra(20_000_000); // a full Cruising era: previous alpha 1024
    assertEquals(1024, script.c4.alphaPrevious1024());
    script.rtt(85_001);
    assertEquals(C4State.CRUISING, script.c4.state());
    assertEquals(20_000_000, script.c4.nominalRateBytesPerSecond());

    script = v4().toCruising(20_000_000, 80_000).toProbing(20_000_000, 80_000);
    assertEquals(C4State.PROBING, script.c4.state());
    assertEquals(1088, script.c4.alphaPrevious1024());
    script.rtt(85_001);
    assertEquals(C4State.RECOVERY, script.c4.state());
    assertEquals(20_000_000, script.c4.nominalRateBytesPerSecond());
    assertTrue(script.c4.congestionNotified());
  }

  @Test
  @DisplayName("12.14 ECN alpha")
  void shouldAverageCeFractionAndCutProportionallyWhenAboveThreshold() {
    C4Script script = v4();
    script.ecn(7, 3);
    assertEquals(19, script.c4.ecnAlpha1024());
    script.ecn(0, 10);
    assertEquals(1024, script.c4.ecnAlpha1024());
    assertEquals(C4State.INITIAL, script.c4.state()); // no delay excess: Initial goes on

    script = v4().toCruising(20_000_000, 80_000);
    assertEquals(0, script.c4.ecnAlpha1024());
    // CE fractions 511, 511, 511, 272 (of 1024) average to 31, 61, 89, then 100.
    script.ecn(513, 511).ecn(513, 511).ecn(513, 511);
    assertEquals(89, script.c4.ecnAlpha1024());
    assertEquals(C4State.CRUISING, script.c4.state());
    script.ecn(752, 272);
    assertEquals(100, script.c4.ecnAlpha1024());
    assertEquals(96, script.c4.ecnThreshold1024());
    assertEquals(C4State.RECOVERY, script.c4.state());
    assertEquals(19_179_688, script.c4.nominalRateBytesPerSecond()); // beta 42/1024
  }

  @Test
  @DisplayName("12.15 Probe schedule")
  void shouldProbeAfterTwoCruisingErasWhenNotApplicationLimited() {
    C4Script script = v4().toCruising(20_000_000, 80_000);
    script.rtt(80_000).endEra(20_000_000);
    assertEquals(C4State.CRUISING, script.c4.state());
    script.rtt(80_000).endEra(20_000_000);
    assertEquals(C4State.PROBING, script.c4.state());
    assertEquals(1088, script.c4.alphaCurrent1024());

    // The rate rose during the probe and nothing signalled congestion: push.
    script.rtt(80_000).ack(20_500_000);
    script.rtt(80_000).endEra(20_500_000);
    assertEquals(C4State.RECOVERY, script.c4.state());
    script.rtt(80_000).endEra(20_500_000);
    assertEquals(C4State.PUSHING, script.c4.state());
    assertEquals(2, script.c4.probeLevel());
    assertEquals(1256, script.c4.alphaCurrent1024());
  }

  @Test
  @DisplayName("12.15 Probe schedule: a failed probe goes back to Cruising")
  void shouldCruiseAgainWhenProbeBroughtNoRise() {
    C4Script script = v4().toCruising(20_000_000, 80_000).toProbing(20_000_000, 80_000);
    script.rtt(80_000).endEra(20_000_000);
    assertEquals(C4State.RECOVERY, script.c4.state());
    script.rtt(80_000).endEra(20_000_000);
    assertEquals(C4State.CRUISING, script.c4.state());
    assertEquals(1, script.c4.probeLevel());
    assertEquals(2, script.c4.cruiseErasLeft());
  }

  @Test
  @DisplayName("12.15 Probe schedule: an application-limited sender keeps cruising")
  void shouldKeepCruisingWhenSenderIsApplicationLimited() {
    C4Script script = v4().toCruising(20_000_000, 80_000);
    script.path.lastSenderLimitedMicros(2_000_000).lastAckedDataSentMicros(1_999_999);
    for (int era = 0; era < 5; era++) {
      script.rtt(80_000).endEra(20_000_000);
    }
    assertEquals(C4State.CRUISING, script.c4.state());
    script.path.lastAckedDataSentMicros(2_000_001);
    script.rtt(80_000).endEra(20_000_000);
    assertEquals(C4State.PROBING, script.c4.state());
  }

  /** Pushing at 20 MB/s: Cruising, a probe that raised the rate to exactly 20 MB/s, Recovery. */
  private static C4Script pushingAt20MegabytesPerSecond() {
    C4Script script = v4().toCruising(19_000_000, 80_000).toProbing(19_000_000, 80_000);
    script.rtt(80_000).endEra(20_000_000);
    script.rtt(80_000).endEra(20_000_000);
    assertEquals(C4State.PUSHING, script.c4.state());
    assertEquals(20_000_000, script.c4.nominalRateBytesPerSecond());
    return script;
  }

  @Test
  @DisplayName("12.16 Pushing continuation")
  void shouldRestartPushEraWhenRateGrowsFast() {
    C4Script script = pushingAt20MegabytesPerSecond();
    long eraSequence = script.c4.eraSequence();
    // Fast growth is above (R0 + 3 x 1256/1024 R0) / 4 = 23,398,437.
    script.rtt(80_000).ack(23_398_437);
    assertEquals(eraSequence, script.c4.eraSequence());
    script.rtt(80_000).ack(23_398_438);
    assertEquals(C4State.PUSHING, script.c4.state());
    assertTrue(script.c4.eraSequence() > eraSequence);

    script.rtt(80_000).endEra(23_398_438);
    assertEquals(C4State.RECOVERY, script.c4.state());
  }

  @Test
  @DisplayName("12.16 Pushing continuation: two successful pushes return to Initial")
  void shouldReenterInitialWhenTwoPushCyclesSucceed() {
    C4Script script = pushingAt20MegabytesPerSecond();
    // Slow growth (between 1.057x and 1.17x) is still success at the Recovery exit.
    script.rtt(80_000).ack(22_000_000).rtt(80_000).endEra(22_000_000);
    assertEquals(C4State.RECOVERY, script.c4.state());
    script.rtt(80_000).endEra(22_000_000);
    assertEquals(C4State.PUSHING, script.c4.state());
    assertEquals(3, script.c4.probeLevel());

    script.rtt(80_000).ack(24_000_000).rtt(80_000).endEra(24_000_000);
    assertEquals(C4State.RECOVERY, script.c4.state());
    script.rtt(80_000).endEra(24_000_000);
    assertEquals(C4State.INITIAL, script.c4.state());
    assertEquals(1, script.c4.probeLevel());
    assertEquals(2048, script.c4.alphaCurrent1024());
  }

  @Test
  @DisplayName("12.17 Persistent congestion")
  void shouldFallBackToRecentMaximumWhenTwoRecoveriesInARowAreCongested() {
    C4Script script = recoveringAfterLoss();
    script.rtt(80_000).endEra(10_000_000);
    assertEquals(C4State.CRUISING, script.c4.state());
    assertEquals(1, script.c4.recentCongestions());
    assertEquals(15_000_000, script.c4.nominalRateBytesPerSecond());

    script.rtt(80_000).ack(10_000_000);
    script.loss(script.freshPacketNumber());
    assertEquals(11_250_000, script.c4.nominalRateBytesPerSecond());
    script.rtt(80_000).endEra(10_000_000);
    assertEquals(10_000_000, script.c4.nominalRateBytesPerSecond());
    assertEquals(2, script.c4.recentCongestions());
  }

  @Test
  @DisplayName("12.18 PTO and spurious events are ignored")
  void shouldChangeNothingWhenTimeoutOrSpuriousEventArrives() {
    C4Script script = v4().toCruising(20_000_000, 80_000);
    String before = Snapshot.of(script.c4);
    script.c4.onProbeTimeout(script.nowMicros);
    script.timerLoss(script.freshPacketNumber());
    script.c4.onSpuriousLoss(script.nowMicros, 3);
    script.c4.onCongestionWindowBlocked(script.nowMicros);
    script.c4.onIdleRestart(script.nowMicros);
    script.c4.onPersistentCongestion(script.nowMicros);
    script.c4.onPacketSent(script.nowMicros, script.freshPacketNumber(), 1440, 0, false);
    assertEquals(before, Snapshot.of(script.c4));
    assertEquals(0.0, script.c4.smoothedDropRate());
  }

  @Test
  @DisplayName("12.19 Careful resume")
  void shouldPinWindowAndRateToSeedWhenResuming() {
    C4Script script = new C4Script(C4Variant.V4, 100_000).rtt(100_000);
    script.c4.onResumeSeed(script.nowMicros, 10_000_000, 100_000);
    assertEquals(C4State.RESUMING, script.c4.state());
    assertEquals(1_000_000, script.c4.congestionWindowBytes());
    assertEquals(10_000_000, script.c4.pacingRateBytesPerSecond());

    script.path.bytesInFlight(941_176); // 941,176 + 1/16 is below the seed: the era restarts
    for (int era = 0; era < 4; era++) {
      script.rtt(100_000).endEra(5_000_000);
    }
    assertEquals(C4State.RESUMING, script.c4.state());
    script.path.bytesInFlight(941_177); // 16/17 of the seed: eras count
    script.rtt(100_000).endEra(5_000_000);
    assertEquals(C4State.RESUMING, script.c4.state());
    script.rtt(100_000).endEra(5_000_000);
    assertEquals(C4State.RECOVERY, script.c4.state());

    C4Script cruising = v4().toCruising(20_000_000, 80_000);
    String before = Snapshot.of(cruising.c4);
    cruising.c4.onResumeSeed(cruising.nowMicros, 10_000_000, 100_000);
    assertEquals(before, Snapshot.of(cruising.c4));
  }

  @Test
  @DisplayName("12.20 Quantum and margin")
  void shouldSizeQuantumAndMarginFromRateAndMaxRtt() {
    assertEquals(39_062, resumedAt(10_000_000).c4.pacingQuantumBytes());
    assertEquals(65_536, resumedAt(100_000_000).c4.pacingQuantumBytes());
    assertEquals(2 * 1440, resumedAt(100_000).c4.pacingQuantumBytes());

    // Cruising at 20 MB/s: M x R plus the margin, 5 ms at M = 20 ms, 15 ms at M = 200 ms.
    assertEquals(400_000 + 100_000, v4().toCruising(20_000_000, 20_000).c4.congestionWindowBytes());
    assertEquals(
        4_000_000 + 300_000, v4().toCruising(20_000_000, 200_000).c4.congestionWindowBytes());

    C4Script loopback = new C4Script(C4Variant.V4, 900).toCruising(20_000_000, 1_000);
    assertEquals(1072, loopback.c4.alphaCurrent1024());
  }

  private static C4Script resumedAt(long rateBytesPerSecond) {
    C4Script script = new C4Script(C4Variant.V4, 100_000).rtt(100_000);
    script.c4.onResumeSeed(script.nowMicros, rateBytesPerSecond, 100_000);
    assertEquals(rateBytesPerSecond, script.c4.pacingRateBytesPerSecond());
    return script;
  }

  @ParameterizedTest
  @EnumSource(
      value = C4Variant.class,
      names = {"V5", "V5_SHORT_RTT"})
  @DisplayName("12.21 [V5] Trimming")
  void shouldTrimRateHalfwayToRecentMaximumWhenQuietRecoveryEnds(C4Variant draft5) {
    assertEquals(1_100_000, afterQuietProbe(draft5).c4.nominalRateBytesPerSecond());
    assertEquals(1_200_000, afterQuietProbe(C4Variant.V4).c4.nominalRateBytesPerSecond());
  }

  /** Cruising at 1.2 MB/s while the path delivers 1 MB/s, a probe, and its Recovery. */
  private static C4Script afterQuietProbe(C4Variant variant) {
    C4Script script = new C4Script(variant, 30_000).toCruising(1_200_000, 30_000);
    script.toProbing(1_000_000, 30_000);
    script.rtt(30_000).endEra(1_000_000);
    assertEquals(C4State.RECOVERY, script.c4.state());
    assertEquals(1_000_000, script.c4.recentMaximumRateBytesPerSecond());
    script.rtt(30_000).endEra(1_000_000);
    assertEquals(C4State.CRUISING, script.c4.state());
    return script;
  }

  @ParameterizedTest
  @EnumSource(
      value = C4Variant.class,
      names = {"V5", "V5_SHORT_RTT"})
  @DisplayName("12.22 [V5] Draining")
  void shouldRecoverAtSevenEighthsWhenQueueMayNeedDraining(C4Variant draft5) {
    C4Script script = new C4Script(draft5, 80_000);
    script.toCruising(20_000_000, 80_000);
    assertFalse(script.c4.drainRequired()); // every Recovery exit clears the flag
    script.rtt(80_000).endEra(20_000_000);
    assertTrue(script.c4.drainRequired());
    script.rtt(80_000).ack(21_000_000); // a rate increase clears it
    assertFalse(script.c4.drainRequired());
    script.loss(script.freshPacketNumber());
    assertEquals(960, script.c4.alphaCurrent1024());

    script = new C4Script(draft5, 80_000).toCruising(20_000_000, 80_000);
    script.rtt(80_000).endEra(20_000_000); // max RTT decays (by 0 here): a queue may be left
    assertTrue(script.c4.drainRequired());
    script.loss(script.freshPacketNumber());
    assertEquals(896, script.c4.alphaCurrent1024());
  }
}

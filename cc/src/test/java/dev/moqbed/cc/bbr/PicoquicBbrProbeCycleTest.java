package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrDriver.MTU;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.LossTrigger;
import org.junit.jupiter.api.Test;

/**
 * The BBR items of the checklist in picoquic-cc-baselines.md section 5 (ProbeBW, ProbeRTT, quantum,
 * aggregation), one test each.
 */
class PicoquicBbrProbeCycleTest extends PicoquicBbrStates {

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

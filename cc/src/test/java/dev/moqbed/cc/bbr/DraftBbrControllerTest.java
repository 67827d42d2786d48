package dev.moqbed.cc.bbr;

import static dev.moqbed.cc.bbr.BbrDriver.MTU;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.LossTrigger;
import org.junit.jupiter.api.Test;

/** Scripted sequences for BBRv3 as draft-ietf-ccwg-bbr-06 writes it. */
class DraftBbrControllerTest {
  private static final long SEED = 42;
  private static final long INFINITE = Long.MAX_VALUE;

  private final BbrDriver<DraftBbrController> driver = BbrDriver.draft(SEED);
  private final DraftBbrController bbr = driver.controller;

  /** ACKs up to and including the next round start (the draft counts rounds in delivered bytes). */
  private void round() {
    long start = bbr.roundCount();
    int guard = 0;
    while (bbr.roundCount() == start && guard++ < 10_000) {
      driver.ack();
    }
  }

  private void rounds(int count) {
    for (int i = 0; i < count; i++) {
      round();
    }
  }

  /** Startup at a flat 1 MB/s, 100 ms: Drain after three flat rounds, then DOWN and CRUISE. */
  private void driveToCruise() {
    driver.rateBytesPerSecond = 1_000_000;
    driver.ackedBytes = 14_400;
    driver.stepMicros = 14_400; // ACKs arrive at the bottleneck rate
    driver.bytesInFlight = 50_000;
    driver.txInFlightBytes = 50_000;
    round();
    rounds(3);
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
  }

  private void cruiseToUp() {
    long step = driver.stepMicros;
    driver.stepMicros = 3_000_001;
    driver.ack();
    driver.stepMicros = step;
    assertEquals(BbrState.PROBE_BW_REFILL, bbr.state());
    round();
    assertEquals(BbrState.PROBE_BW_UP, bbr.state());
  }

  private void assertGains(BbrState state, double pacingGain, double cwndGain) {
    assertEquals(state, bbr.state());
    assertEquals(pacingGain, bbr.pacingGain(), 1e-12);
    assertEquals(cwndGain, bbr.cwndGain(), 1e-12);
  }

  @Test
  void shouldStartAtStartupGainsPacingInitialWindowOverOneMillisecond() {
    assertGains(BbrState.STARTUP, 2.77, 2.0);
    assertEquals(42_547_200, bbr.pacingRateBytesPerSecond()); // 2.77 x 15 360 / 1 ms
    assertEquals(42_547, bbr.pacingQuantumBytes()); // 1 ms of the rate
    assertEquals(INFINITE, bbr.minRttMicros());
    assertEquals(INFINITE, bbr.inflightLongtermBytes());
  }

  @Test
  void shouldLeaveStartupAfterThreeRoundsWithoutTwentyFivePercentGrowth() {
    driver.bytesInFlight = 10_000_000; // stay in Drain once there
    driver.rateBytesPerSecond = 1_000_000;
    round(); // baseline 1 MB/s
    driver.rateBytesPerSecond = 1_240_000;
    rounds(2); // +24 %: two rounds without growth
    driver.rateBytesPerSecond = 1_250_000;
    round(); // +25 %: growth, new baseline
    rounds(2);
    assertEquals(BbrState.STARTUP, bbr.state());
    round(); // third flat round
    assertGains(BbrState.DRAIN, 0.5, 2.0);
    assertTrue(bbr.fullBwReached());
  }

  @Test
  void shouldLeaveDrainWhenInflightFallsToBdp() {
    driver.bytesInFlight = 10_000_000;
    driver.rateBytesPerSecond = 1_250_000;
    round();
    rounds(3);
    assertEquals(BbrState.DRAIN, bbr.state());
    driver.bytesInFlight = 125_001; // BDP = 1.25 MB/s x 100 ms = 125 000
    driver.ack();
    assertEquals(BbrState.DRAIN, bbr.state());
    driver.bytesInFlight = 125_000;
    driver.ack(); // ProbeBW_DOWN, and at once CRUISE: no inflight_longterm, inflight <= BDP
    assertGains(BbrState.PROBE_BW_CRUISE, 1.0, 2.0);
  }

  @Test
  void shouldLeaveDrainAfterThreeRoundsEvenAboveBdp() {
    driver.bytesInFlight = 10_000_000;
    round();
    rounds(3);
    assertEquals(BbrState.DRAIN, bbr.state());
    rounds(3);
    assertEquals(BbrState.DRAIN, bbr.state());
    round(); // round_count > drain_start_round + 3
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  @Test
  void shouldUseDraftGainsInEveryProbeBwPhase() {
    driveToCruise();
    assertGains(BbrState.PROBE_BW_CRUISE, 1.0, 2.0);
    driver.stepMicros = 3_000_001;
    driver.ack();
    driver.stepMicros = 14_400;
    assertGains(BbrState.PROBE_BW_REFILL, 1.0, 2.0);
    round();
    assertGains(BbrState.PROBE_BW_UP, 1.25, 2.25);
    assertEquals((long) (1.25 * 1_000_000 * 0.99), bbr.pacingRateBytesPerSecond());
  }

  @Test
  void shouldEnterProbeRttFiveSecondsAfterLastMinRttDecrease() {
    driver.appLimited = true; // stay in Startup
    driver.rateBytesPerSecond = 50_000;
    driver.ack();
    long stamp = driver.nowMicros;
    driver.stepMicros = 100_000;
    while (driver.nowMicros + driver.stepMicros < stamp + 5_000_000) {
      driver.ack(); // the same RTT is not a new minimum
    }
    driver.stepMicros = stamp + 5_000_000 - driver.nowMicros;
    driver.ack();
    assertEquals(BbrState.STARTUP, bbr.state());
    driver.stepMicros = 1;
    driver.ack();
    assertGains(BbrState.PROBE_RTT, 1.0, 0.5);
    // max(0.5 x 50 kB/s x 100 ms, 4 MTU)
    assertEquals(4 * MTU, bbr.congestionWindowBytes());
  }

  @Test
  void shouldHoldProbeRttTwoHundredMillisecondsAndOneRound() {
    driver.appLimited = true;
    driver.rateBytesPerSecond = 50_000;
    driver.ack();
    driver.stepMicros = 5_000_001;
    driver.ack();
    assertEquals(BbrState.PROBE_RTT, bbr.state());
    driver.stepMicros = 1_000;
    driver.bytesInFlight = 4 * MTU + 1;
    driver.ack(); // above the ProbeRTT window: the 200 ms have not started
    driver.bytesInFlight = 4 * MTU;
    driver.ack();
    long doneAfter = driver.nowMicros + 200_000;
    round();
    round();
    assertEquals(BbrState.PROBE_RTT, bbr.state()); // rounds done, 200 ms not
    driver.stepMicros = doneAfter - driver.nowMicros;
    driver.ack();
    assertEquals(BbrState.PROBE_RTT, bbr.state()); // exactly 200 ms: not after
    driver.stepMicros = 1;
    driver.ack();
    assertEquals(BbrState.STARTUP, bbr.state()); // the pipe was never filled
  }

  @Test
  void shouldCutInflightLongtermToBetaTimesTargetWhenProbeLosesTooMuch() {
    driveToCruise();
    cruiseToUp();
    assertEquals(100_000, bbr.bdpBytes());
    assertTrue(bbr.congestionWindowBytes() >= 100_000);
    lose(10_000, 5_000); // tx 11 440, 5 000 lost: the crossing point is lower than 0.7 x target
    assertEquals(70_000, bbr.inflightLongtermBytes());
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
    assertTrue(bbr.prevProbeTooHigh());
  }

  @Test
  void shouldCutInflightLongtermToLossCrossingPoint() {
    driveToCruise();
    cruiseToUp();
    lose(100_000, 6_440); // 100 000 + (0.02 x 100 000 - 5 000) / 0.98
    assertEquals(96_938, bbr.inflightLongtermBytes());
    assertEquals(BbrState.PROBE_BW_DOWN, bbr.state());
  }

  @Test
  void shouldKeepInflightLongtermWhenLossUnderTwoPercent() {
    driveToCruise();
    cruiseToUp();
    lose(100_000, 2_000); // 2 000 of 101 440 is under 2 %
    assertEquals(BbrState.PROBE_BW_UP, bbr.state());
  }

  @Test
  void shouldProbeAfterRenoRoundsWhenBdpIsSmall() {
    driver.rateBytesPerSecond = 144_000; // BDP 14 400 bytes: 10 packets, so 10 rounds
    driver.bytesInFlight = 10_000;
    driver.txInFlightBytes = 10_000;
    round();
    rounds(3);
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
    long drawn = bbr.roundsSinceProbeUp(); // 0 or 1, drawn at the DOWN entry
    rounds((int) (9 - drawn));
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
    round(); // ten rounds since the probe: min(BDP / MTU, 63) = 10
    assertEquals(BbrState.PROBE_BW_REFILL, bbr.state());
  }

  @Test
  void shouldLowerShortTermModelAtEndOfLossyRoundInCruise() {
    driveToCruise();
    driver.rateBytesPerSecond = 600_000;
    driver.deliveredSinceSentBytes = 40_000;
    rounds(6);
    long cwnd = bbr.congestionWindowBytes();
    driver.loseThenAck(50_000);
    round();
    assertEquals(BbrState.PROBE_BW_CRUISE, bbr.state());
    assertEquals(700_000, bbr.bwShorttermBytesPerSecond()); // max(600 000, 0.7 x 1 000 000)
    assertEquals(Math.max(40_000, (long) (0.7 * cwnd)), bbr.inflightShorttermBytes());
  }

  private void lose(long inflightBeforeBytes, long lostBytes) {
    driver.loss.set(
        9_999,
        driver.nowMicros,
        MTU,
        LossTrigger.ACK_THRESHOLD,
        inflightBeforeBytes,
        0,
        lostBytes,
        false,
        false);
    bbr.onPacketLost(driver.nowMicros, driver.loss);
  }
}

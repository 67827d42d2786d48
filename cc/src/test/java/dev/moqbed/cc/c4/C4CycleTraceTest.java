package dev.moqbed.cc.c4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Scripted traces through a full cycle, Initial → Recovery → Cruising → Probing → Recovery →
 * Pushing → Recovery, asserting state, nominal rate, max RTT, cwnd and pacing rate at every step.
 * The expected numbers are worked out by hand from the formulas in docs/cc/c4.md (comments show the
 * arithmetic). Path: MTU 1440, smoothed RTT 50 ms, peak delivery rate 12 MB/s.
 */
class C4CycleTraceTest {

  private static void expect(
      C4Script script, C4State state, long rate, long maxRtt, long cwnd, long pacing) {
    C4Controller c4 = script.c4;
    assertEquals(state, c4.state(), "state");
    assertEquals(rate, c4.nominalRateBytesPerSecond(), "nominal rate");
    assertEquals(maxRtt, c4.nominalMaxRttMicros(), "max RTT");
    assertEquals(cwnd, c4.congestionWindowBytes(), "cwnd");
    assertEquals(pacing, c4.pacingRateBytesPerSecond(), "pacing rate");
  }

  /** The steps shared by both variants from the first ACK on; they differ only where noted. */
  private static void runCycle(C4Script script, C4Variant variant) {
    boolean v5 = variant == C4Variant.V5;

    // 2. First ACK: R = 4 MB/s; Reno growth takes the Initial window to 400,000 bytes.
    //    Pacing 2R = 8 MB/s, blended halfway to the 12 MB/s peak: 10 MB/s.
    script.path.peakDeliveryRateBytesPerSecond(12_000_000);
    script.ackedBytes = 400_000 - 15_360;
    script.ack(4_000_000);
    script.ackedBytes = 0;
    expect(script, C4State.INITIAL, 4_000_000, 50_000, 400_000, 10_000_000);
    assertEquals(3_466, script.c4.delayThresholdMicros()); // s = 983, 71/1024 x 50 ms

    // 3. The first era grew (from no rate at all); three more do not: Initial ends.
    script.endEra(4_000_000);
    script.endEra(4_000_000).endEra(4_000_000);
    expect(script, C4State.INITIAL, 4_000_000, 50_000, 400_000, 10_000_000);
    script.endEra(4_000_000);
    // M = (400,000 / 2) / 4 MB/s = 50 ms; margin M/4 = 12.5 ms.
    if (v5) {
      // Draining: 896/1024 x 4 MB/s = 3,500,000; cwnd 175,000 + 43,750.
      expect(script, C4State.RECOVERY, 4_000_000, 50_000, 218_750, 3_500_000);
    } else {
      // 960/1024 x 4 MB/s = 3,750,000; cwnd 187,500 + 46,875.
      expect(script, C4State.RECOVERY, 4_000_000, 50_000, 234_375, 3_750_000);
    }

    // 4. Recovery era ends without growth: Cruising at R; cwnd 200,000 + 50,000.
    script.endEra(4_000_000);
    expect(script, C4State.CRUISING, 4_000_000, 50_000, 250_000, 4_000_000);

    // 5. A Cruising era with 60 ms RTTs raises M at once; the margin is now 15 ms.
    //    (Delay is not congestion here: the acknowledged traffic was sent at 960/1024.)
    script.rtt(60_000).endEra(4_000_000);
    expect(script, C4State.CRUISING, 4_000_000, 60_000, 300_000, 4_000_000);
    assertEquals(4_160, script.c4.delayThresholdMicros());
    assertEquals(51_250, script.c4.runningMinRttMicros()); // (7 x 50,000 + 60,000) / 8

    // 6. Second Cruising era: M decays by (7M + 60,000)/8 = M; Probing at 1088/1024.
    //    Pacing 4,250,000; cwnd 255,000 + 63,750.
    script.rtt(60_000).endEra(4_000_000);
    expect(script, C4State.PROBING, 4_000_000, 60_000, 318_750, 4_250_000);

    // 7. The probe lifts the delivery rate to 4.4 MB/s: pacing 4,675,000, cwnd 280,500 + 70,125.
    script.rtt(60_000).ack(4_400_000);
    expect(script, C4State.PROBING, 4_400_000, 60_000, 350_625, 4_675_000);

    // 8. End of the probe era: Recovery at 960/1024 (the rise cleared V5's drain flag).
    //    Pacing 4,125,000; cwnd 247,500 + 61,875.
    script.rtt(60_000).endEra(4_400_000);
    expect(script, C4State.RECOVERY, 4_400_000, 60_000, 309_375, 4_125_000);

    // 9. The probe succeeded (rate rose, no congestion): probe level 2, Pushing at 1256/1024.
    //    Pacing 5,396,875; cwnd 323,812 + 80,953.
    script.rtt(60_000).endEra(4_400_000);
    expect(script, C4State.PUSHING, 4_400_000, 60_000, 404_765, 5_396_875);
    assertEquals(2, script.c4.probeLevel());

    // 10. The push era brings no growth: back to Recovery.
    script.rtt(60_000).endEra(4_400_000);
    expect(script, C4State.RECOVERY, 4_400_000, 60_000, 309_375, 4_125_000);
  }

  @Test
  void shouldFollowFullCycleWhenDraft04CodeRuns() {
    C4Script script = new C4Script(C4Variant.V4, 50_000);
    // 0. Created: no rate, no max RTT, the 15,360-byte initial window, no pacing rate.
    expect(script, C4State.INITIAL, 0, 0, 15_360, 0);
    // 1. First RTT sample: M = 50 ms; threshold 260/1024 x M at zero sensitivity.
    script.rtt(50_000);
    expect(script, C4State.INITIAL, 0, 50_000, 15_360, 0);
    assertEquals(12_695, script.c4.delayThresholdMicros());
    runCycle(script, C4Variant.V4);
  }

  @Test
  void shouldFollowFullCycleWhenPostDraft04CodeRuns() {
    C4Script script = new C4Script(C4Variant.V5, 50_000);
    // 0. V5 takes M from the smoothed RTT as it enters Initial; no threshold yet.
    expect(script, C4State.INITIAL, 0, 50_000, 15_360, 0);
    script.rtt(50_000);
    expect(script, C4State.INITIAL, 0, 50_000, 15_360, 0);
    assertEquals(0, script.c4.delayThresholdMicros());
    runCycle(script, C4Variant.V5);
  }
}

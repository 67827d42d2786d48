package dev.moqbed.cc.c4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Where the draft-04 code (V4) and the draft-5 code (V5 and V5_SHORT_RTT, PR 2177) part ways: the
 * five toggles of the research note §11.3, each checked for both draft-5 variants. Trimming (toggle
 * 1) and the draining alpha after Initial (toggle 2) are also checked side by side in {@link
 * C4BehaviouralChecksTest}, and what V5_SHORT_RTT changes below 1 ms in {@link C4ShortRttTest}.
 */
class C4VariantDifferencesTest {

  @ParameterizedTest
  @EnumSource(
      value = C4Variant.class,
      names = {"V5", "V5_SHORT_RTT"})
  void shouldSeedMaxRttFromSmoothedRttOnlyWhenPostDraft04(C4Variant draft5) {
    assertEquals(0, new C4Script(C4Variant.V4, 120_000).c4.nominalMaxRttMicros());
    assertEquals(120_000, new C4Script(draft5, 120_000).c4.nominalMaxRttMicros());
    // V5 keeps that value on the first sample; V4 takes the sample.
    assertEquals(120_000, new C4Script(draft5, 120_000).rtt(30_000).c4.nominalMaxRttMicros());
    assertEquals(30_000, new C4Script(C4Variant.V4, 120_000).rtt(30_000).c4.nominalMaxRttMicros());
  }

  @ParameterizedTest
  @EnumSource(
      value = C4Variant.class,
      names = {"V5", "V5_SHORT_RTT"})
  void shouldRatchetInitialWindowToComputedWindowOnlyWhenDraft04(C4Variant draft5) {
    C4Script v4 = new C4Script(C4Variant.V4, 50_000).rtt(50_000).ack(4_000_000);
    C4Script v5 = new C4Script(draft5, 50_000).rtt(50_000).ack(4_000_000);
    // cwnd 2R x M = 400,000 in both; only V4 copies it into the Initial window.
    assertEquals(400_000, v4.c4.congestionWindowBytes());
    assertEquals(400_000, v5.c4.congestionWindowBytes());
    assertEquals(400_000, v4.c4.initialWindowBytes());
    assertEquals(15_360, v5.c4.initialWindowBytes());
  }

  /**
   * Cruising at 500 kB/s, 30 ms, then one era whose RTT reaches 200 ms: M jumps to 200 ms, the
   * running min drifts to 51,250 µs, and 5 x 51,250 < 2 x 200,000 looks like a jittery path on
   * which Initial ended too early.
   */
  private static C4Script jitteryCruising(C4Variant variant, long smoothedRttMicros) {
    C4Script script = new C4Script(variant, smoothedRttMicros).toCruising(500_000, 30_000);
    script.rtt(200_000).endEra(500_000);
    return script;
  }

  @Test
  void shouldReenterInitialAtOnceOnHighJitterWhenDraft04() {
    C4Script script = new C4Script(C4Variant.V4).toCruising(500_000, 30_000);
    assertEquals(18_750, script.c4.congestionWindowBytes());
    script.rtt(200_000).endEra(500_000);
    assertEquals(C4State.INITIAL, script.c4.state());
    assertEquals(200_000, script.c4.nominalMaxRttMicros());
    assertEquals(51_250, script.c4.runningMinRttMicros());
    // Toggle 4, V4: the Initial window restarts from the 18,750-byte window in force, and the
    // ratchet of the same ACK lifts it to 2R x M = 1 MB/s x 200 ms.
    assertEquals(200_000, script.c4.initialWindowBytes());
  }

  @ParameterizedTest
  @EnumSource(
      value = C4Variant.class,
      names = {"V5", "V5_SHORT_RTT"})
  void shouldWaitOneSecondAfterRecoveryExitBeforeReenteringInitialWhenPostDraft04(
      C4Variant draft5) {
    C4Script script = jitteryCruising(draft5, 120_000); // Recovery ended at t = 1 s
    assertEquals(C4State.CRUISING, script.c4.state());
    assertEquals(200_000, script.c4.nominalMaxRttMicros());

    script.at(2_000_000).rtt(200_000).endEra(500_000); // exactly 1 s later: not yet
    assertEquals(C4State.PROBING, script.c4.state());
    script.at(2_000_001).rtt(200_000).endEra(500_000);
    assertEquals(C4State.INITIAL, script.c4.state());
    // Toggle 4, V5: M restarts from the smoothed RTT, the Initial window from R x srtt.
    assertEquals(120_000, script.c4.nominalMaxRttMicros());
    assertEquals(60_000, script.c4.initialWindowBytes());
  }

  /**
   * From the re-entered Initial: three stalled eras, then eras 1.1 s apart with 300 ms RTTs (the
   * running min has drifted up to about 70 ms, so the jitter must be larger this time).
   */
  private static C4State afterSecondJitterEpisode(C4Script script) {
    for (int era = 0; era < 3; era++) {
      script.rtt(200_000).endEra(500_000);
    }
    assertEquals(C4State.RECOVERY, script.c4.state());
    for (int era = 0; era < 6; era++) {
      script.at(script.nowMicros + 1_100_000).rtt(300_000).endEra(500_000);
      if (script.c4.state() == C4State.INITIAL) {
        break;
      }
    }
    return script.c4.state();
  }

  @Test
  void shouldReenterInitialOnHighJitterOnlyOnceWhenDraft04() {
    C4Script script = jitteryCruising(C4Variant.V4, 250_000);
    assertEquals(C4State.INITIAL, script.c4.state());
    assertNotEquals(C4State.INITIAL, afterSecondJitterEpisode(script));
  }

  @ParameterizedTest
  @EnumSource(
      value = C4Variant.class,
      names = {"V5", "V5_SHORT_RTT"})
  void shouldReenterInitialOnHighJitterAgainWhenPostDraft04(C4Variant draft5) {
    C4Script script = jitteryCruising(draft5, 200_000);
    script.at(2_000_001).rtt(200_000).endEra(500_000);
    assertEquals(C4State.INITIAL, script.c4.state());
    assertEquals(C4State.INITIAL, afterSecondJitterEpisode(script));
  }

  @ParameterizedTest
  @EnumSource(
      value = C4Variant.class,
      names = {"V5", "V5_SHORT_RTT"})
  void shouldClearCongestionCountAfterPersistentCongestionOnlyWhenPostDraft04(C4Variant draft5) {
    assertEquals(2, persistentlyCongested(C4Variant.V4).c4.recentCongestions());
    assertEquals(0, persistentlyCongested(draft5).c4.recentCongestions());
  }

  /** As check 12.17: two congested Recovery exits in a row, the second one resets R to 10 MB/s. */
  private static C4Script persistentlyCongested(C4Variant variant) {
    C4Script script = new C4Script(variant, 80_000).toCruising(20_000_000, 80_000);
    script.loss(script.freshPacketNumber());
    script.rtt(80_000).endEra(10_000_000);
    script.rtt(80_000).ack(10_000_000);
    script.loss(script.freshPacketNumber());
    script.rtt(80_000).endEra(10_000_000);
    assertEquals(10_000_000, script.c4.nominalRateBytesPerSecond());
    return script;
  }

  @Test
  void shouldParseVariantOptionValues() {
    assertEquals(C4Variant.V5, C4Variant.fromOptionValue("v5"));
    assertEquals(C4Variant.V4, C4Variant.fromOptionValue("v4"));
    assertEquals(C4Variant.V5_SHORT_RTT, C4Variant.fromOptionValue("v5-short-rtt"));
  }
}

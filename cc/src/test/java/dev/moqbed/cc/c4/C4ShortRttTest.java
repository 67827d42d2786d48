package dev.moqbed.cc.c4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rule of picoquic PRs 2193 and 2194 that {@link C4Variant#V5_SHORT_RTT} adds to the draft-5
 * code: below 1 ms of smoothed RTT, no trimming and no draining; at 1 ms and above, nothing
 * changes.
 */
class C4ShortRttTest {

  /**
   * As check 12.21: Cruising at 1.2 MB/s while the path delivers 1 MB/s, a probe, its Recovery; the
   * smoothed RTT is {@code smoothedRttMicros} when the Recovery ends.
   */
  private static C4Script afterQuietProbe(C4Variant variant, long smoothedRttMicros) {
    C4Script script = new C4Script(variant, 30_000).toCruising(1_200_000, 30_000);
    script.toProbing(1_000_000, 30_000);
    script.rtt(30_000).endEra(1_000_000);
    assertEquals(C4State.RECOVERY, script.c4.state());
    assertEquals(1_000_000, script.c4.recentMaximumRateBytesPerSecond());
    script.path.smoothedRttMicros(smoothedRttMicros); // what the transport reads at the exit
    script.rtt(30_000).endEra(1_000_000);
    assertEquals(C4State.CRUISING, script.c4.state());
    return script;
  }

  @Test
  void shouldKeepRateAtQuietRecoveryExitWhenSmoothedRttIsBelowOneMillisecond() {
    assertEquals(
        1_200_000, afterQuietProbe(C4Variant.V5_SHORT_RTT, 999).c4.nominalRateBytesPerSecond());
    assertEquals(1_100_000, afterQuietProbe(C4Variant.V5, 999).c4.nominalRateBytesPerSecond());
  }

  @ParameterizedTest
  @ValueSource(longs = {1_000, 30_000})
  void shouldTrimRateAtQuietRecoveryExitWhenSmoothedRttIsOneMillisecondOrMore(long srttMicros) {
    assertEquals(
        1_100_000,
        afterQuietProbe(C4Variant.V5_SHORT_RTT, srttMicros).c4.nominalRateBytesPerSecond());
  }

  /**
   * As check 12.22 on a loopback-like path: Cruising at 20 MB/s with 500 µs RTTs, where the max RTT
   * sits at its 1 ms floor; the first Cruising era end decays it (by nothing, at the floor) and so
   * asks for draining.
   */
  private static C4Script drainRequestedInCruising(C4Variant variant) {
    C4Script script = new C4Script(variant, 500).toCruising(20_000_000, 500);
    assertEquals(C4State.CRUISING, script.c4.state());
    assertEquals(1_000, script.c4.nominalMaxRttMicros());
    script.rtt(500).endEra(20_000_000);
    assertTrue(script.c4.drainRequired());
    return script;
  }

  @Test
  void shouldRecoverAtFifteenSixteenthsWhenDrainIsAskedBelowOneMillisecond() {
    C4Script script = drainRequestedInCruising(C4Variant.V5_SHORT_RTT);
    script.loss(script.freshPacketNumber());
    assertEquals(C4State.RECOVERY, script.c4.state());
    assertEquals(960, script.c4.alphaCurrent1024());
    assertTrue(script.c4.drainRequired()); // the request stands; only the action waits

    script = drainRequestedInCruising(C4Variant.V5);
    script.loss(script.freshPacketNumber());
    assertEquals(896, script.c4.alphaCurrent1024());
  }

  @Test
  void shouldDrainOnceQueuesPushSmoothedRttToOneMillisecond() {
    C4Script script = drainRequestedInCruising(C4Variant.V5_SHORT_RTT);
    script.path.smoothedRttMicros(1_000);
    script.loss(script.freshPacketNumber());
    assertEquals(896, script.c4.alphaCurrent1024());
  }

  /** The same seeded random events, ACKs, losses and CE marks, for V5 and V5_SHORT_RTT. */
  private static int divergentEvents(long smoothedRttMicros, long seed) {
    C4Script v5 = new C4Script(C4Variant.V5, smoothedRttMicros);
    C4Script shortRtt = new C4Script(C4Variant.V5_SHORT_RTT, smoothedRttMicros);
    SplittableRandom random = new SplittableRandom(seed);
    long linkRate = 2_000_000 + random.nextLong(0, 200_000_000);
    int divergent = 0;
    for (int event = 0; event < 3_000; event++) {
      long rtt = smoothedRttMicros / 2 + random.nextLong(0, smoothedRttMicros + 1);
      long rate = (long) (linkRate * (0.8 + 0.4 * random.nextDouble()));
      int kind = random.nextInt(100);
      boolean endsEra = random.nextInt(3) == 0;
      for (C4Script script : new C4Script[] {v5, shortRtt}) {
        script.at(script.nowMicros + rtt / 4 + 1);
        if (kind < 40) {
          script.rtt(rtt);
        } else if (kind < 96) {
          script.rtt(rtt).ack(rate, endsEra);
        } else if (kind < 99) {
          script.loss(script.freshPacketNumber());
        } else {
          script.ecn(10, 10);
        }
      }
      if (!Snapshot.of(v5.c4).equals(Snapshot.of(shortRtt.c4))) {
        divergent++;
      }
    }
    return divergent;
  }

  @ParameterizedTest
  @ValueSource(longs = {1_000, 2_000, 40_000})
  void shouldBehaveAsReferenceCodeWhenSmoothedRttIsOneMillisecondOrMore(long srttMicros) {
    for (long seed = 1; seed <= 5; seed++) {
      assertEquals(0, divergentEvents(srttMicros, seed), "seed " + seed);
    }
  }

  @Test
  void shouldDepartFromReferenceCodeWhenSmoothedRttIsBelowOneMillisecond() {
    int divergent = 0;
    for (long seed = 1; seed <= 5; seed++) {
      divergent += divergentEvents(400, seed);
    }
    assertFalse(divergent == 0, "no event sequence reached a trim or a drain");
  }
}

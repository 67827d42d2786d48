package dev.moqbed.live.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.fanout.CpuSet;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.relay.RelayConfig;
import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bench's arithmetic over rounds, and the options it refuses. */
class AttackBenchRowTest {
  @Test
  void aPhaseTakesNearestRankPercentilesOfItsFrames() {
    long[] latencies = new long[200];
    for (int i = 0; i < latencies.length; i++) {
      latencies[i] = 200 - i; // arrival order is not latency order
    }
    AttackBench.Phase phase = AttackBench.Phase.of(latencies, 250, 7, 1.5);
    assertEquals(100, phase.p50Micros());
    assertEquals(198, phase.p99Micros());
    assertEquals(80.0, phase.deliveredPercent(), 1e-9);
    assertEquals(200, latencies[0], "the caller's array is left as it was");
  }

  @Test
  void theRowReportsTheSlowestNewcomerAndTheFirstFailure() {
    AttackBench.Phase quiet = AttackBench.Phase.of(new long[] {1_000}, 1, 0, 0);
    AttackBench.Phase attacked = AttackBench.Phase.of(new long[] {3_000}, 1, 0, 0);
    AttackBench.Round fast = new AttackBench.Round(quiet, attacked, 20_000, null);
    AttackBench.Round slow = new AttackBench.Round(quiet, attacked, 90_000, null);
    AttackBench.Round none = new AttackBench.Round(quiet, attacked, -1, "relay full");
    assertEquals(90_000, row(List.of(fast, slow)).newcomerMicros());
    assertNull(row(List.of(fast, slow)).newcomerFailure());
    assertEquals(-1, row(List.of(fast, none, slow)).newcomerMicros());
    assertEquals("relay full", row(List.of(fast, none, slow)).newcomerFailure());
    assertEquals(3.0, fast.p99Ratio(), 1e-9);
    assertEquals(3.0, row(List.of(fast)).p99Ratio(), 1e-9);
    AttackBench.Phase silent = AttackBench.Phase.of(new long[0], 1, 0, 0);
    assertEquals(
        Double.POSITIVE_INFINITY, new AttackBench.Round(quiet, silent, -1, "x").p99Ratio());
    assertTrue(Double.isNaN(new AttackBench.Round(silent, attacked, 1, null).p99Ratio()));
  }

  @Test
  void pooledPhasesKeepEveryFrameAndTheMeanJitAndGcTimePerPhase() {
    PooledPhases pooled = new PooledPhases();
    pooled.add(new long[] {1_000, 2_000}, phaseWith(new JvmWork(100, 10)));
    pooled.add(new long[] {3_000}, phaseWith(new JvmWork(300, 30)));
    AttackBench.Phase both = pooled.pooled();
    assertEquals(new JvmWork(200, 20), both.jvm());
    assertEquals(3, both.audioDelivered());
    pooled.add(new long[] {4_000}, phaseWith(new JvmWork(-1, 0)));
    assertEquals(-1, pooled.pooled().jvm().compileMillis(), "unknown once any phase is unknown");
  }

  @Test
  void theJvmsWorkSinceAnEarlierReadingIsTheDifference() {
    JvmWork now = JvmWork.sinceStart();
    assertTrue(now.gcMillis() >= 0);
    assertEquals(new JvmWork(5, 2), new JvmWork(15, 7).since(new JvmWork(10, 5)));
    assertEquals(-1, new JvmWork(15, 7).since(new JvmWork(-1, 5)).compileMillis());
  }

  private static AttackBench.Phase phaseWith(JvmWork jvm) {
    return AttackBench.Phase.of(new long[] {1_000}, 1, 0, 0, -1, jvm);
  }

  @Test
  void optionsRefuseNoRoundsAndAPinnedAttackerOnAThreadOfThisProcess() throws Exception {
    assertThrows(IllegalArgumentException.class, () -> options(0, List.of("java"), null));
    IllegalArgumentException pinned =
        assertThrows(IllegalArgumentException.class, () -> options(1, List.of(), new CpuSet("0")));
    assertTrue(pinned.getMessage().contains("--in-process"), pinned.getMessage());
    assertEquals(2, options(2, List.of("java"), new CpuSet("0")).rounds());
  }

  private static AttackBench.Row row(List<AttackBench.Round> rounds) {
    AttackBench.Phase phase = rounds.get(0).quiet();
    return new AttackBench.Row(
        "pings", "", 20, rounds, phase, rounds.get(0).attacked(), 0, 0, 0, 0, 0);
  }

  private static AttackBench.Options options(int rounds, List<String> agent, CpuSet attackerCpus)
      throws Exception {
    return new AttackBench.Options(
        List.of("pings"),
        0,
        2_000_000,
        0,
        0,
        InetAddress.getByName("127.0.0.3"),
        RelayConfig.DEFAULT,
        agent,
        LiveStack.of(LiveTransport.MOQBED, "c4"),
        line -> {},
        line -> {},
        rounds,
        0,
        0,
        null,
        attackerCpus,
        0,
        false);
  }
}

package dev.moqbed.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Runs of a scenario without jitter, with and without picoquic's packet-number holes, and with BBR
 * seeded as picoquic or per run.
 */
class RunVariationTest {
  private final ScenarioCatalog catalog = ScenarioCatalog.standard();

  private RunRecord run(String scenario, String cc, int run, PacketNumberHoleMode holes) {
    return ScenarioSimulation.run(
        catalog.resolve(scenario, cc), run, 1, new RunVariation(holes, ControllerSeeding.RUN));
  }

  @Test
  void shouldRepeatTheSameRunEveryTimeWithoutJitterWhenTheHolesAreOff() {
    // vs_cubic and alone_200 have no jitter: without holes (and BBR seeded per run, which neither
    // uses) nothing differs between runs, so every figure of runs.csv is the same, bit for bit,
    // as before moqbed modelled the holes.
    for (String[] job : new String[][] {{"vs_cubic", "cubic"}, {"alone_200", "c4"}}) {
      RunRecord first = run(job[0], job[1], 0, PacketNumberHoleMode.OFF);
      for (int run : new int[] {5, 9}) {
        RunRecord other = run(job[0], job[1], run, PacketNumberHoleMode.OFF);
        assertEquals(first.completionTimeMicros(), other.completionTimeMicros(), job[0]);
        assertEquals(first.rttAverageMicros(), other.rttAverageMicros(), job[0]);
        assertEquals(first.rttStandardDeviationMicros(), other.rttStandardDeviationMicros());
        assertEquals(first.load(), other.load(), job[0]);
        assertEquals(first.extra().get("main_bytes_sent"), other.extra().get("main_bytes_sent"));
        assertEquals(first.extra().get("events"), other.extra().get("events"), job[0]);
      }
    }
  }

  @Test
  void shouldVaryRunsWithoutJitterWhenTheHolesAreOn() {
    Set<Long> completions = new HashSet<>();
    for (int run = 0; run < 4; run++) {
      completions.add(
          run("vs_cubic", "cubic", run, PacketNumberHoleMode.PICOQUIC).completionTimeMicros());
    }
    assertTrue(completions.size() > 1, "completion times " + completions);
  }

  @Test
  void shouldRepeatARunWithHolesBitForBit() {
    assertEquals(
        run("vs_c4", "c4", 3, PacketNumberHoleMode.PICOQUIC),
        run("vs_c4", "c4", 3, PacketNumberHoleMode.PICOQUIC));
    assertNotEquals(
        run("vs_c4", "c4", 3, PacketNumberHoleMode.PICOQUIC),
        run("vs_c4", "c4", 3, PacketNumberHoleMode.OFF));
  }

  @Test
  void shouldDrawTheSameBbrNumbersInEveryRunWithoutJitterWhenSeededFromTheClock() {
    // vs_bbr: the background is BBR, whose only randomness is its probe schedule. picoquic seeds
    // it from the time BBR is set up, which does not move between runs on a link without jitter.
    RunVariation clock = new RunVariation(PacketNumberHoleMode.OFF, ControllerSeeding.CLOCK);
    RunVariation perRun = new RunVariation(PacketNumberHoleMode.OFF, ControllerSeeding.RUN);
    Set<Long> clockTimes = new HashSet<>();
    Set<Long> perRunTimes = new HashSet<>();
    for (int run = 0; run < 3; run++) {
      clockTimes.add(
          ScenarioSimulation.run(catalog.resolve("vs_bbr", "c4"), run, 1, clock)
              .completionTimeMicros());
      perRunTimes.add(
          ScenarioSimulation.run(catalog.resolve("vs_bbr", "c4"), run, 1, perRun)
              .completionTimeMicros());
    }
    assertEquals(1, clockTimes.size(), "clock-seeded " + clockTimes);
    assertTrue(perRunTimes.size() > 1, "run-seeded " + perRunTimes);
    assertEquals(ControllerSeeding.CLOCK, ControllerSeeding.ofLabel("clock"));
    assertThrows(IllegalArgumentException.class, () -> ControllerSeeding.ofLabel("time"));
  }

  @Test
  void shouldNameTheModesAsTheCommandLineAndSweepJsonDo() {
    assertEquals(PacketNumberHoleMode.PICOQUIC, PacketNumberHoleMode.ofLabel("picoquic"));
    assertEquals(PacketNumberHoleMode.OFF, PacketNumberHoleMode.ofLabel("off"));
    assertThrows(IllegalArgumentException.class, () -> PacketNumberHoleMode.ofLabel("on"));
    assertEquals(PacketNumberHoleMode.PICOQUIC, PacketNumberHoleMode.DEFAULT);
  }

  @Test
  void shouldConfirmTheClientsHandshakeInsideTheAckUnlessAskedForHandshakeDone() {
    // wifi_bad_bbr run 0: picoquic's ready transition moves the background client's first ACK
    // from 19,607 to 18,870 us (docs/results/wifi-tails-2026-12-07.md §5), and so the run.
    RunVariation asDefault = RunVariation.DEFAULT;
    RunVariation onDone =
        new RunVariation(
            asDefault.holes(), asDefault.controllerSeeding(), 0, ClientReadyMode.HANDSHAKE_DONE);
    RunRecord defaultRun =
        ScenarioSimulation.run(catalog.resolve("wifi_bad_bbr", "cubic"), 0, 1, asDefault);
    assertEquals(
        defaultRun,
        ScenarioSimulation.run(
            catalog.resolve("wifi_bad_bbr", "cubic"),
            0,
            1,
            new RunVariation(
                asDefault.holes(), asDefault.controllerSeeding(), 0, ClientReadyMode.PICOQUIC)));
    assertNotEquals(
        defaultRun, ScenarioSimulation.run(catalog.resolve("wifi_bad_bbr", "cubic"), 0, 1, onDone));
    assertEquals(ClientReadyMode.PICOQUIC, ClientReadyMode.DEFAULT);
    assertEquals(ClientReadyMode.PICOQUIC, RunVariation.PICOQUIC.clientReady());
    assertEquals(ClientReadyMode.HANDSHAKE_DONE, RunVariation.BEFORE_HOLES.clientReady());
    assertEquals(ClientReadyMode.PICOQUIC, ClientReadyMode.ofLabel("picoquic"));
    assertThrows(IllegalArgumentException.class, () -> ClientReadyMode.ofLabel("ready"));
  }
}

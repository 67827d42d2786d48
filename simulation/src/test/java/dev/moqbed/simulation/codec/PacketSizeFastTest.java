package dev.moqbed.simulation.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.simulation.EcnMarking;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.simulation.ScenarioSimulation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The size check of issue 17 on a few draft scenarios, in the normal build: every datagram of the
 * run encodes to exactly the model's size and decodes to the packets sent. {@link
 * PacketSizeAllScenariosTest} runs every scenario.
 */
class PacketSizeFastTest {
  /** A bulk transfer, one with background flows, a lossy one with timeouts, and media. */
  private static final List<String> SCENARIOS =
      List.of("alone_200", "vs_cubic", "blackhole", "media");

  @Test
  void everyDatagramOfAFewScenariosEncodesToItsModelledSize() {
    ScenarioRuns runs = new ScenarioRuns();
    for (String scenario : SCENARIOS) {
      for (String controller : ScenarioRuns.CONTROLLERS) {
        runs.run(scenario, controller, 1);
      }
    }
    System.out.println("packet size check: " + runs.total);
    runs.total.assertEverySizeEqual();
  }

  @Test
  void observingTheSentDatagramsChangesNoResult() {
    ResolvedScenario resolved = ScenarioCatalog.standard().resolve("vs_cubic", "c4");
    ScenarioSimulation simulation =
        new ScenarioSimulation(
            resolved.spec(),
            ControllerRegistry.standard(),
            EcnMarking.DEFAULT,
            RunVariation.DEFAULT);
    assertEquals(
        simulation.run(ScenarioRuns.SEED, 0).record("vs_cubic", "c4", 0, ScenarioRuns.SEED),
        simulation
            .run(ScenarioRuns.SEED, 0, null, new PacketSizeCheck())
            .record("vs_cubic", "c4", 0, ScenarioRuns.SEED));
  }
}

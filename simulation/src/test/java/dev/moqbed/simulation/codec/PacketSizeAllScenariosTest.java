package dev.moqbed.simulation.codec;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.EcnMarking;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 17's proof over full runs: every draft scenario (the suite's 43) under c4, bbr and cubic,
 * two runs each, and the media scenarios once more through the MoQ chain (whose STREAM and DATAGRAM
 * frames carry real bytes), with every datagram sent encoded, sized and decoded. Prints the counts
 * per scenario group and per cause that docs/transport/wire.md reports.
 */
@Tag("slow")
class PacketSizeAllScenariosTest {
  private static final int RUNS = 2;

  @Test
  void everyDatagramOfEveryDraftScenarioEncodesToItsModelledSize() {
    ScenarioRuns runs = new ScenarioRuns();
    for (String scenario : ScenarioGroup.allScenarios()) {
      for (String controller : ScenarioRuns.CONTROLLERS) {
        runs.run(scenario, controller, RUNS);
      }
    }
    runs.byGroup.forEach(
        (group, check) -> System.out.println("group " + group.id() + ": " + check));
    System.out.println("all draft scenarios: " + runs.total);
    runs.total.assertEverySizeEqual();
  }

  @Test
  void everyDatagramOfTheMoqChainEncodesToItsModelledSize() {
    PacketSizeCheck total = new PacketSizeCheck();
    ScenarioCatalog catalog = ScenarioCatalog.standard();
    for (String scenario : ScenarioGroup.MEDIA.scenarios()) {
      for (String controller : ScenarioRuns.CONTROLLERS) {
        ResolvedScenario resolved = catalog.resolve(scenario, controller);
        PacketSizeCheck check = new PacketSizeCheck();
        new MoqChainSimulation(
                resolved.spec(),
                ControllerRegistry.standard(),
                EcnMarking.DEFAULT,
                RunVariation.DEFAULT)
            .run(ScenarioRuns.SEED, 0, check);
        total.add(check);
      }
    }
    System.out.println("moq chain, media scenarios: " + total);
    total.assertEverySizeEqual();
  }
}

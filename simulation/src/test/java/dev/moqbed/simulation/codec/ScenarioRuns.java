package dev.moqbed.simulation.codec;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.EcnMarking;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.simulation.ScenarioSimulation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs draft scenarios as a sweep does (seed 1, runs from 0) with every datagram checked. */
final class ScenarioRuns {
  static final long SEED = 1;

  private static final ScenarioCatalog CATALOG = ScenarioCatalog.standard();

  /** Per scenario group, the summed checks of its runs. */
  final Map<ScenarioGroup, PacketSizeCheck> byGroup = new LinkedHashMap<>();

  /** Per scenario and controller, the summed checks of its runs. */
  final Map<String, PacketSizeCheck> byScenario = new LinkedHashMap<>();

  final PacketSizeCheck total = new PacketSizeCheck();

  /** Runs {@code scenario} under {@code controller} {@code runs} times; returns the last record. */
  RunRecord run(String scenario, String controller, int runs) {
    ResolvedScenario resolved = CATALOG.resolve(scenario, controller);
    ScenarioSimulation simulation =
        new ScenarioSimulation(
            resolved.spec(),
            ControllerRegistry.standard(),
            EcnMarking.DEFAULT,
            RunVariation.DEFAULT);
    RunRecord last = null;
    for (int run = 0; run < runs; run++) {
      PacketSizeCheck check = new PacketSizeCheck();
      last =
          simulation.run(SEED, run, null, check).record(scenario, resolved.controller(), run, SEED);
      byGroup.computeIfAbsent(resolved.scenario().group(), g -> new PacketSizeCheck()).add(check);
      byScenario
          .computeIfAbsent(scenario + "/" + controller, s -> new PacketSizeCheck())
          .add(check);
      total.add(check);
    }
    return last;
  }

  /** The draft's algorithms, in the order the suite sweeps them. */
  static final List<String> CONTROLLERS = List.of("c4", "bbr", "cubic");
}

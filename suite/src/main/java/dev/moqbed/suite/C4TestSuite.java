package dev.moqbed.suite;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.BackgroundControllerRule;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.QlogDirectory;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.simulation.ScenarioSimulation;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import java.util.List;
import java.util.Optional;

/**
 * The suite {@code c4-test}: the 43 scenarios of draft-huitema-ccwg-c4-test-05, each resolved by
 * the {@link ScenarioCatalog} for the run's controller (the draft's own spec file for c4, bbr and
 * cubic). With the draft workload {@link ScenarioSimulation} runs them as picoquic_ns does; with
 * the MoQ workload {@link MoqChainSimulation} runs the media scenarios through the MoQ roles.
 */
public final class C4TestSuite implements SuiteDefinition {
  /** The suite's name. */
  public static final String NAME = "c4-test";

  private final ScenarioCatalog catalog = ScenarioCatalog.standard();
  private final Workload workload;

  public C4TestSuite(Workload workload) {
    this.workload = workload;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Workload workload() {
    return workload;
  }

  @Override
  public List<String> scenarios() {
    return ScenarioGroup.allScenarios();
  }

  @Override
  public Optional<String> missingFor(String scenario) {
    ScenarioGroup group = ScenarioGroup.of(scenario);
    if (group == null) {
      return Optional.of("not a scenario of " + NAME);
    }
    if (workload == Workload.MOQ && group != ScenarioGroup.MEDIA) {
      return Optional.of("media, and " + scenario + " carries none");
    }
    return Optional.empty();
  }

  @Override
  public ScenarioRunner runner() {
    return runner(RunVariation.DEFAULT);
  }

  @Override
  public ScenarioRunner runner(RunVariation variation) {
    return runner(variation, null);
  }

  @Override
  public ScenarioRunner runner(RunVariation variation, QlogDirectory qlog) {
    return runner(variation, qlog, BackgroundControllerRule.AS_FILE);
  }

  @Override
  public ScenarioRunner runner(
      RunVariation variation, QlogDirectory qlog, BackgroundControllerRule background) {
    ControllerRegistry registry = ControllerRegistry.standard();
    return (scenario, controller, run, seed) -> {
      ResolvedScenario resolved = background.apply(catalog.resolve(scenario, controller), registry);
      CompletedRun completed =
          switch (workload) {
            case DRAFT -> ScenarioSimulation.runWithFrames(resolved, run, seed, variation, qlog);
            case MOQ -> MoqChainSimulation.runWithFrames(resolved, run, seed, variation, qlog);
          };
      return BackgroundColumn.mark(completed, resolved.spec(), background);
    };
  }

  @Override
  public List<String> extraColumns() {
    return workload == Workload.MOQ
        ? MoqChainSimulation.EXTRA_COLUMNS
        : ScenarioSimulation.EXTRA_COLUMNS;
  }
}

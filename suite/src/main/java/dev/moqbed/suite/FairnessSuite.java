package dev.moqbed.suite;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.BackgroundControllerRule;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.FairnessSimulation;
import dev.moqbed.simulation.QlogDirectory;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.simulation.moq.ChainFairness;
import java.util.List;
import java.util.Optional;

/**
 * The suite {@code fairness}, beyond the draft: the eight scenarios of group {@link
 * ScenarioGroup#FAIRNESS}, a media flow under the controller of the run beside one bulk download of
 * each controller, until the bulk download has finished too. The draft workload ({@link
 * FairnessSimulation}: quicperf) or the MoQ chain ({@link ChainFairness}: publisher, relay and
 * subscriber, what {@code live run} plays on real QUIC); the rows carry {@code media_stalls} and
 * {@code bulk_completion_us} after the workload's columns.
 */
public final class FairnessSuite implements SuiteDefinition {
  /** The suite's name. */
  public static final String NAME = "fairness";

  private final ScenarioCatalog catalog = ScenarioCatalog.standard();
  private final Workload workload;

  public FairnessSuite(Workload workload) {
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
    return ScenarioGroup.FAIRNESS.scenarios();
  }

  @Override
  public Optional<String> missingFor(String scenario) {
    if (!scenarios().contains(scenario)) {
      return Optional.of("not a scenario of " + NAME);
    }
    return Optional.empty();
  }

  @Override
  public ScenarioRunner runner() {
    return runner(RunVariation.DEFAULT);
  }

  @Override
  public ScenarioRunner runner(RunVariation variation) {
    return runner(variation, BackgroundControllerRule.AS_FILE);
  }

  @Override
  public ScenarioRunner runner(
      RunVariation variation, QlogDirectory qlog, BackgroundControllerRule background) {
    if (qlog != null) {
      throw new IllegalArgumentException("suite " + NAME + " cannot write qlog");
    }
    return runner(variation, background);
  }

  private ScenarioRunner runner(RunVariation variation, BackgroundControllerRule background) {
    ControllerRegistry registry = ControllerRegistry.standard();
    return (scenario, controller, run, seed) -> {
      ResolvedScenario resolved = background.apply(catalog.resolve(scenario, controller), registry);
      CompletedRun completed =
          switch (workload) {
            case DRAFT -> FairnessSimulation.runWithFrames(resolved, run, seed, variation);
            case MOQ -> ChainFairness.runWithFrames(resolved, run, seed, variation);
          };
      return BackgroundColumn.mark(completed, resolved.spec(), background);
    };
  }

  @Override
  public List<String> extraColumns() {
    return workload == Workload.MOQ
        ? ChainFairness.EXTRA_COLUMNS
        : FairnessSimulation.EXTRA_COLUMNS;
  }
}

package dev.moqbed.scenarios.suite;

import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.scenarios.sim.RunVariation;
import dev.moqbed.scenarios.sim.ScenarioSimulation;
import java.util.List;
import java.util.Optional;

/**
 * The suite {@code c4-test}: the 43 scenarios of draft-huitema-ccwg-c4-test-05, each resolved by
 * the {@link ScenarioCatalog} for the run's controller (the draft's own spec file for c4, bbr and
 * cubic) and run by {@link ScenarioSimulation}.
 */
public final class C4TestSuite implements SuiteDefinition {
  /** The suite's name. */
  public static final String NAME = "c4-test";

  private final ScenarioCatalog catalog = ScenarioCatalog.standard();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<String> scenarios() {
    return ScenarioGroup.allScenarios();
  }

  @Override
  public Optional<String> missingFor(String scenario) {
    return ScenarioGroup.of(scenario) == null
        ? Optional.of("not a scenario of " + NAME)
        : Optional.empty();
  }

  @Override
  public ScenarioRunner runner() {
    return runner(RunVariation.DEFAULT);
  }

  @Override
  public ScenarioRunner runner(RunVariation variation) {
    return (scenario, controller, run, seed) ->
        ScenarioSimulation.run(catalog.resolve(scenario, controller), run, seed, variation);
  }

  @Override
  public List<String> extraColumns() {
    return ScenarioSimulation.EXTRA_COLUMNS;
  }
}

package dev.moqbed.suite;

import dev.moqbed.scenarios.catalog.BackgroundControllerRule;
import dev.moqbed.simulation.QlogDirectory;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.RunVariation;
import java.util.List;
import java.util.Optional;

/**
 * A named suite a sweep can run: its scenarios and the runner that makes one run of any of them.
 * This is the seam between the sweep machinery and the scenario catalogue: a suite may list
 * scenarios it cannot run yet, and says why, so that {@code moqbed sweep} refuses them by name
 * instead of running something else.
 */
public interface SuiteDefinition {

  /** The name given to {@code --suite}, e.g. {@code c4-test}. */
  String name();

  /** What the main connection carries in this suite's runs. */
  Workload workload();

  /** Every scenario of the suite, runnable or not, in the suite's order. */
  List<String> scenarios();

  /**
   * Why {@code scenario} cannot run yet (one phrase naming what is missing), or empty when it can.
   */
  Optional<String> missingFor(String scenario);

  /** Makes one run of a runnable scenario. */
  ScenarioRunner runner();

  /**
   * Makes one run of a runnable scenario with the given run-to-run variation; a suite whose runs
   * have no such choice ignores it.
   */
  default ScenarioRunner runner(RunVariation variation) {
    return runner();
  }

  /**
   * As {@link #runner(RunVariation)}, each run writing a qlog file per connection end into {@code
   * qlog} (null: none).
   *
   * @throws IllegalArgumentException when the suite's runs cannot write qlog
   */
  default ScenarioRunner runner(RunVariation variation, QlogDirectory qlog) {
    if (qlog != null) {
      throw new IllegalArgumentException("suite " + name() + " cannot write qlog");
    }
    return runner(variation);
  }

  /**
   * As {@link #runner(RunVariation, QlogDirectory)}, the background connections running the
   * controller {@code background} chooses; each row then says which in {@link BackgroundColumn}.
   *
   * @throws IllegalArgumentException when the suite cannot change its background controllers
   */
  default ScenarioRunner runner(
      RunVariation variation, QlogDirectory qlog, BackgroundControllerRule background) {
    if (!background.asFile()) {
      throw new IllegalArgumentException(
          "suite " + name() + " cannot change its background controllers (--background-cc)");
    }
    return runner(variation, qlog);
  }

  /** The columns the runner's records may fill after {@link RunRecord#COLUMNS}, in order. */
  List<String> extraColumns();

  /** As {@link #extraColumns()}, for a runner of {@code background}. */
  default List<String> extraColumns(BackgroundControllerRule background) {
    return BackgroundColumn.columns(extraColumns(), background);
  }

  /** The scenarios that can run now, in the suite's order. */
  default List<String> runnableScenarios() {
    return scenarios().stream().filter(s -> missingFor(s).isEmpty()).toList();
  }
}

package dev.moqbed.suite;

import dev.moqbed.simulation.CompletedRun;

/** Runs one scenario once: the unit of work of a sweep. Must be deterministic in its arguments. */
@FunctionalInterface
public interface ScenarioRunner {

  /**
   * @param scenario the scenario's name, e.g. {@code alone}
   * @param controller the main connection's controller spec, e.g. {@code c4}
   * @param run the run number, 0-based
   * @param seed the sweep's master seed
   * @return the run's row and, for a media scenario, its frames
   */
  CompletedRun run(String scenario, String controller, int run, long seed);
}

package dev.moqbed.suite;

import dev.moqbed.simulation.RunRecord;

/**
 * One run of a sweep: a scenario, the main connection's controller and the run number.
 *
 * @param scenario the scenario's name, e.g. {@code alone}
 * @param controller the controller spec, e.g. {@code c4} or {@code cubic:flavor=rfc}
 * @param run the run number, 0-based
 */
public record SweepJob(String scenario, String controller, int run) {

  /** The job a record answers. */
  public static SweepJob of(RunRecord record) {
    return new SweepJob(record.scenario(), record.controller(), record.run());
  }

  @Override
  public String toString() {
    return scenario + "/" + controller + "/#" + run;
  }
}

package dev.moqbed.scenarios.catalog;

import java.util.List;

/**
 * One scenario of the draft's result tables: what it tests, and where the draft's prose differs
 * from what the reference spec files actually run. The parameters themselves come from the spec
 * files ({@link ScenarioCatalog#resolve}).
 *
 * @param name the table's row name, also the spec files' suffix ({@code <algo>_<name>.txt})
 * @param group the draft's family of scenarios
 * @param draftSection the section of draft-05 that describes it
 * @param purpose what the scenario tests, in one paragraph
 * @param deviations where the draft's prose is wrong or silent and what the reference runs; empty
 *     when the prose matches the files
 */
public record Scenario(
    String name, ScenarioGroup group, String draftSection, String purpose, String deviations) {

  /** The metrics the draft reports for this scenario. */
  public List<DraftMetric> metrics() {
    return group.metrics();
  }

  /** The reference spec file of this scenario for a main algorithm of the draft. */
  public String specFileName(String algorithm) {
    return algorithm + "_" + name + ".txt";
  }
}

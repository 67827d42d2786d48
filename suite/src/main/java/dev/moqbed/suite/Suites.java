package dev.moqbed.suite;

import java.util.List;

/** The suites {@code moqbed sweep --suite} knows. */
public final class Suites {
  private Suites() {}

  /** Every suite with {@code workload}, by name. */
  public static List<SuiteDefinition> all(Workload workload) {
    return List.of(new C4TestSuite(workload), new FairnessSuite(workload));
  }

  /**
   * The suite called {@code name}, its runs carrying {@code workload}.
   *
   * @throws IllegalArgumentException naming the valid suites
   */
  public static SuiteDefinition byName(String name, Workload workload) {
    for (SuiteDefinition suite : all(workload)) {
      if (suite.name().equals(name)) {
        return suite;
      }
    }
    throw new IllegalArgumentException(
        "unknown suite '"
            + name
            + "'; valid: "
            + String.join(", ", all(workload).stream().map(SuiteDefinition::name).toList()));
  }
}

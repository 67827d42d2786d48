package dev.moqbed.scenarios.suite;

import java.util.List;

/** The suites {@code moqbed sweep --suite} knows. */
public final class Suites {
  private Suites() {}

  /** Every suite, by name. */
  public static List<SuiteDefinition> all() {
    return List.of(new C4TestSuite());
  }

  /**
   * The suite called {@code name}.
   *
   * @throws IllegalArgumentException naming the valid suites
   */
  public static SuiteDefinition byName(String name) {
    for (SuiteDefinition suite : all()) {
      if (suite.name().equals(name)) {
        return suite;
      }
    }
    throw new IllegalArgumentException(
        "unknown suite '"
            + name
            + "'; valid: "
            + String.join(", ", all().stream().map(SuiteDefinition::name).toList()));
  }
}

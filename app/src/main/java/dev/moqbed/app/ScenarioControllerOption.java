package dev.moqbed.app;

import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import picocli.CommandLine.Option;

/** {@code --cc} of the scenario commands: the main connection's controller. */
final class ScenarioControllerOption {
  @Option(
      names = "--cc",
      paramLabel = "SPEC",
      description =
          "Main connection's controller (default: c4 for a scenario of the draft, the file's own"
              + " main_cc_algo for --spec). c4, bbr and cubic use their own spec file; any other"
              + " controller uses the c4 file with the main controller replaced.")
  String controller;

  /** Whether {@code --cc} was given. */
  boolean given() {
    return controller != null;
  }

  /** The controller for a scenario of the catalogue: the one given, or c4. */
  String forScenario() {
    return given() ? controller : ScenarioCatalog.FALLBACK_ALGORITHM;
  }
}

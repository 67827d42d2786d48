package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --cc} of the scenario commands: the main connection's controller, one. Checked while the
 * command line is parsed, so a list ({@code --cc c4,bbr,cubic}, which {@code sweep} takes) is
 * refused with the command that compares controllers, before anything runs.
 */
final class ScenarioControllerOption {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  String controller;

  @Option(
      names = "--cc",
      paramLabel = "SPEC",
      description =
          "Main connection's controller (default: c4 for a scenario of the draft, the file's own"
              + " main_cc_algo for --spec). c4, bbr and cubic use their own spec file; any other"
              + " controller uses the c4 file with the main controller replaced. One controller;"
              + " 'sweep --scenarios NAME --cc c4,bbr,cubic' compares several.")
  void controller(String text) {
    if (text.contains(",")) {
      throw new ParameterException(
          command.commandLine(),
          "--cc takes one controller here, not the list '"
              + text
              + "'; to compare controllers on a scenario, sweep it: moqbed sweep --scenarios NAME"
              + " --cc "
              + text
              + " --runs 10 --out DIR");
    }
    try {
      ControllerRegistry.standard().parse(text);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(command.commandLine(), e.getMessage());
    }
    controller = text;
  }

  /** Whether {@code --cc} was given. */
  boolean given() {
    return controller != null;
  }

  /** The controller for a scenario of the catalogue: the one given, or c4. */
  String forScenario() {
    return given() ? controller : ScenarioCatalog.FALLBACK_ALGORITHM;
  }
}

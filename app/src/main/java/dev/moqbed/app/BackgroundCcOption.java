package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.BackgroundControllerRule;
import dev.moqbed.scenarios.spec.SimSpec;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --background-cc} of {@code sweep} and {@code scenario run}: which controller the
 * background connections run ({@link BackgroundControllerRule}). Checked while the command line is
 * parsed, so a bad value stops the command before any run.
 */
final class BackgroundCcOption {
  @Option(
      names = "--background-cc",
      paramLabel = "file|same|SPEC",
      defaultValue = BackgroundControllerRule.FILE,
      converter = RuleConverter.class,
      description =
          "Controller of the background connections: file (the one the spec file names,"
              + " default), same (a background of the main controller's family runs the main"
              + " controller: c4:variant=v4 against a v4 background in vs_c4, the file's Cubic in"
              + " vs_cubic) or controller specs, one per family (c4:variant=v4): a background of"
              + " that family runs it. Rows then carry a background_cc column.")
  BackgroundControllerRule rule = BackgroundControllerRule.AS_FILE;

  /**
   * With a rule other than {@code file}: what the background connections of {@code spec} run, for
   * standard error, so that a rule that changes nothing (a scenario without background) is not
   * silent.
   */
  Optional<String> note(SimSpec spec, String scenario) {
    if (rule.asFile()) {
      return Optional.empty();
    }
    return Optional.of(
        spec.hasBackground()
            ? "scenario run: the background connections run "
                + spec.backgroundCcAlgo()
                + " (--background-cc "
                + rule.label()
                + ")"
            : "scenario run: "
                + scenario
                + " has no background connection; --background-cc changes nothing");
  }

  /** Parses the option's value into a rule, one line naming what is wrong. */
  static final class RuleConverter implements ITypeConverter<BackgroundControllerRule> {
    @Override
    public BackgroundControllerRule convert(String value) {
      try {
        return BackgroundControllerRule.parse(value, ControllerRegistry.standard());
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}

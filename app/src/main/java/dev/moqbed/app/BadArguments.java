package dev.moqbed.app;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command line picocli refused, in one line that says what to fix: an unknown command or option
 * with picocli's nearest known names ("did you mean"), the rest in picocli's own words.
 */
final class BadArguments {
  private BadArguments() {}

  /** The line for {@code error}, without the "moqbed: " before it and the help hint after it. */
  static String describe(ParameterException error) {
    if (error instanceof UnmatchedArgumentException unmatched) {
      return unmatched(unmatched.getCommandLine(), unmatched.getUnmatched(), unmatched);
    }
    // picocli checks required options before it reports unknown ones, so a mistyped required
    // option ("--relya") is reported as the missing one; the typo is what to fix.
    List<String> unknown = error.getCommandLine().getUnmatchedArguments();
    if (error instanceof MissingParameterException && !unknown.isEmpty()) {
      return unmatched(error.getCommandLine(), unknown, null);
    }
    return error.getMessage();
  }

  private static String unmatched(
      CommandLine command, List<String> arguments, UnmatchedArgumentException error) {
    String first = arguments.isEmpty() ? "" : arguments.get(0);
    boolean option = first.startsWith("-");
    String what;
    if (option) {
      what = "unknown option '" + first + "'";
    } else if (!command.getSubcommands().isEmpty()) {
      what = "unknown command '" + first + "'";
    } else {
      what = "unexpected argument '" + first + "'";
    }
    List<String> suggestions = suggestions(command, first, error);
    if (suggestions.isEmpty() && !option && !command.getSubcommands().isEmpty()) {
      // Nothing near enough to suggest: the few commands there are say more than "see --help".
      return what + "; the commands: " + String.join(", ", visibleSubcommands(command));
    }
    if (suggestions.isEmpty()) {
      return what;
    }
    return what + "; did you mean " + quotedList(suggestions) + "?";
  }

  /**
   * picocli's suggestions for an unmatched argument: the known subcommands or options nearest to
   * it. Taken from the exception when there is one; otherwise asked for as picocli asks.
   */
  private static List<String> suggestions(
      CommandLine command, String argument, UnmatchedArgumentException error) {
    UnmatchedArgumentException asked =
        error != null ? error : new UnmatchedArgumentException(command, List.of(argument));
    return asked.getSuggestions().stream().limit(3).toList();
  }

  private static List<String> visibleSubcommands(CommandLine command) {
    return command.getSubcommands().entrySet().stream()
        .filter(entry -> !entry.getValue().getCommandSpec().usageMessage().hidden())
        .map(java.util.Map.Entry::getKey)
        .distinct()
        .toList();
  }

  private static String quotedList(List<String> names) {
    StringBuilder text = new StringBuilder();
    for (int k = 0; k < names.size(); k++) {
      if (k > 0) {
        text.append(k == names.size() - 1 ? " or " : ", ");
      }
      text.append('\'').append(names.get(k)).append('\'');
    }
    return text.toString();
  }
}

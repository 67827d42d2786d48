package dev.moqbed.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns every failure into one line on standard error and an exit code: 2 for bad input (arguments,
 * spec text, files), 1 for a failure while running. Stack traces only with {@code MOQBED_DEBUG=1}.
 */
final class ErrorReporter {
  /** Bad input: arguments, spec text, option values. */
  static final int BAD_INPUT = 2;

  /** Something failed while running. */
  static final int FAILURE = 1;

  private ErrorReporter() {}

  static int onBadArguments(ParameterException error, String[] args) {
    CommandLine command = error.getCommandLine();
    command
        .getErr()
        .println(
            "moqbed: "
                + BadArguments.describe(error)
                + " (see '"
                + command.getCommandSpec().qualifiedName()
                + " --help')");
    return BAD_INPUT;
  }

  static int onFailure(Exception error, CommandLine command, ParseResult parseResult) {
    if ("1".equals(System.getenv("MOQBED_DEBUG"))) {
      error.printStackTrace(command.getErr());
    }
    if (error instanceof IllegalArgumentException) {
      command.getErr().println("moqbed: " + error.getMessage());
      return BAD_INPUT;
    }
    String fileError = FileErrors.line(error);
    if (fileError != null) {
      command.getErr().println("moqbed: " + fileError);
      return FAILURE;
    }
    if (error instanceof IOException || error instanceof UncheckedIOException) {
      command.getErr().println("moqbed: " + error.getMessage());
      return FAILURE;
    }
    command
        .getErr()
        .println(
            "moqbed: internal error: "
                + error
                + " (run with MOQBED_DEBUG=1 for the stack trace, and please report it)");
    return FAILURE;
  }
}

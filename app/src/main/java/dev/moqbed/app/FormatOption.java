package dev.moqbed.app;

import dev.moqbed.output.OutputFormat;
import picocli.CommandLine.Option;

/** {@code --format}: how a command prints its table, for people or for tools. */
final class FormatOption {
  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "table",
      description = "table, csv or json (default ${DEFAULT-VALUE}).")
  OutputFormat format;
}

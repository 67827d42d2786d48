package dev.moqbed.app;

import dev.moqbed.output.OutputFormat;
import picocli.CommandLine.Option;

/** {@code --interval}: how often a live command prints what happened since its last line. */
final class IntervalOption {
  @Option(
      names = "--interval",
      paramLabel = "TIME",
      defaultValue = "1s",
      converter = QuantityConverters.Duration.class,
      description =
          "Print one line per interval of this length while running, as iperf3 does (with"
              + " --format json: every interval in the final document); 0 = none (default"
              + " ${DEFAULT-VALUE}).")
  long intervalMicros;

  /**
   * Whether intervals are reported in {@code format}: lines in a table, members of the JSON
   * document; not in CSV, which stays one table a tool can read.
   */
  boolean reportsIn(OutputFormat format) {
    return intervalMicros > 0 && format != OutputFormat.CSV;
  }
}

package dev.moqbed.app;

import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.runtime.Quantities;
import picocli.CommandLine.Option;

/** {@code --min-effect}: the smallest difference worth naming a winner for (docs/statistics.md). */
final class MinimumEffectOption {
  @Option(
      names = "--min-effect",
      paramLabel = "PCT,TIME",
      defaultValue = "5%,1ms",
      description =
          "The smallest latency difference worth a verdict: this share of the figure and at least"
              + " this time (default 5%%,1ms); counts need the share and one event, shares (delivered"
              + " frames, loads) 1 point.")
  String text;

  /** The option's settings; a one-line error when malformed. */
  EffectSettings effects() {
    String[] parts = text.split(",", -1);
    if (parts.length != 2) {
      throw new IllegalArgumentException(
          "--min-effect takes a share and a time, as 5%,1ms: got '" + text + "'");
    }
    double relative = ComparisonOptions.share(parts[0].trim(), "--min-effect");
    long micros;
    try {
      micros = Quantities.parseDurationMicros(parts[1].trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--min-effect: " + e.getMessage());
    }
    return new EffectSettings(relative, micros, EffectSettings.DEFAULT.percentPoints());
  }
}

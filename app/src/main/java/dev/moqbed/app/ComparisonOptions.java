package dev.moqbed.app;

import dev.moqbed.live.compare.HostNoise;
import dev.moqbed.output.statistics.EffectSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of a live comparison in rounds ({@code chain}, {@code live run}): which differences
 * count, which runs the host disturbed and whether to repeat them (docs/statistics.md).
 */
final class ComparisonOptions {
  @Mixin MinimumEffectOption minimumEffect = new MinimumEffectOption();

  @Option(
      names = "--disturbed-cpu",
      paramLabel = "PCT",
      defaultValue = "15%",
      description =
          "A run is disturbed when other processes used more than this share of the host's CPU"
              + " meanwhile (also: over 5%% steal, or a GC pause over 50 ms) (default 15%%).")
  String disturbedCpu;

  @Option(
      names = "--rerun-disturbed",
      description = "Repeat once, at the end, each run the host disturbed, in place of the first.")
  boolean rerunDisturbed;

  EffectSettings effects() {
    return minimumEffect.effects();
  }

  HostNoise.Limits limits() {
    HostNoise.Limits defaults = HostNoise.Limits.DEFAULT;
    return new HostNoise.Limits(
        share(disturbedCpu.trim(), "--disturbed-cpu"),
        defaults.stealShare(),
        defaults.gcPauseMillis());
  }

  /** {@code 5%} as 0.05. */
  static double share(String text, String option) {
    if (!text.endsWith("%")) {
      throw new IllegalArgumentException(option + " takes a percentage, as 5%: got '" + text + "'");
    }
    double value;
    try {
      value = Double.parseDouble(text.substring(0, text.length() - 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " takes a percentage, as 5%: got '" + text + "'");
    }
    if (!(value >= 0 && value <= 100)) {
      throw new IllegalArgumentException(option + " must be 0%..100%: got '" + text + "'");
    }
    return value / 100;
  }
}

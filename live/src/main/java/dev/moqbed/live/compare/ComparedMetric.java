package dev.moqbed.live.compare;

import dev.moqbed.live.LiveChain;
import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.output.statistics.MinimumEffect;
import dev.moqbed.runtime.Quantities;
import java.util.function.ToDoubleFunction;

/**
 * One figure a run of the chain yields and a comparison ranks controllers on.
 *
 * @param name the column name ({@code a1_p99_us}, {@code vmid_delivered_pct})
 * @param label what a person reads ({@code a1 p99})
 * @param unit its unit, which sets how it prints and its minimum effect
 * @param lowerIsBetter true for latencies and losses, false for delivered shares
 * @param measure the figure of one run; NaN when the run has none (no frame of the track)
 */
public record ComparedMetric(
    String name,
    String label,
    Unit unit,
    boolean lowerIsBetter,
    ToDoubleFunction<LiveChain.Result> measure) {

  /** Units, each with how a person reads it and what the minimum effect's parts mean for it. */
  public enum Unit {
    /**
     * Microseconds, printed in ms; the minimum effect is relative and at least an absolute time.
     */
    MICROSECONDS,
    /**
     * Percent of frames; the minimum effect is a number of points (the relative part is not used).
     */
    PERCENT,
    /** A count of events; the minimum effect is relative and at least one event. */
    COUNT
  }

  /** The smallest difference worth a verdict on this metric, from the comparison's settings. */
  public MinimumEffect minimumEffect(EffectSettings settings) {
    return switch (unit) {
      case MICROSECONDS -> new MinimumEffect(settings.relative(), settings.latencyMicros());
      case PERCENT -> new MinimumEffect(0, settings.percentPoints());
      case COUNT -> new MinimumEffect(settings.relative(), 1);
    };
  }

  /** {@code value} for a person: ms with 3 significant digits, points, or a count. */
  public String format(double value) {
    if (Double.isNaN(value)) {
      return "–";
    }
    return switch (unit) {
      case MICROSECONDS -> Quantities.formatSignificant(value / 1000) + " ms";
      case PERCENT -> Quantities.formatSignificant(value) + " %";
      case COUNT -> Quantities.formatSignificant(value);
    };
  }

  /** A difference's size for a person: ms, points, or events. */
  public String formatDifference(double value) {
    return switch (unit) {
      case MICROSECONDS -> Quantities.formatSignificant(value / 1000) + " ms";
      case PERCENT -> Quantities.formatSignificant(value) + " points";
      case COUNT -> Quantities.formatSignificant(value);
    };
  }

  /** Bare bounds {@code [low, high]} in the unit {@link #formatDifference} names. */
  public String formatBounds(double low, double high) {
    double scale = unit == Unit.MICROSECONDS ? 1000 : 1;
    return "["
        + Quantities.formatSignificant(low / scale)
        + ", "
        + Quantities.formatSignificant(high / scale)
        + "]";
  }
}

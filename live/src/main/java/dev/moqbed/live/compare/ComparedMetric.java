package dev.moqbed.live.compare;

import dev.moqbed.live.LiveChain;
import dev.moqbed.output.Measure;
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
     * Microseconds, printed in s, ms or µs; the minimum effect is relative and at least an absolute
     * time.
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

  /**
   * {@code value} for a person, as the other tables print it: a time in s, ms or µs with 3
   * significant digits ({@code 1.66 s}), points, or a count.
   */
  public String format(double value) {
    if (Double.isNaN(value)) {
      return Measure.UNKNOWN;
    }
    return switch (unit) {
      case MICROSECONDS -> Measure.signedMicrosText(value);
      case PERCENT -> Quantities.formatSignificant(value) + " %";
      case COUNT -> Quantities.formatSignificant(value);
    };
  }

  /** A difference's size for a person: a time in s, ms or µs, points, or events. */
  public String formatDifference(double value) {
    return switch (unit) {
      case MICROSECONDS -> Measure.signedMicrosText(value);
      case PERCENT -> Quantities.formatSignificant(value) + " points";
      case COUNT -> Quantities.formatSignificant(value);
    };
  }

  /**
   * Bounds {@code [low, high]}: times each with its unit ({@code [1.60 s, 1.72 s]}, as the two may
   * print in different units), points and counts bare.
   */
  public String formatBounds(double low, double high) {
    if (unit == Unit.MICROSECONDS) {
      return "[" + Measure.signedMicrosText(low) + ", " + Measure.signedMicrosText(high) + "]";
    }
    return "["
        + Quantities.formatSignificant(low)
        + ", "
        + Quantities.formatSignificant(high)
        + "]";
  }
}

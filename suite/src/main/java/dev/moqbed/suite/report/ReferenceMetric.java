package dev.moqbed.suite.report;

import dev.moqbed.simulation.RunRecord;
import java.util.function.Function;

/**
 * The four per-run metrics {@code report --against-reference} compares, under their {@code
 * runs.csv} names and units (docs/sweeps.md): a reference CSV uses the same columns, so a sweep's
 * own {@code runs.csv} is a valid reference file.
 */
public enum ReferenceMetric {
  /** The draft's "time": tolerance ±5 % of the reference's mean. */
  TIME("completion_time_us", "time", Kind.MICROSECONDS, 0.05, RunRecord::completionTimeMicros),
  /** The data sender's RTT average: ±15 %. */
  RTT("rtt_avg_us", "RTT", Kind.MICROSECONDS, 0.15, RunRecord::rttAverageMicros),
  /** The main sender's share of the nominal rate, a fraction: ±5 points, i.e. ±0.05. */
  LOAD("load", "load", Kind.FRACTION, 0.05, RunRecord::load),
  /** The largest per-stream average frame latency of the media scenarios: ±15 %. */
  MEDIA_LATENCY(
      "media_avg_latency_us",
      "latency",
      Kind.MICROSECONDS,
      0.15,
      RunRecord::mediaAverageLatencyMicros);

  /** The unit of a metric's values, which also decides how its tolerance applies. */
  public enum Kind {
    /**
     * A time in µs; the tolerance is a fraction of the reference's mean: a time's natural scale is
     * its own size.
     */
    MICROSECONDS,
    /**
     * A fraction of the link (0.97 = 97 %); the tolerance is absolute, in points: a share's scale
     * is the link, and 5 % of a 20 % share would be a tolerance of one point.
     */
    FRACTION
  }

  private final String column;
  private final String label;
  private final Kind kind;
  private final double tolerance;
  private final Function<RunRecord, ? extends Number> perRun;

  ReferenceMetric(
      String column,
      String label,
      Kind kind,
      double tolerance,
      Function<RunRecord, ? extends Number> perRun) {
    this.column = column;
    this.label = label;
    this.kind = kind;
    this.tolerance = tolerance;
    this.perRun = perRun;
  }

  /** The column in {@code runs.csv} and in a reference CSV, e.g. {@code completion_time_us}. */
  public String column() {
    return column;
  }

  /** The short name people read in the table: time, RTT, load, latency (media latency). */
  public String label() {
    return label;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The half-width of the tolerance band around the reference's mean, in the metric's unit: a
   * fraction of {@code referenceMean} for times, a fixed 0.05 (5 points) for the load.
   */
  public double band(double referenceMean) {
    return kind == Kind.MICROSECONDS ? tolerance * Math.abs(referenceMean) : tolerance;
  }

  /** {@code ±5 %} or {@code ±5 points}, for the report's legend. */
  public String describeTolerance() {
    return kind == Kind.MICROSECONDS
        ? "±" + Math.round(tolerance * 100) + " %"
        : "±" + Math.round(tolerance * 100) + " points";
  }

  /** The run's value, NaN when the run has none (no media latency outside the media scenarios). */
  public double perRun(RunRecord record) {
    Number value = perRun.apply(record);
    return value == null ? Double.NaN : value.doubleValue();
  }
}

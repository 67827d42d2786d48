package dev.moqbed.suite.report;

import dev.moqbed.output.Summary;
import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.output.statistics.MinimumEffect;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.RunRecord;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The cells of the draft's result tables (docs/scenarios.md §3): a per-run value, aggregated over
 * the runs of one (scenario, controller) by the mean or by pandas' linear 90th percentile, then
 * rounded to an integer as the draft's {@code test_report.py} does ({@code int(round(x))}: Python
 * rounds halves to even). Runs without the per-run value are left out, as pandas skips NaN.
 */
public enum Metric {
  TIME_AVG(
      "time_avg_us",
      "average time",
      "µs",
      Aggregation.MEAN,
      Tolerance.relative(0.05),
      r -> value(r.completionTimeMicros())),
  TIME_P90(
      "time_p90_us",
      "top 90% time",
      "µs",
      Aggregation.P90,
      Tolerance.relative(0.05),
      r -> value(r.completionTimeMicros())),
  RTT_AVG(
      "rtt_avg_us",
      "average RTT",
      "µs",
      Aggregation.MEAN,
      Tolerance.relative(0.15),
      r -> value(r.rttAverageMicros())),
  RTT_PLUS_SD_P90(
      "rtt_plus_sd_p90_us",
      "top 90% of RTT + standard deviation",
      "µs",
      Aggregation.P90,
      Tolerance.relative(0.15),
      r ->
          r.rttAverageMicros() == null || r.rttStandardDeviationMicros() == null
              ? Double.NaN
              : (double) r.rttAverageMicros() + r.rttStandardDeviationMicros()),
  LOAD_AVG(
      "load_avg_pct",
      "average load",
      "%",
      Aggregation.MEAN,
      Tolerance.points(5),
      r -> r.load() == null ? Double.NaN : r.load() * 100),
  LOAD_P90(
      "load_p90_pct",
      "top 90% load",
      "%",
      Aggregation.P90,
      Tolerance.points(5),
      r -> r.load() == null ? Double.NaN : r.load() * 100),
  MEDIA_LATENCY_AVG(
      "media_latency_avg_us",
      "average av_latency",
      "µs",
      Aggregation.MEAN,
      Tolerance.relative(0.15),
      r -> value(r.mediaAverageLatencyMicros())),
  MEDIA_LATENCY_MAX_P90(
      "media_latency_max_p90_us",
      "top 90% max_latency",
      "µs",
      Aggregation.P90,
      Tolerance.relative(0.15),
      r -> value(r.mediaMaxLatencyMicros()));

  /** How the per-run values become one cell. */
  public enum Aggregation {
    MEAN,
    P90
  }

  /**
   * How close a cell must be to the published one: within a fraction of it, or within a number of
   * points (for percentages).
   */
  public record Tolerance(boolean relativeToPublished, double limit) {
    static Tolerance relative(double fraction) {
      return new Tolerance(true, fraction);
    }

    static Tolerance points(double points) {
      return new Tolerance(false, points);
    }

    /** Whether {@code ours} is within this tolerance of {@code published} (bounds included). */
    public boolean accepts(long ours, long published) {
      double distance = Math.abs((double) ours - published);
      return relativeToPublished
          ? distance <= limit * Math.abs((double) published)
          : distance <= limit;
    }

    /** {@code ±5 %} or {@code ±5 points}. */
    public String describe() {
      return relativeToPublished
          ? "±" + Math.round(limit * 100) + " %"
          : "±" + Math.round(limit) + " points";
    }
  }

  private final String id;
  private final String title;
  private final String unit;
  private final Aggregation aggregation;
  private final Tolerance tolerance;
  private final ToDoubleFunction<RunRecord> perRun;

  Metric(
      String id,
      String title,
      String unit,
      Aggregation aggregation,
      Tolerance tolerance,
      ToDoubleFunction<RunRecord> perRun) {
    this.id = id;
    this.title = title;
    this.unit = unit;
    this.aggregation = aggregation;
    this.tolerance = tolerance;
    this.perRun = perRun;
  }

  /** The metric's name in the published results file, e.g. {@code time_avg_us}. */
  public String id() {
    return id;
  }

  /** The draft's table title, e.g. {@code top 90% time}. */
  public String title() {
    return title;
  }

  /** {@code µs} or {@code %}. */
  public String unit() {
    return unit;
  }

  public Aggregation aggregation() {
    return aggregation;
  }

  public Tolerance tolerance() {
    return tolerance;
  }

  /** Lower is better, except for the load: a higher share of the link is better. */
  public boolean higherIsBetter() {
    return this == LOAD_AVG || this == LOAD_P90;
  }

  /** Whether {@code a} is strictly better than {@code b} for this metric. */
  public boolean better(long a, long b) {
    return higherIsBetter() ? a > b : a < b;
  }

  /** The run's value for this metric, NaN when the run does not have it. */
  public double perRun(RunRecord record) {
    return perRun.applyAsDouble(record);
  }

  /** The cell over {@code runs}, rounded as the draft; null when no run has the value. */
  public Long aggregate(List<RunRecord> runs) {
    double[] values =
        runs.stream().mapToDouble(this::perRun).filter(v -> !Double.isNaN(v)).toArray();
    if (values.length == 0) {
      return null;
    }
    double aggregate =
        aggregation == Aggregation.MEAN
            ? java.util.Arrays.stream(values).average().orElseThrow()
            : Summary.quantile(values, 0.9);
    return (long) Math.rint(aggregate);
  }

  /**
   * The 95 % interval of the cell over {@code runs} (the aggregate's, before rounding); {@link
   * ConfidenceInterval#NONE} for fewer than {@code RunStatistics.MINIMUM_RUNS} runs with it.
   */
  public ConfidenceInterval interval(List<RunRecord> runs) {
    double[] values = perRun(runs);
    return aggregation == Aggregation.MEAN
        ? ConfidenceInterval.ofMean(values)
        : ConfidenceInterval.ofP90(values);
  }

  /** The values of this metric over {@code runs}, those that have it. */
  public double[] perRun(List<RunRecord> runs) {
    return runs.stream().mapToDouble(this::perRun).filter(v -> !Double.isNaN(v)).toArray();
  }

  /**
   * The smallest difference worth naming a winner for: times and RTTs {@code effects.relative()} of
   * the figure and at least {@code effects.latencyMicros()}; loads {@code effects.percentPoints()}
   * points.
   */
  public MinimumEffect minimumEffect(EffectSettings effects) {
    return "%".equals(unit)
        ? new MinimumEffect(0, effects.percentPoints())
        : new MinimumEffect(effects.relative(), effects.latencyMicros());
  }

  /** The metric named {@code id} in the published file, or null. */
  public static Metric byId(String id) {
    for (Metric metric : values()) {
      if (metric.id.equals(id)) {
        return metric;
      }
    }
    return null;
  }

  /** The metrics the draft reports for a group (its Section 2), as the catalogue lists them. */
  public static List<Metric> forGroup(ScenarioGroup group) {
    return group.metrics().stream().map(metric -> byId(metric.id())).toList();
  }

  private static double value(Long micros) {
    return micros == null ? Double.NaN : micros;
  }
}

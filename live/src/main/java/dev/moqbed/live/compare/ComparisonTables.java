package dev.moqbed.live.compare;

import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.output.TerminalText;
import dev.moqbed.output.statistics.Estimate;
import dev.moqbed.output.statistics.RunStatistics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A comparison as people and tools read it: tables, notes and one JSON shape. */
public final class ComparisonTables {
  private ComparisonTables() {}

  /**
   * Per metric and controller, the median over runs with its 95 % interval, in s, ms or µs, % or
   * counts: a grid of metrics by controllers for people (tools read the JSON document's {@code
   * summary}).
   */
  public static Table summary(LiveComparison comparison) {
    List<String> columns = new ArrayList<>(List.of("metric"));
    comparison.controllers().forEach(c -> columns.add(c + ": median [95 % interval]"));
    Table table = new Table(columns);
    for (ComparedMetric metric : comparison.metrics()) {
      List<Object> cells = new ArrayList<>(List.of(metric.label()));
      for (String controller : comparison.controllers()) {
        Estimate median = comparison.median(controller, metric);
        cells.add(
            metric.format(median.value())
                + (median.hasInterval()
                    ? " " + metric.formatBounds(median.low(), median.high())
                    : ""));
      }
      table.row(cells.toArray());
    }
    return table;
  }

  /**
   * Per metric and pair: the paired difference, its interval, the minimum effect, the verdict (for
   * people; tools read the JSON document's {@code verdicts}).
   */
  public static Table verdicts(LiveComparison comparison) {
    Table table =
        new Table("metric", "pair", "difference [simultaneous 95 %]", "min effect", "verdict");
    for (LiveComparison.PairVerdict pair : comparison.verdicts()) {
      ComparedMetric metric = pair.metric();
      Estimate d = pair.verdict().difference();
      table.row(
          metric.label(),
          pair.first() + " − " + pair.second(),
          metric.formatDifference(d.value())
              + (d.hasInterval() ? " " + metric.formatBounds(d.low(), d.high()) : ""),
          metric.formatDifference(pair.verdict().threshold()),
          pair.text());
    }
    return table;
  }

  /** Per run: what the host did, and whether that disturbed the run. */
  public static Table noise(LiveComparison comparison) {
    Table table =
        new Table(
            "cc",
            "round",
            "others_cpu_pct",
            "steal_pct",
            "own_cpu_pct",
            "runq_wait_pct",
            "load1",
            "gc_pauses",
            "gc_ms",
            "longest_gc_ms",
            "disturbed");
    for (ControllerRun run : comparison.runs()) {
      HostNoise noise = run.noise();
      List<String> reasons = noise.disturbances(comparison.limits());
      table.row(
          run.controller(),
          run.round() + 1,
          percent(noise.othersCpuShare()),
          percent(noise.stealShare()),
          percent(noise.ownCpuShare()),
          percent(noise.runQueueWaitShare()),
          noise.loadAverage() < 0 ? null : round(noise.loadAverage(), 2),
          known(noise.gcPauses()),
          known(noise.gcPauseMillis()),
          known(noise.longestGcPauseMillis()),
          reasons.isEmpty()
              ? (run.repeated() ? "no (repeated)" : "no")
              : String.join("; ", reasons));
    }
    return table;
  }

  /** Per run, every metric in its own unit, for tools: {@code cc,round,repeated,METRIC...}. */
  public static Table runs(LiveComparison comparison) {
    List<String> columns = new ArrayList<>(List.of("cc", "round", "repeated"));
    comparison.metrics().forEach(m -> columns.add(m.name()));
    Table table = new Table(columns);
    for (ControllerRun run : comparison.runs()) {
      List<Object> cells =
          new ArrayList<>(List.of(run.controller(), run.round() + 1, run.repeated()));
      comparison.metrics().forEach(m -> cells.add(number(run.value(m))));
      table.row(cells.toArray());
    }
    return table;
  }

  /**
   * The comparison for people: the medians, the pairs' verdicts (with two controllers or more), the
   * host during each run, then the notes.
   */
  public static String text(LiveComparison comparison) {
    StringBuilder out = new StringBuilder();
    out.append("\nPer controller, the median over its runs [95 % interval]:\n");
    out.append(summary(comparison).render(OutputFormat.TABLE));
    if (comparison.controllers().size() > 1) {
      out.append("\nPairs, run against run of the same round (first − second):\n");
      out.append(verdicts(comparison).render(OutputFormat.TABLE));
    }
    out.append("\nThe host during each run:\n");
    out.append(noise(comparison).render(OutputFormat.TABLE));
    for (String note : notes(comparison)) {
      out.append('\n').append(TerminalText.wrap(note)).append('\n');
    }
    return out.toString();
  }

  /** What a reader must know before trusting the tables: too few runs, A/A, disturbed runs. */
  public static List<String> notes(LiveComparison comparison) {
    List<String> notes = new ArrayList<>();
    int runs = comparison.runsPerController();
    if (runs < RunStatistics.MINIMUM_RUNS) {
      notes.add(
          runs
              + " run(s) per controller: no interval and no verdict below "
              + RunStatistics.MINIMUM_RUNS
              + " (the smallest number of runs whose range covers a median with 95 % confidence;"
              + " --runs "
              + RunStatistics.MINIMUM_RUNS
              + " or more).");
    }
    if (comparison.sameControllerTwice()) {
      notes.add(
          "A/A comparison: the same controller twice, so every difference above is this host's"
              + " noise. "
              + noiseFloor(comparison));
    }
    long disturbed =
        comparison.runs().stream().filter(r -> r.noise().disturbed(comparison.limits())).count();
    if (disturbed > 0) {
      notes.add(
          disturbed
              + " of "
              + comparison.runs().size()
              + " runs disturbed by the host (see the host table); --rerun-disturbed repeats"
              + " them.");
    }
    return notes;
  }

  /**
   * The largest latency differences the A/A pairs cannot tell from noise: per latency figure the
   * farthest bound of the widest same-controller interval.
   */
  static String noiseFloor(LiveComparison comparison) {
    List<String> floors = new ArrayList<>();
    int pairs = 0;
    for (ComparedMetric metric : comparison.metrics()) {
      if (metric.unit() != ComparedMetric.Unit.MICROSECONDS) {
        continue;
      }
      double widest = Double.NaN;
      for (LiveComparison.PairVerdict pair : comparison.verdicts()) {
        Estimate d = pair.verdict().difference();
        boolean same =
            LiveComparison.controllerOf(pair.first())
                .equals(LiveComparison.controllerOf(pair.second()));
        if (pair.metric() == metric && same && d.hasInterval()) {
          double bound = Math.max(Math.abs(d.low()), Math.abs(d.high()));
          widest = Double.isNaN(widest) ? bound : Math.max(widest, bound);
          pairs = d.runs();
        }
      }
      if (!Double.isNaN(widest)) {
        floors.add(metric.label() + " " + metric.formatDifference(widest));
      }
    }
    if (floors.isEmpty()) {
      return "Its noise floor needs " + RunStatistics.MINIMUM_RUNS + " runs.";
    }
    return "At n="
        + pairs
        + ", differences up to these cannot be told from noise here: "
        + String.join(", ", floors)
        + ".";
  }

  /** The comparison in the JSON document: controllers with their runs and summary, verdicts. */
  public static Map<String, Object> json(LiveComparison comparison) {
    Map<String, Object> document = new LinkedHashMap<>();
    List<Object> controllers = new ArrayList<>();
    for (String controller : comparison.controllers()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("cc", controller);
      List<Object> runs = new ArrayList<>();
      for (ControllerRun run : comparison.runs(controller)) {
        runs.add(runJson(run, comparison));
      }
      entry.put("runs", runs);
      Map<String, Object> summary = new LinkedHashMap<>();
      for (ComparedMetric metric : comparison.metrics()) {
        summary.put(metric.name(), estimateJson(comparison.median(controller, metric)));
      }
      entry.put("summary", summary);
      controllers.add(entry);
    }
    document.put("controllers", controllers);
    List<Object> verdicts = new ArrayList<>();
    for (LiveComparison.PairVerdict pair : comparison.verdicts()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("metric", pair.metric().name());
      entry.put("first", pair.first());
      entry.put("second", pair.second());
      entry.put("difference", estimateJson(pair.verdict().difference()));
      entry.put("minimum_effect", number(pair.verdict().threshold()));
      entry.put("outcome", pair.verdict().outcome().name().toLowerCase(Locale.ROOT));
      entry.put("winner", pair.winner());
      entry.put("text", pair.text());
      verdicts.add(entry);
    }
    document.put("verdicts", verdicts);
    document.put("notes", notes(comparison));
    return document;
  }

  private static Map<String, Object> runJson(ControllerRun run, LiveComparison comparison) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("round", run.round() + 1);
    entry.put("repeated", run.repeated());
    Map<String, Object> values = new LinkedHashMap<>();
    comparison.metrics().forEach(m -> values.put(m.name(), number(run.value(m))));
    entry.put("metrics", values);
    HostNoise noise = run.noise();
    Map<String, Object> host = new LinkedHashMap<>();
    host.put("others_cpu_share", number(noise.othersCpuShare()));
    host.put("steal_share", number(noise.stealShare()));
    host.put("own_cpu_share", number(noise.ownCpuShare()));
    host.put("run_queue_wait_share", number(noise.runQueueWaitShare()));
    host.put("load_average", number(noise.loadAverage()));
    host.put("gc_pauses", noise.gcPauses());
    host.put("gc_pause_ms", noise.gcPauseMillis());
    host.put("longest_gc_pause_ms", noise.longestGcPauseMillis());
    host.put("disturbances", noise.disturbances(comparison.limits()));
    entry.put("host", host);
    return entry;
  }

  private static Map<String, Object> estimateJson(Estimate estimate) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("value", number(estimate.value()));
    entry.put("low", number(estimate.low()));
    entry.put("high", number(estimate.high()));
    entry.put("runs", estimate.runs());
    return entry;
  }

  /** A figure for a table or JSON: null (empty) when NaN or negative-unknown, else rounded. */
  private static Object number(double value) {
    return Double.isNaN(value) || Double.isInfinite(value) ? null : round(value, 3);
  }

  private static Object percent(double share) {
    return share < 0 ? null : round(share * 100, 1);
  }

  /** A share as a person reads it: {@code 12 %}, or – when unknown. */
  public static String percentText(double share) {
    return HostNoise.percent(share);
  }

  private static Long known(long value) {
    return value < 0 ? null : value;
  }

  private static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }
}

package dev.moqbed.live.compare;

import dev.moqbed.output.statistics.DifferenceVerdict;
import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.output.statistics.Estimate;
import dev.moqbed.output.statistics.RunStatistics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The runs of a comparison of controllers over rotated rounds, and what they allow one to say: per
 * controller and metric the median over its runs with its interval, per pair of controllers and
 * metric the paired difference with its interval and a verdict (docs/statistics.md).
 */
public final class LiveComparison {
  /**
   * The verdict on one metric for one pair, {@code first − second}.
   *
   * @param metric the metric
   * @param first the first controller of the pair (earlier in {@code --cc})
   * @param second the second
   * @param verdict the difference, its interval and what it allows
   */
  public record PairVerdict(
      ComparedMetric metric, String first, String second, DifferenceVerdict verdict) {
    /** The verdict in words, as a person reads it. */
    public String text() {
      Estimate d = verdict.difference();
      return switch (verdict.outcome()) {
        case FIRST_LOWER -> decided(first, second, -d.value(), -d.high(), -d.low());
        case SECOND_LOWER -> decided(second, first, d.value(), d.low(), d.high());
        case NO_DIFFERENCE -> "no difference distinguishable at n=" + d.runs();
        case TOO_FEW_RUNS ->
            "no verdict: " + d.runs() + " paired runs, " + RunStatistics.MINIMUM_RUNS + " needed";
      };
    }

    /** Who wins, when the verdict names one: the lower, or for a delivered share the higher. */
    public String winner() {
      if (!verdict.decided()) {
        return null;
      }
      boolean firstLower = verdict.outcome() == DifferenceVerdict.Outcome.FIRST_LOWER;
      return firstLower == metric.lowerIsBetter() ? first : second;
    }

    /** "c4 lower a1 p99 than cubic by 12 ms [5, 19]", or "higher" where higher is better. */
    private String decided(String lower, String higher, double size, double low, double high) {
      String sentence =
          metric.lowerIsBetter()
              ? lower + " lower " + metric.label() + " than " + higher
              : higher + " higher " + metric.label() + " than " + lower;
      return sentence
          + " by "
          + metric.formatDifference(size)
          + " "
          + metric.formatBounds(low, high);
    }
  }

  private final List<String> controllers;
  private final List<ComparedMetric> metrics;
  private final EffectSettings effects;
  private final HostNoise.Limits limits;
  private final Map<String, TreeMap<Integer, ControllerRun>> runs = new LinkedHashMap<>();

  /**
   * @param controllers the controllers' labels, unique, in {@code --cc}'s order
   */
  public LiveComparison(
      List<String> controllers,
      List<ComparedMetric> metrics,
      EffectSettings effects,
      HostNoise.Limits limits) {
    this.controllers = List.copyOf(controllers);
    this.metrics = List.copyOf(metrics);
    this.effects = effects;
    this.limits = limits;
    for (String controller : controllers) {
      runs.put(controller, new TreeMap<>());
    }
  }

  /** Adds a run, or replaces the run of the same controller and round (a repeated one). */
  public synchronized void add(ControllerRun run) {
    TreeMap<Integer, ControllerRun> own = runs.get(run.controller());
    if (own == null) {
      throw new IllegalArgumentException(
          "not a controller of this comparison: " + run.controller());
    }
    own.put(run.round(), run);
  }

  public List<String> controllers() {
    return controllers;
  }

  /**
   * A copy holding the runs so far, safe to read while another thread adds runs to this one (a
   * summary printed on Ctrl-C while a run goes on).
   */
  public synchronized LiveComparison copy() {
    LiveComparison copy = new LiveComparison(controllers, metrics, effects, limits);
    runs().forEach(copy::add);
    return copy;
  }

  public List<ComparedMetric> metrics() {
    return metrics;
  }

  public HostNoise.Limits limits() {
    return limits;
  }

  public EffectSettings effects() {
    return effects;
  }

  /** Every run, controller by controller, round by round. */
  public List<ControllerRun> runs() {
    List<ControllerRun> all = new ArrayList<>();
    runs.values().forEach(own -> all.addAll(own.values()));
    return all;
  }

  /** The runs of {@code controller}, round by round. */
  public List<ControllerRun> runs(String controller) {
    return List.copyOf(runs.get(controller).values());
  }

  /** The runs the host disturbed past the limits (and not yet repeated). */
  public List<ControllerRun> disturbed() {
    return runs().stream().filter(r -> !r.repeated() && r.noise().disturbed(limits)).toList();
  }

  /** The fewest runs any controller has. */
  public int runsPerController() {
    return runs.values().stream().mapToInt(Map::size).min().orElse(0);
  }

  /** Whether the same controller appears twice (an A/A comparison: the host's noise floor). */
  public boolean sameControllerTwice() {
    return controllers.stream().map(LiveComparison::controllerOf).distinct().count()
        < controllers.size();
  }

  /** The controller a label names: {@code c4#2} is c4. */
  public static String controllerOf(String label) {
    int mark = label.lastIndexOf('#');
    return mark < 0 ? label : label.substring(0, mark);
  }

  /** The median of {@code metric} over {@code controller}'s runs, with its interval. */
  public Estimate median(String controller, ComparedMetric metric) {
    return RunStatistics.median(
        runs.get(controller).values().stream().mapToDouble(r -> r.value(metric)).toArray());
  }

  /** Every pair's verdict on every metric, metric by metric. */
  public List<PairVerdict> verdicts() {
    List<PairVerdict> verdicts = new ArrayList<>();
    for (ComparedMetric metric : metrics) {
      for (int i = 0; i < controllers.size(); i++) {
        for (int j = i + 1; j < controllers.size(); j++) {
          verdicts.add(verdict(metric, controllers.get(i), controllers.get(j)));
        }
      }
    }
    return verdicts;
  }

  /** The verdict on {@code metric} for {@code first − second}, paired by round. */
  public PairVerdict verdict(ComparedMetric metric, String first, String second) {
    TreeMap<Integer, ControllerRun> a = runs.get(first);
    TreeMap<Integer, ControllerRun> b = runs.get(second);
    List<Integer> rounds = a.keySet().stream().filter(b::containsKey).toList();
    double[] x = rounds.stream().mapToDouble(r -> a.get(r).value(metric)).toArray();
    double[] y = rounds.stream().mapToDouble(r -> b.get(r).value(metric)).toArray();
    // every figure of the pair is judged at once: simultaneous intervals (Bonferroni)
    Estimate difference = RunStatistics.pairedMeanDifference(x, y, metrics.size());
    double reference = (median(first, metric).value() + median(second, metric).value()) / 2;
    double threshold = metric.minimumEffect(effects).threshold(reference);
    return new PairVerdict(metric, first, second, DifferenceVerdict.of(difference, threshold));
  }
}

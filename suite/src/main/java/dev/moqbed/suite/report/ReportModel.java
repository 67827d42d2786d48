package dev.moqbed.suite.report;

import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a report shows, computed once: per (scenario, controller) the draft's cells, each
 * beside the published value when a reference is given, the best controller per scenario and
 * metric, and the tallies of the summary. Renderers only format it.
 */
public final class ReportModel {

  /**
   * One cell of a result table.
   *
   * @param runs the runs the value is computed over (those that have the per-run value)
   * @param value our value, rounded as the draft; null when no run has it
   * @param interval the 95 % interval of our value ({@link ConfidenceInterval}), {@link
   *     ConfidenceInterval#NONE} with fewer than {@code RunStatistics.MINIMUM_RUNS} runs
   * @param published the draft's value; null without a reference or when the draft has none
   * @param ratio value / published
   * @param difference value − published (points, for the load)
   * @param withinTolerance whether value is within the metric's tolerance of published
   */
  public record Cell(
      String group,
      String scenario,
      Metric metric,
      String controller,
      int runs,
      Long value,
      ConfidenceInterval interval,
      Long published,
      Double ratio,
      Long difference,
      Boolean withinTolerance) {}

  /**
   * The comparison of the controllers for one scenario and metric.
   *
   * @param best our winner: the controller with the best value when the 95 % interval of its
   *     difference from every other controller's lies beyond the minimum effect, otherwise {@code
   *     tie (a, b)} naming the controllers it does not beat so; null when none has a value
   * @param publishedBest the best of the same controllers in the draft; null unless the draft has a
   *     value for each controller that has one of ours
   * @param c4BetterThanBoth whether our c4 beats both bbr and cubic by more than the minimum effect
   *     with 95 % confidence; null unless all three ran
   * @param publishedC4BetterThanBoth the same in the draft, by its values (it publishes no spread);
   *     null unless it has all three
   */
  public record Verdict(
      String scenario,
      Metric metric,
      String best,
      String publishedBest,
      Boolean c4BetterThanBoth,
      Boolean publishedC4BetterThanBoth) {}

  /** A group of scenarios and the metrics the draft reports for it. */
  public record Section(String id, String title, List<Metric> metrics, List<String> scenarios) {}

  /** How many cells of one metric were compared with the draft, and how many were close. */
  public record Tally(Metric metric, int compared, int within) {}

  private final List<String> inputs;
  private final String referenceName;
  private final RunSet allRuns;
  private final RunSet runs;
  private final MoqChainTable moqChain;
  private final FairnessTable fairness;
  private final List<String> controllers;
  private final List<Section> sections;
  private final Map<String, Cell> cells = new LinkedHashMap<>();
  private final Map<String, Verdict> verdicts = new LinkedHashMap<>();
  private final EffectSettings effects;

  private ReportModel(
      List<String> inputs,
      RunSet allRuns,
      RunSet runs,
      PublishedResults reference,
      List<Section> sections,
      EffectSettings effects) {
    this.inputs = List.copyOf(inputs);
    this.effects = effects;
    this.referenceName = reference == null ? null : reference.name();
    this.allRuns = allRuns;
    this.runs = runs;
    this.moqChain = MoqChainTable.of(allRuns.ofWorkload(Workload.MOQ), runs, reference);
    this.fairness = FairnessTable.of(allRuns);
    this.controllers = runs.controllers();
    this.sections = List.copyOf(sections);
    for (Section section : sections) {
      for (String scenario : section.scenarios()) {
        for (Metric metric : section.metrics()) {
          for (String controller : controllers) {
            cells.put(
                key(scenario, metric, controller),
                cell(section.id(), scenario, metric, controller, reference));
          }
          verdicts.put(key(scenario, metric, ""), verdict(scenario, metric, reference));
        }
      }
    }
  }

  /**
   * Builds the report of {@code runs}.
   *
   * @param inputs the directories read, for the header
   * @param reference the draft's values, or null for a report of our values alone
   */
  public static ReportModel build(List<String> inputs, RunSet allRuns, PublishedResults reference) {
    return build(inputs, allRuns, reference, EffectSettings.DEFAULT);
  }

  /**
   * Builds the report of {@code runs}, naming a winner only beyond {@code effects}' minimum effect.
   */
  public static ReportModel build(
      List<String> inputs, RunSet allRuns, PublishedResults reference, EffectSettings effects) {
    // the draft's tables are the draft workload's; the MoQ chain's runs get a table of their own
    RunSet runs = allRuns.ofWorkload(Workload.DRAFT);
    List<Section> sections = new ArrayList<>();
    List<String> scenarios = runs.scenarios();
    for (ScenarioGroup group : ScenarioGroup.draftGroups()) {
      List<String> present = group.scenarios().stream().filter(scenarios::contains).toList();
      if (!present.isEmpty()) {
        sections.add(new Section(group.id(), group.title(), Metric.forGroup(group), present));
      }
    }
    // the fairness scenarios (beyond the draft, nothing published) have a table of their own
    List<String> fairness = ScenarioGroup.FAIRNESS.scenarios();
    List<String> others =
        scenarios.stream()
            .filter(s -> ScenarioGroup.of(s) == null && !fairness.contains(s))
            .toList();
    if (!others.isEmpty()) {
      // not a draft scenario: show every metric some run has
      List<Metric> metrics = new ArrayList<>();
      for (Metric metric : Metric.values()) {
        boolean any =
            runs.records().stream()
                .filter(r -> others.contains(r.scenario()))
                .anyMatch(r -> !Double.isNaN(metric.perRun(r)));
        if (any) {
          metrics.add(metric);
        }
      }
      sections.add(new Section("other", "Other scenarios", metrics, others));
    }
    return new ReportModel(inputs, allRuns, runs, reference, sections, effects);
  }

  private Cell cell(
      String group, String scenario, Metric metric, String controller, PublishedResults reference) {
    List<RunRecord> ofCell = runs.runs(scenario, controller);
    int counted = (int) ofCell.stream().filter(r -> !Double.isNaN(metric.perRun(r))).count();
    Long value = metric.aggregate(ofCell);
    Long published =
        reference == null
            ? null
            : reference.value(scenario, metric, PublishedResults.columnFor(controller));
    boolean both = value != null && published != null;
    return new Cell(
        group,
        scenario,
        metric,
        controller,
        counted,
        value,
        metric.interval(ofCell),
        published,
        both && published != 0 ? (double) value / published : null,
        both ? value - published : null,
        both ? metric.tolerance().accepts(value, published) : null);
  }

  private Verdict verdict(String scenario, Metric metric, PublishedResults reference) {
    Map<String, Long> ours = new LinkedHashMap<>();
    Map<String, double[]> perRun = new LinkedHashMap<>();
    Map<String, Long> theirs = new LinkedHashMap<>();
    for (String controller : controllers) {
      Cell cell = cells.get(key(scenario, metric, controller));
      if (cell.value() != null) {
        ours.put(controller, cell.value());
        perRun.put(controller, metric.perRun(runs.runs(scenario, controller)));
      }
      if (cell.published() != null) {
        theirs.put(controller, cell.published());
      }
    }
    // the draft's best is only comparable when the draft has a value for each of our controllers
    boolean draftHasAll = theirs.keySet().containsAll(ours.keySet());
    return new Verdict(
        scenario,
        metric,
        winner(ours, perRun, metric, effects),
        reference == null || !draftHasAll ? null : best(theirs, metric),
        c4BetterThanBoth(ours, perRun, metric, effects),
        reference == null ? null : c4BetterThanBoth(theirs, metric));
  }

  /** The prefix of a verdict that names no winner. */
  public static final String TIE = "tie";

  /**
   * Our winner (see {@link Verdict#best}): the controller with the best value, named only when it
   * {@link #beats} every other; otherwise {@code tie (best, the others it does not beat)}. A cell
   * of fewer than {@code RunStatistics.MINIMUM_RUNS} runs has no interval, so beside another
   * controller it is always a tie.
   */
  static String winner(
      Map<String, Long> values,
      Map<String, double[]> perRun,
      Metric metric,
      EffectSettings effects) {
    String best = null;
    for (Map.Entry<String, Long> entry : values.entrySet()) {
      if (best == null || metric.better(entry.getValue(), values.get(best))) {
        best = entry.getKey();
      }
    }
    if (best == null) {
      return null;
    }
    List<String> tied = new ArrayList<>(List.of(best));
    for (String other : values.keySet()) {
      if (!other.equals(best) && !beats(best, other, values, perRun, metric, effects)) {
        tied.add(other);
      }
    }
    return tied.size() == 1 ? best : TIE + " (" + String.join(", ", tied) + ")";
  }

  /**
   * Whether {@code better} beats {@code other}: the 95 % interval of the difference of their cells
   * lies wholly beyond the metric's minimum effect, on {@code better}'s side (a 0.2 % lead over 100
   * runs separates the intervals but is no reason to ship a controller).
   */
  static boolean beats(
      String better,
      String other,
      Map<String, Long> values,
      Map<String, double[]> perRun,
      Metric metric,
      EffectSettings effects) {
    ConfidenceInterval difference =
        ConfidenceInterval.ofDifference(
            perRun.get(better), perRun.get(other), metric.aggregation() == Metric.Aggregation.P90);
    double threshold =
        metric.minimumEffect(effects).threshold((values.get(better) + values.get(other)) / 2.0);
    return difference.beyond(threshold, metric.higherIsBetter() ? 1 : -1);
  }

  /** Whether a verdict's best is a tie rather than a winner. */
  public static boolean isTie(String best) {
    return best != null && best.startsWith(TIE);
  }

  /**
   * The draft's best by its values alone (it publishes no spread): {@code a=b} when several share
   * it; null when none.
   */
  static String best(Map<String, Long> values, Metric metric) {
    List<String> best = new ArrayList<>();
    Long bestValue = null;
    for (Map.Entry<String, Long> entry : values.entrySet()) {
      if (bestValue == null || metric.better(entry.getValue(), bestValue)) {
        bestValue = entry.getValue();
        best.clear();
        best.add(entry.getKey());
      } else if (entry.getValue().equals(bestValue)) {
        best.add(entry.getKey());
      }
    }
    return best.isEmpty() ? null : String.join("=", best);
  }

  /**
   * Whether our c4 beats both bbr and cubic ({@link #beats}: by more than the minimum effect, with
   * 95 % confidence); null unless all three exist.
   */
  static Boolean c4BetterThanBoth(
      Map<String, Long> values,
      Map<String, double[]> perRun,
      Metric metric,
      EffectSettings effects) {
    Boolean byValue = c4BetterThanBoth(values, metric);
    if (!Boolean.TRUE.equals(byValue)) {
      return byValue;
    }
    String c4 = column(values, "c4");
    return beats(c4, column(values, "bbr"), values, perRun, metric, effects)
        && beats(c4, column(values, "cubic"), values, perRun, metric, effects);
  }

  /** The first controller of {@code values} in the draft's column {@code column}. */
  private static String column(Map<String, Long> values, String column) {
    return values.keySet().stream()
        .filter(controller -> column.equals(PublishedResults.columnFor(controller)))
        .findFirst()
        .orElseThrow();
  }

  /**
   * Whether the c4 column beats both the bbr and the cubic column by value alone; null unless all
   * three exist.
   */
  static Boolean c4BetterThanBoth(Map<String, Long> values, Metric metric) {
    Long c4 = null;
    Long bbr = null;
    Long cubic = null;
    for (Map.Entry<String, Long> entry : values.entrySet()) {
      String column = PublishedResults.columnFor(entry.getKey());
      if ("c4".equals(column) && c4 == null) {
        c4 = entry.getValue();
      } else if ("bbr".equals(column) && bbr == null) {
        bbr = entry.getValue();
      } else if ("cubic".equals(column) && cubic == null) {
        cubic = entry.getValue();
      }
    }
    if (c4 == null || bbr == null || cubic == null) {
      return null;
    }
    return metric.better(c4, bbr) && metric.better(c4, cubic);
  }

  /** The minimum effects below which no winner is named. */
  public EffectSettings effects() {
    return effects;
  }

  public List<String> inputs() {
    return inputs;
  }

  /** The reference's name, or null when the report has none. */
  public String referenceName() {
    return referenceName;
  }

  public boolean hasReference() {
    return referenceName != null;
  }

  /** The draft workload's runs: those of the draft's tables. */
  public RunSet runs() {
    return runs;
  }

  /** Every run read, of both workloads. */
  public RunSet allRuns() {
    return allRuns;
  }

  /** The MoQ chain's runs, one row per scenario and controller; empty when none were given. */
  public MoqChainTable moqChain() {
    return moqChain;
  }

  /** The fairness scenarios' runs, one row per scenario and controller; empty when none. */
  public FairnessTable fairness() {
    return fairness;
  }

  public List<String> controllers() {
    return controllers;
  }

  public List<Section> sections() {
    return sections;
  }

  public Cell cell(String scenario, Metric metric, String controller) {
    return cells.get(key(scenario, metric, controller));
  }

  public Verdict verdict(String scenario, Metric metric) {
    return verdicts.get(key(scenario, metric, ""));
  }

  /** Every cell, section by section, scenario by scenario, metric by metric. */
  public List<Cell> cells() {
    return List.copyOf(cells.values());
  }

  public List<Verdict> verdicts() {
    return List.copyOf(verdicts.values());
  }

  /** Per metric, in {@link Metric} order, the cells compared with the draft and those within. */
  public List<Tally> tallies() {
    List<Tally> tallies = new ArrayList<>();
    for (Metric metric : Metric.values()) {
      int compared = 0;
      int within = 0;
      for (Cell cell : cells.values()) {
        if (cell.metric() == metric && cell.withinTolerance() != null) {
          compared++;
          within += cell.withinTolerance() ? 1 : 0;
        }
      }
      if (compared > 0) {
        tallies.add(new Tally(metric, compared, within));
      }
    }
    return tallies;
  }

  /**
   * The cells of one of the draft's tables (a section's metric), for one controller or for all
   * ({@code controller} null), compared with the draft, and those within tolerance.
   */
  public Tally tally(Section section, Metric metric, String controller) {
    int compared = 0;
    int within = 0;
    for (Cell cell : cells.values()) {
      if (cell.group().equals(section.id())
          && cell.metric() == metric
          && (controller == null || cell.controller().equals(controller))
          && cell.withinTolerance() != null) {
        compared++;
        within += cell.withinTolerance() ? 1 : 0;
      }
    }
    return new Tally(metric, compared, within);
  }

  /** Cells where our c4, bbr and cubic all have a value. */
  public int c4Comparisons() {
    return (int) verdicts.values().stream().filter(v -> v.c4BetterThanBoth() != null).count();
  }

  /** Of {@link #c4Comparisons}, those where c4 beats both. */
  public int c4Wins() {
    return (int)
        verdicts.values().stream().filter(v -> Boolean.TRUE.equals(v.c4BetterThanBoth())).count();
  }

  /** Cells where the draft has c4, bbr and cubic values for our controllers. */
  public int publishedC4Comparisons() {
    return (int)
        verdicts.values().stream().filter(v -> v.publishedC4BetterThanBoth() != null).count();
  }

  /** Of {@link #publishedC4Comparisons}, those where the draft's c4 beats both. */
  public int publishedC4Wins() {
    return (int)
        verdicts.values().stream()
            .filter(v -> Boolean.TRUE.equals(v.publishedC4BetterThanBoth()))
            .count();
  }

  /** Verdicts where ours is a tie: no controller's interval separates from the others'. */
  public int ties() {
    return (int) verdicts.values().stream().filter(v -> isTie(v.best())).count();
  }

  /** Verdicts where our controllers' values were compared (two or more have one). */
  public int comparedVerdicts() {
    return (int)
        verdicts.values().stream()
            .filter(v -> v.best() != null && controllersWithValue(v) > 1)
            .count();
  }

  private int controllersWithValue(Verdict verdict) {
    return (int)
        controllers.stream()
            .filter(c -> cell(verdict.scenario(), verdict.metric(), c).value() != null)
            .count();
  }

  /** Verdicts with both a best controller of ours and one of the draft. */
  public int bestComparisons() {
    return (int)
        verdicts.values().stream()
            .filter(v -> v.best() != null && v.publishedBest() != null)
            .count();
  }

  /** Of {@link #bestComparisons}, those that name the same controller. */
  public int bestAgreements() {
    return (int)
        verdicts.values().stream()
            .filter(v -> v.best() != null && v.best().equals(v.publishedBest()))
            .count();
  }

  /** Runs of a scenario and controller, and how many of them did not complete. */
  public record RunCount(int runs, int incomplete) {}

  public RunCount runCount(String scenario, String controller) {
    List<RunRecord> ofCell = runs.runs(scenario, controller);
    int incomplete = (int) ofCell.stream().filter(r -> r.completionTimeMicros() == null).count();
    return new RunCount(ofCell.size(), incomplete);
  }

  private static String key(String scenario, Metric metric, String controller) {
    return scenario + '\u0000' + metric.id() + '\u0000' + controller;
  }
}

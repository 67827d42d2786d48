package dev.moqbed.suite.report;

import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.output.statistics.RunStatistics;
import dev.moqbed.suite.report.ReportModel.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The first thing a report shows: per scenario (rows) and metric (columns), the controller that
 * wins, "tie" where none beats every other beyond the minimum effect, empty where the draft reports
 * no such metric for the scenario.
 *
 * @param metrics the columns, in the draft's order
 * @param rows per scenario, in the report's order, each metric's verdict ({@link Verdict#best})
 */
public record WinnersGrid(List<Metric> metrics, Map<String, Map<Metric, String>> rows) {

  /** The grid of {@code model}'s verdicts; empty rows when fewer than two controllers ran. */
  public static WinnersGrid of(ReportModel model) {
    Map<String, Map<Metric, String>> rows = new LinkedHashMap<>();
    List<Metric> metrics = new ArrayList<>();
    if (model.comparedVerdicts() == 0) {
      return new WinnersGrid(metrics, rows);
    }
    for (Verdict verdict : model.verdicts()) {
      if (verdict.best() == null) {
        continue;
      }
      if (!metrics.contains(verdict.metric())) {
        metrics.add(verdict.metric());
      }
      rows.computeIfAbsent(verdict.scenario(), s -> new LinkedHashMap<>())
          .put(verdict.metric(), cell(verdict.best()));
    }
    metrics.sort(null); // the enum's order: the draft's
    return new WinnersGrid(List.copyOf(metrics), rows);
  }

  /** A cell: the winner, or "tie" (the tied controllers are in the detailed tables). */
  private static String cell(String best) {
    return ReportModel.isTie(best) ? ReportModel.TIE : best;
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** How a winner is named, for the reader, with {@code effects}' figures. */
  public static String rule(EffectSettings effects) {
    return rule(effects, String.format(Locale.ROOT, "%.0f µs", effects.latencyMicros()));
  }

  /** The rule with the minimum time written by the caller: the HTML page's {@code 1.00 ms}. */
  static String rule(EffectSettings effects, String minimumTime) {
    return String.format(
        Locale.ROOT,
        "A controller wins a cell when, with 95 %% confidence, it beats every other by more than the"
            + " minimum effect: %.0f %% of the figure and at least %s for times and RTTs, %.0f"
            + " point(s) for loads (report --min-effect); otherwise the cell is a tie. Cells of"
            + " fewer than %d runs have no interval and name no winner.",
        effects.relative() * 100,
        minimumTime,
        effects.percentPoints(),
        RunStatistics.MINIMUM_RUNS);
  }
}

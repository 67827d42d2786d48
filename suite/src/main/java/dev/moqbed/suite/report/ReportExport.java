package dev.moqbed.suite.report;

import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.suite.Workload;
import dev.moqbed.suite.report.ReportModel.Cell;
import dev.moqbed.suite.report.ReportModel.Tally;
import dev.moqbed.suite.report.ReportModel.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report for tools: CSV with one line per cell (long form, easy to load in pandas or a
 * spreadsheet), or JSON with the cells, the verdicts per scenario and metric, and the summary.
 */
public final class ReportExport {
  /** The CSV columns, also the member names of a JSON cell. */
  public static final List<String> CELL_COLUMNS =
      List.of(
          "group",
          "scenario",
          "metric",
          "cc",
          "runs",
          "value",
          "published",
          "ratio",
          "difference",
          "within_tolerance",
          "best",
          "published_best",
          "ci95_low",
          "ci95_high");

  /** The group of the MoQ chain's lines in the CSV. */
  static final String MOQ_CHAIN_GROUP = "moq_chain";

  /** The group of the fairness scenarios' lines in the CSV. */
  static final String FAIRNESS_GROUP = "fairness";

  /** The group of the fairness lines whose media crossed the MoQ chain (simulated or live). */
  static final String FAIRNESS_MOQ_GROUP = "fairness_moq";

  private ReportExport() {}

  public static String render(ReportModel model, ReportFormat format) {
    return switch (format) {
      case MARKDOWN -> MarkdownReport.render(model);
      case CSV -> csv(model);
      case JSON -> json(model);
    };
  }

  static String csv(ReportModel model) {
    Table table = new Table(CELL_COLUMNS);
    for (Cell cell : model.cells()) {
      table.row(cellValues(model, cell).values().toArray());
    }
    for (MoqChainTable.Row row : model.moqChain().rows()) {
      moqChainLine(table, row, "media_latency_avg_us", row.averageLatency(), row);
      moqChainLine(table, row, "media_latency_avg_p90_us", row.averageLatencyP90(), null);
      moqChainLine(table, row, "media_latency_max_avg_us", row.maxLatency(), null);
      moqChainLine(table, row, "media_latency_max_p90_us", row.maxLatencyP90(), null);
      row.trackAverageLatency()
          .forEach(
              (track, value) ->
                  moqChainLine(table, row, "track_" + track + "_latency_avg_us", value, null));
      moqChainLine(table, row, "stop_sending_per_run", row.stopSending(), null);
      moqChainLine(table, row, "frames_cancelled_per_run", row.framesCancelled(), null);
      moqChainLine(
          table, row, "draft_workload_media_latency_avg_us", row.draftWorkloadLatency(), null);
    }
    for (FairnessTable.Row row : model.fairness().rows()) {
      fairnessValues(row)
          .forEach(
              (metric, value) -> {
                if (!List.of("scenario", "cc", "runs", "workload").contains(metric)) {
                  table.row(
                      row.workload() == Workload.MOQ ? FAIRNESS_MOQ_GROUP : FAIRNESS_GROUP,
                      row.scenario(),
                      metric,
                      row.controller(),
                      row.runs(),
                      value,
                      null,
                      null,
                      null,
                      null,
                      null,
                      null,
                      null,
                      null);
                }
              });
    }
    return table.render(OutputFormat.CSV);
  }

  /** One fairness row by metric name; beyond the draft, so nothing published beside it. */
  private static Map<String, Object> fairnessValues(FairnessTable.Row row) {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("scenario", row.scenario());
    values.put("cc", row.controller());
    values.put("runs", row.runs());
    values.put("workload", row.workload().id());
    values.put("media_stalls_avg", Math.round(row.stallsMean() * 100) / 100.0);
    values.put(
        "media_stalls_ci95",
        row.stallsCi95() == null ? null : Math.round(row.stallsCi95() * 100) / 100.0);
    values.put("media_latency_avg_us", row.latencyAverage());
    values.put("media_latency_max_p90_us", row.maxLatencyP90());
    values.put("bulk_completion_avg_us", row.bulkCompletionMean());
    values.put("bulk_incomplete", row.bulkIncomplete());
    return values;
  }

  /**
   * One line of the MoQ chain in the cells' long form (group {@code moq_chain}); only the average
   * latency carries the draft's published value, beside it and not compared.
   */
  private static void moqChainLine(
      Table table,
      MoqChainTable.Row row,
      String metric,
      Object value,
      MoqChainTable.Row withDraft) {
    table.row(
        MOQ_CHAIN_GROUP,
        row.scenario(),
        metric,
        row.controller(),
        row.runs(),
        value,
        withDraft == null ? null : withDraft.publishedLatency(),
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  private static Map<String, Object> moqChainValues(MoqChainTable.Row row) {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("scenario", row.scenario());
    values.put("cc", row.controller());
    values.put("runs", row.runs());
    values.put("incomplete", row.incomplete());
    values.put("media_latency_avg_us", row.averageLatency());
    values.put("media_latency_avg_p90_us", row.averageLatencyP90());
    values.put("media_latency_max_avg_us", row.maxLatency());
    values.put("media_latency_max_p90_us", row.maxLatencyP90());
    values.put("track_average_latency_us", new LinkedHashMap<>(row.trackAverageLatency()));
    values.put("stop_sending_per_run", row.stopSending());
    values.put("frames_cancelled_per_run", row.framesCancelled());
    values.put("draft_workload_media_latency_avg_us", row.draftWorkloadLatency());
    values.put("published_media_latency_avg_us", row.publishedLatency());
    return values;
  }

  static String json(ReportModel model) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("inputs", model.inputs());
    document.put("reference", model.referenceName());
    document.put("runs", model.allRuns().records().size());
    document.put("scenarios", model.allRuns().scenarios());
    document.put("cc", model.controllers());
    document.put("notes", model.runs().notes());
    List<Object> cells = new ArrayList<>();
    for (Cell cell : model.cells()) {
      cells.add(cellValues(model, cell));
    }
    document.put("cells", cells);
    List<Object> verdicts = new ArrayList<>();
    for (Verdict verdict : model.verdicts()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("scenario", verdict.scenario());
      entry.put("metric", verdict.metric().id());
      entry.put("best", verdict.best());
      entry.put("published_best", verdict.publishedBest());
      entry.put("c4_better_than_both", verdict.c4BetterThanBoth());
      entry.put("published_c4_better_than_both", verdict.publishedC4BetterThanBoth());
      verdicts.add(entry);
    }
    document.put("verdicts", verdicts);
    List<Object> moqChain = new ArrayList<>();
    for (MoqChainTable.Row row : model.moqChain().rows()) {
      moqChain.add(moqChainValues(row));
    }
    document.put("moq_chain", moqChain);
    if (!model.fairness().isEmpty()) {
      // only when fairness runs were given: a report of the draft's suite stays as it was
      List<Object> fairness = new ArrayList<>();
      for (FairnessTable.Row row : model.fairness().rows()) {
        fairness.add(fairnessValues(row));
      }
      document.put("fairness", fairness);
    }
    Map<String, Object> summary = new LinkedHashMap<>();
    List<Object> tallies = new ArrayList<>();
    int compared = 0;
    int within = 0;
    for (Tally tally : model.tallies()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("metric", tally.metric().id());
      entry.put("tolerance", tally.metric().tolerance().describe());
      entry.put("within", tally.within());
      entry.put("cells", tally.compared());
      tallies.add(entry);
      compared += tally.compared();
      within += tally.within();
    }
    summary.put("within_tolerance", within);
    summary.put("compared", compared);
    summary.put("by_metric", tallies);
    summary.put("c4_better_than_both", model.c4Wins());
    summary.put("c4_comparisons", model.c4Comparisons());
    summary.put("published_c4_better_than_both", model.publishedC4Wins());
    summary.put("published_c4_comparisons", model.publishedC4Comparisons());
    summary.put("winners_named", model.comparedVerdicts() - model.ties());
    summary.put("ties", model.ties());
    summary.put("interval_method", MarkdownReport.INTERVAL_METHOD);
    summary.put("best_agrees_with_published", model.bestAgreements());
    summary.put("best_comparisons", model.bestComparisons());
    document.put("summary", summary);
    return Json.write(document);
  }

  private static Map<String, Object> cellValues(ReportModel model, Cell cell) {
    Verdict verdict = model.verdict(cell.scenario(), cell.metric());
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("group", cell.group());
    values.put("scenario", cell.scenario());
    values.put("metric", cell.metric().id());
    values.put("cc", cell.controller());
    values.put("runs", cell.runs());
    values.put("value", cell.value());
    values.put("published", cell.published());
    values.put("ratio", cell.ratio() == null ? null : Math.round(cell.ratio() * 1e4) / 1e4);
    values.put("difference", cell.difference());
    values.put("within_tolerance", cell.withinTolerance());
    values.put("best", verdict.best());
    values.put("published_best", verdict.publishedBest());
    ConfidenceInterval interval = cell.interval();
    values.put("ci95_low", interval.exists() ? Math.round(interval.low() * 10) / 10.0 : null);
    values.put("ci95_high", interval.exists() ? Math.round(interval.high() * 10) / 10.0 : null);
    return values;
  }
}

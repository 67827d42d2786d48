package dev.moqbed.suite.report;

import dev.moqbed.suite.report.ReportModel.Cell;
import dev.moqbed.suite.report.ReportModel.RunCount;
import dev.moqbed.suite.report.ReportModel.Section;
import dev.moqbed.suite.report.ReportModel.Tally;
import dev.moqbed.suite.report.ReportModel.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report as Markdown: a summary, then the draft's tables group by group (rows scenarios,
 * columns controllers), each of our cells beside the published one and their ratio (the difference
 * in points for the load), marked ✓ within tolerance and ✗ outside; then the runs.
 */
public final class MarkdownReport {
  /** How the intervals are made, for the reader: the same sentence on every report. */
  static final String INTERVAL_METHOD =
      "intervals by the percentile bootstrap over runs, 2000 resamples, fixed seed";

  private MarkdownReport() {}

  public static String render(ReportModel model) {
    StringBuilder out = new StringBuilder();
    out.append("# moqbed report\n\n");
    header(out, model);
    winners(out, model);
    summary(out, model);
    for (Section section : model.sections()) {
      out.append("## ").append(section.title()).append("\n\n");
      for (Metric metric : section.metrics()) {
        metricTable(out, model, section, metric);
      }
    }
    fairness(out, model);
    moqChain(out, model);
    runs(out, model);
    return out.toString();
  }

  /** The fairness scenarios' table (beyond the draft), when their runs were given. */
  private static void fairness(StringBuilder out, ReportModel model) {
    FairnessTable table = model.fairness();
    if (table.isEmpty()) {
      return;
    }
    out.append("## Fairness to a real-time flow (beyond the draft)\n\n")
        .append(
            "The draft's media mix under the controller in the row, beside one bulk download of"
                + " the scenario's controller (docs/fairness.md); no published values. Stalls:"
                + " frames of the checked tracks later than 400 ms or never delivered, per run,"
                + " mean ± the half-width of its 95 % confidence interval (Student's t). Bulk"
                + " completion: from the download's start. A row marked (moq) carried the media"
                + " through the MoQ chain (publisher, relay, subscriber; live:CC on real QUIC),"
                + " the others quicperf.\n\n");
    List<String> header =
        List.of(
            "scenario",
            "cc",
            "runs",
            "media stalls",
            "± 95 % CI",
            "average av_latency",
            "top 90% max_latency",
            "bulk completion (µs)");
    List<List<String>> rows = new ArrayList<>();
    for (FairnessTable.Row row : table.rows()) {
      rows.add(
          List.of(
              row.scenario(),
              FairnessTable.label(row),
              Integer.toString(row.runs()),
              String.format(Locale.ROOT, "%.1f", row.stallsMean()),
              row.stallsCi95() == null ? "–" : String.format(Locale.ROOT, "%.1f", row.stallsCi95()),
              number(row.latencyAverage()),
              number(row.maxLatencyP90()),
              number(row.bulkCompletionMean())
                  + (row.bulkIncomplete() == 0
                      ? ""
                      : " (" + row.bulkIncomplete() + " unfinished)")));
    }
    List<Boolean> right = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      right.add(i >= 2);
    }
    table(out, header, right, rows);
  }

  /** The MoQ chain's table, when its runs were given. */
  private static void moqChain(StringBuilder out, ReportModel model) {
    MoqChainTable table = model.moqChain();
    if (table.isEmpty()) {
      return;
    }
    out.append(
            "## The MoQ chain (publisher → relay → subscriber: in virtual time, or live where the scenario or controller says so)\n\n")
        .append(
            "Latency from capture to complete arrival at the subscriber, every frame counted;"
                + " the relay sends over the scenario's link with the controller in the row."
                + " The draft workload measures from its client's request schedule and leaves out"
                + " a warm-up, so its column is shown beside, not compared. Per track: mean over"
                + " runs of the track's average latency.\n\n");
    List<String> header =
        new ArrayList<>(
            List.of(
                "scenario",
                "cc",
                "runs",
                "average av_latency",
                "top 90% av_latency",
                "average max_latency",
                "top 90% max_latency"));
    table.tracks().forEach(track -> header.add(track + " av_latency"));
    header.addAll(
        List.of(
            "STOP_SENDING per run",
            "frames cancelled per run",
            "draft workload av_latency",
            "draft published av_latency"));
    List<List<String>> rows = new ArrayList<>();
    for (MoqChainTable.Row row : table.rows()) {
      List<String> cells =
          new ArrayList<>(
              List.of(
                  row.scenario(),
                  row.controller(),
                  row.incomplete() == 0
                      ? Integer.toString(row.runs())
                      : row.runs() + " (" + row.incomplete() + " incomplete)",
                  number(row.averageLatency()),
                  number(row.averageLatencyP90()),
                  number(row.maxLatency()),
                  number(row.maxLatencyP90())));
      table.tracks().forEach(track -> cells.add(number(row.trackAverageLatency().get(track))));
      cells.add(String.format(Locale.ROOT, "%.1f", row.stopSending()));
      cells.add(String.format(Locale.ROOT, "%.1f", row.framesCancelled()));
      cells.add(number(row.draftWorkloadLatency()));
      cells.add(number(row.publishedLatency()));
      rows.add(cells);
    }
    List<Boolean> right = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      right.add(i >= 2);
    }
    table(out, header, right, rows);
  }

  private static String number(Long value) {
    return value == null ? "–" : Long.toString(value);
  }

  private static void header(StringBuilder out, ReportModel model) {
    List<String> inputs = model.inputs().stream().map(i -> "`" + i + "`").toList();
    out.append(
        String.format(
            Locale.ROOT,
            "%s of %s with %s, from %s.",
            count(model.allRuns().records().size(), "run"),
            count(model.allRuns().scenarios().size(), "scenario"),
            count(model.allRuns().controllers().size(), "controller"),
            String.join(", ", inputs)));
    if (model.hasReference()) {
      out.append(" Published values: `").append(model.referenceName()).append("`.");
    }
    out.append(
        " Times and RTTs in µs, loads in %; averages are means over runs, \"top 90%\" the 90th"
            + " percentile (linear), both rounded as the draft's report script. In brackets, our"
            + " value's 95 % interval ("
            + INTERVAL_METHOD
            + "). "
            + WinnersGrid.rule(model.effects())
            + "\n\n");
    for (String note : model.allRuns().notes()) {
      out.append("> Note: ").append(note).append("\n\n");
    }
  }

  /** The grid of winners, scenario by metric; left out with one controller. */
  private static void winners(StringBuilder out, ReportModel model) {
    WinnersGrid grid = WinnersGrid.of(model);
    if (grid.isEmpty()) {
      return;
    }
    out.append("## Winners\n\n");
    List<String> columns = new ArrayList<>(List.of("scenario"));
    List<Boolean> right = new ArrayList<>(List.of(false));
    grid.metrics().forEach(m -> columns.add(m.title()));
    grid.metrics().forEach(m -> right.add(false));
    List<List<String>> rows = new ArrayList<>();
    grid.rows()
        .forEach(
            (scenario, best) -> {
              List<String> row = new ArrayList<>(List.of(scenario));
              grid.metrics().forEach(m -> row.add(best.getOrDefault(m, "")));
              rows.add(row);
            });
    table(out, columns, right, rows);
  }

  /** The summary, left out when there is nothing to say (one controller, no reference). */
  private static void summary(StringBuilder page, ReportModel model) {
    StringBuilder out = new StringBuilder();
    summaryBody(out, model);
    if (out.length() > 0) {
      page.append("## Summary\n\n").append(out);
    }
  }

  private static void summaryBody(StringBuilder out, ReportModel model) {
    List<Tally> tallies = model.tallies();
    if (model.hasReference()) {
      if (tallies.isEmpty()) {
        out.append("No cell has a published value to compare with.\n\n");
      } else {
        List<List<String>> rows = new ArrayList<>();
        int compared = 0;
        int within = 0;
        for (Tally tally : tallies) {
          rows.add(
              List.of(
                  tally.metric().title(),
                  tally.metric().tolerance().describe(),
                  Integer.toString(tally.within()),
                  Integer.toString(tally.compared())));
          compared += tally.compared();
          within += tally.within();
        }
        rows.add(List.of("all", "", Integer.toString(within), Integer.toString(compared)));
        table(
            out,
            List.of("metric", "tolerance", "within", "cells"),
            List.of(false, false, true, true),
            rows);
        out.append(
            String.format(
                Locale.ROOT,
                "Cells within tolerance of the draft: %d of %d.%n%n",
                within,
                compared));
        byTable(out, model);
      }
    }
    if (model.c4Comparisons() > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "C4 better than both BBR and Cubic in %d of %d cells",
              model.c4Wins(),
              model.c4Comparisons()));
      if (model.publishedC4Comparisons() > 0) {
        out.append(
            String.format(
                Locale.ROOT,
                " (draft: %d of %d)",
                model.publishedC4Wins(),
                model.publishedC4Comparisons()));
      }
      out.append(
          " — lower is better, except the load; ours counts only where c4 beats both beyond the"
              + " minimum effect with 95 % confidence.\n\n");
    }
    if (model.comparedVerdicts() > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "Winners named in %d of %d cells; %d are ties (a tie: the best controller does not"
                  + " beat another beyond the minimum effect with 95 %% confidence; %s).%n%n",
              model.comparedVerdicts() - model.ties(),
              model.comparedVerdicts(),
              model.ties(),
              INTERVAL_METHOD));
    }
    if (model.bestComparisons() > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "Best controller the same as the draft's in %d of %d cells.%n%n",
              model.bestAgreements(),
              model.bestComparisons()));
    }
  }

  /** Within tolerance per table of the draft (group and metric), per controller and in all. */
  private static void byTable(StringBuilder out, ReportModel model) {
    List<String> columns = new ArrayList<>(List.of("table"));
    List<Boolean> right = new ArrayList<>(List.of(false));
    for (String controller : model.controllers()) {
      columns.add(controller);
      right.add(true);
    }
    columns.add("all");
    right.add(true);
    List<List<String>> rows = new ArrayList<>();
    for (Section section : model.sections()) {
      for (Metric metric : section.metrics()) {
        Tally all = model.tally(section, metric, null);
        if (all.compared() == 0) {
          continue;
        }
        List<String> row = new ArrayList<>(List.of(section.title() + ": " + metric.title()));
        for (String controller : model.controllers()) {
          Tally tally = model.tally(section, metric, controller);
          row.add(tally.compared() == 0 ? "" : tally.within() + "/" + tally.compared());
        }
        row.add(all.within() + "/" + all.compared());
        rows.add(row);
      }
    }
    out.append("Within tolerance per table of the draft (cells within / compared):\n\n");
    table(out, columns, right, rows);
  }

  private static void metricTable(
      StringBuilder out, ReportModel model, Section section, Metric metric) {
    out.append("### ").append(metric.title()).append(" (").append(metric.unit()).append(")\n\n");
    boolean reference = model.hasReference();
    List<String> columns = new ArrayList<>(List.of("scenario"));
    List<Boolean> right = new ArrayList<>(List.of(false));
    for (String controller : model.controllers()) {
      columns.add(controller);
      right.add(true);
      if (reference) {
        columns.add(controller + " draft");
        columns.add(controller + (metric.tolerance().relativeToPublished() ? " ratio" : " Δ"));
        right.add(true);
        right.add(true);
      }
    }
    // one controller has nothing to be compared with: no winner column
    boolean compare = model.controllers().size() > 1;
    if (compare) {
      columns.add("best");
      right.add(false);
    }
    if (compare && reference) {
      columns.add("draft best");
      right.add(false);
    }
    List<List<String>> rows = new ArrayList<>();
    for (String scenario : section.scenarios()) {
      List<String> row = new ArrayList<>(List.of(scenario));
      for (String controller : model.controllers()) {
        Cell cell = model.cell(scenario, metric, controller);
        row.add(
            value(cell.value(), metric)
                + (cell.interval().exists()
                    ? " [" + intervalText(cell.interval(), metric) + "]"
                    : ""));
        if (reference) {
          row.add(value(cell.published(), metric));
          row.add(comparison(cell));
        }
      }
      Verdict verdict = model.verdict(scenario, metric);
      if (compare) {
        row.add(verdict.best() == null ? "" : verdict.best());
      }
      if (compare && reference) {
        row.add(verdict.publishedBest() == null ? "" : verdict.publishedBest());
      }
      rows.add(row);
    }
    table(out, columns, right, rows);
  }

  private static void runs(StringBuilder out, ReportModel model) {
    if (model.runs().records().isEmpty()) {
      return; // only MoQ-chain runs: their table counts them
    }
    out.append("## Runs\n\n");
    List<String> columns = new ArrayList<>(List.of("scenario"));
    List<Boolean> right = new ArrayList<>(List.of(false));
    for (String controller : model.controllers()) {
      columns.add(controller);
      right.add(true);
    }
    List<List<String>> rows = new ArrayList<>();
    for (String scenario : model.runs().scenarios()) {
      List<String> row = new ArrayList<>(List.of(scenario));
      for (String controller : model.controllers()) {
        RunCount count = model.runCount(scenario, controller);
        row.add(
            count.runs() == 0
                ? ""
                : count.runs()
                    + (count.incomplete() == 0 ? "" : " (" + count.incomplete() + " incomplete)"));
      }
      rows.add(row);
    }
    table(out, columns, right, rows);
    out.append(
        "An incomplete run did not finish within the simulation's time limit; it counts in the"
            + " RTT and load cells, not in the time cells.\n");
  }

  private static String count(int count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }

  /** A value as the draft prints it: µs as an integer, loads with a % sign. */
  static String value(Long value, Metric metric) {
    if (value == null) {
      return "";
    }
    return metric.unit().equals("%") ? value + "%" : Long.toString(value);
  }

  /** {@code 4000000–4100000}: µs rounded to integers, loads to a tenth of a point. */
  static String intervalText(ConfidenceInterval interval, Metric metric) {
    return metric.unit().equals("%")
        ? String.format(Locale.ROOT, "%.1f–%.1f", interval.low(), interval.high())
        : Math.round(interval.low()) + "–" + Math.round(interval.high());
  }

  /** {@code 0.972 ✓}, or for the load {@code +2 ✓} (points). */
  static String comparison(Cell cell) {
    if (cell.withinTolerance() == null) {
      return "";
    }
    String mark = cell.withinTolerance() ? " ✓" : " ✗";
    if (!cell.metric().tolerance().relativeToPublished()) {
      long difference = cell.difference();
      return (difference > 0 ? "+" : "") + difference + mark;
    }
    return cell.ratio() == null
        ? "–" + mark
        : new java.math.BigDecimal(cell.ratio())
                .setScale(3, java.math.RoundingMode.HALF_EVEN)
                .toPlainString()
            + mark;
  }

  private static void table(
      StringBuilder out, List<String> columns, List<Boolean> right, List<List<String>> rows) {
    out.append('|');
    for (String column : columns) {
      out.append(' ').append(escape(column)).append(" |");
    }
    out.append("\n|");
    for (Boolean alignRight : right) {
      out.append(alignRight ? " ---: |" : " --- |");
    }
    out.append('\n');
    for (List<String> row : rows) {
      out.append('|');
      for (String cell : row) {
        out.append(' ').append(escape(cell)).append(" |");
      }
      out.append('\n');
    }
    out.append('\n');
  }

  private static String escape(String text) {
    return text.replace("|", "\\|");
  }
}

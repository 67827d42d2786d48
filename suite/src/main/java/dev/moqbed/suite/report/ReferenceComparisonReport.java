package dev.moqbed.suite.report;

import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.output.statistics.Estimate;
import dev.moqbed.output.statistics.RunStatistics;
import dev.moqbed.suite.report.ReferenceComparison.Cell;
import dev.moqbed.suite.report.ReferenceComparison.Mark;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code report --against-reference}: for people an aligned table that fits 120 columns (the
 * default, markdown, format), for tools one CSV line or JSON object per cell in {@code runs.csv}'s
 * units.
 */
public final class ReferenceComparisonReport {
  /** The columns of the people's table; the numeric ones are right-aligned. */
  private static final List<String> COLUMNS =
      List.of(
          "scenario", "cc", "metric", "runs", "ours", "ref", "ratio", "ours - ref [95 %]", "mark");

  /** The columns of the list of runs that would decide the cells not distinguishable. */
  private static final List<String> DECISION_COLUMNS =
      List.of("scenario", "cc", "metric", "runs", "fewest", "to decide", "would be");

  private static final int FIRST_NUMERIC_COLUMN = 3;
  private static final int LAST_NUMERIC_COLUMN = 7;

  private ReferenceComparisonReport() {}

  public static String render(ReferenceComparison comparison, ReportFormat format) {
    return switch (format) {
      case MARKDOWN -> text(comparison);
      case CSV -> table(comparison).render(OutputFormat.CSV);
      case JSON -> json(comparison);
    };
  }

  /**
   * One row per cell for tools: metric names and units as in {@code runs.csv} (µs; the load a
   * fraction), the interval's bounds, the band's half-width and the mark's enum name, both sides'
   * standard deviations (per run, the metric's unit); then the runs a side below which the cell
   * cannot be marked within, and for a cell not distinguishable the runs a side that would decide
   * it and the mark they would give ({@link RunsToDecide}; blank when out of reach).
   */
  static Table table(ReferenceComparison comparison) {
    Table table =
        new Table(
            "scenario",
            "cc",
            "metric",
            "runs",
            "reference_runs",
            "mean",
            "reference_mean",
            "ratio",
            "difference",
            "ci95_low",
            "ci95_high",
            "tolerance",
            "mark",
            "sd",
            "reference_sd",
            "fewest_runs_within",
            "runs_to_decide",
            "leaning");
    for (Cell cell : comparison.cells()) {
      Estimate d = cell.difference();
      table.row(
          cell.scenario(),
          cell.controller(),
          cell.metric().column(),
          cell.ourRuns(),
          cell.referenceRuns(),
          round(cell.ours()),
          round(cell.reference()),
          Double.isFinite(cell.ratio()) ? round(cell.ratio()) : null,
          round(d.value()),
          d.hasInterval() ? round(d.low()) : null,
          d.hasInterval() ? round(d.high()) : null,
          round(cell.band()),
          lowerCase(cell.mark()),
          round(Math.sqrt(cell.ourVariance())),
          round(Math.sqrt(cell.referenceVariance())),
          runsOrBlank(cell.fewestRunsForWithin()),
          cell.runsToDecide().map(r -> runsOrBlank(r.runsPerSide())).orElse(null),
          cell.runsToDecide().map(r -> lowerCase(r.leaning())).orElse(null));
    }
    return table;
  }

  private static String text(ReferenceComparison comparison) {
    StringBuilder out = new StringBuilder();
    out.append("ours:  ").append(comparison.ourName()).append('\n');
    out.append("ref:   ").append(comparison.referenceName()).append('\n');
    for (String note : comparison.notes()) {
      out.append("note:  ").append(note).append('\n');
    }
    out.append(
        "Tolerance: time ±5 %, RTT and (media) latency ±15 % of the reference's mean, load ±5"
            + " points.\n"
            + "Interval: 95 % of the difference of the means, Welch's t. within tolerance: the"
            + " interval lies wholly\n"
            + "inside the band; off: wholly outside it; not distinguishable: across an edge"
            + " (more runs narrow it).\n\n");
    List<List<String>> rows = new ArrayList<>();
    rows.add(COLUMNS);
    for (Cell cell : comparison.cells()) {
      rows.add(
          row(
              cell,
              ReferenceCellText.value(cell.metric(), cell.ours()),
              ReferenceCellText.value(cell.metric(), cell.reference()),
              ReferenceCellText.ratio(cell.ratio()),
              ReferenceCellText.difference(cell.metric(), cell.difference()),
              cell.mark().words()));
    }
    appendAligned(out, rows, FIRST_NUMERIC_COLUMN, LAST_NUMERIC_COLUMN);
    out.append('\n').append(summary(comparison)).append('\n');
    appendRunsToDecide(out, comparison);
    List<String> oneSided = comparison.oneSided();
    if (!oneSided.isEmpty()) {
      out.append(
          String.format(
              Locale.ROOT,
              "Not compared: %d %s only one side measured, e.g. %s.%n",
              oneSided.size(),
              oneSided.size() == 1 ? "cell" : "cells",
              oneSided.get(0)));
    }
    return out.toString();
  }

  /** {@code 348 cells: 314 within tolerance, 16 off, 18 not distinguishable}. */
  static String summary(ReferenceComparison comparison) {
    return String.format(
        Locale.ROOT,
        "%d %s: %d within tolerance, %d off, %d not distinguishable",
        comparison.cells().size(),
        comparison.cells().size() == 1 ? "cell" : "cells",
        comparison.count(Mark.WITHIN),
        comparison.count(Mark.OFF),
        comparison.count(Mark.NOT_DISTINGUISHABLE));
  }

  /**
   * A row of people's text: the cell's scenario, controller, metric and runs, then {@code rest}.
   */
  private static List<String> row(Cell cell, String... rest) {
    List<String> row = new ArrayList<>(4 + rest.length);
    row.addAll(
        List.of(
            cell.scenario(),
            cell.controller(),
            cell.metric().label(),
            cell.ourRuns() + "/" + cell.referenceRuns()));
    row.addAll(List.of(rest));
    return row;
  }

  /**
   * For the cells not distinguishable, the runs a side that would decide each if the means and
   * spreads stayed, so a reader knows how many runs to ask for (or that the difference leans off).
   */
  private static void appendRunsToDecide(StringBuilder out, ReferenceComparison comparison) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(DECISION_COLUMNS);
    for (Cell cell : comparison.cells()) {
      cell.runsToDecide()
          .ifPresent(
              decision ->
                  rows.add(
                      row(
                          cell,
                          runsText(cell.fewestRunsForWithin()),
                          runsText(decision.runsPerSide()),
                          decision.leaning().words())));
    }
    if (rows.size() == 1) {
      return;
    }
    out.append(
        "\nNot distinguishable, if both sides kept their means and spreads (a projection): fewest,"
            + " the runs a side\nbelow which even equal means could not be marked within; to"
            + " decide, the runs a side that would\nput the interval wholly inside or outside the"
            + " band, and the mark that would be.\n\n");
    appendAligned(out, rows, 3, 5);
  }

  /**
   * Columns two spaces apart, the columns {@code firstNumeric} to {@code lastNumeric}
   * right-aligned, a dashed line under the header.
   */
  private static void appendAligned(
      StringBuilder out, List<List<String>> rows, int firstNumeric, int lastNumeric) {
    int[] widths = new int[rows.get(0).size()];
    for (List<String> row : rows) {
      for (int c = 0; c < widths.length; c++) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    for (int r = 0; r < rows.size(); r++) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < widths.length; c++) {
        String cell = rows.get(r).get(c);
        String padding = " ".repeat(widths[c] - cell.length());
        boolean right = c >= firstNumeric && c <= lastNumeric;
        line.append(c == 0 ? "" : "  ").append(right ? padding + cell : cell + padding);
      }
      out.append(line.toString().stripTrailing()).append('\n');
      if (r == 0) {
        StringBuilder dashes = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
          dashes.append(c == 0 ? "" : "  ").append("-".repeat(widths[c]));
        }
        out.append(dashes).append('\n');
      }
    }
  }

  private static String json(ReferenceComparison comparison) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("sweep", comparison.ourName());
    document.put("reference", comparison.referenceName());
    Map<String, Object> counts = new LinkedHashMap<>();
    counts.put("cells", comparison.cells().size());
    for (Mark mark : Mark.values()) {
      counts.put(mark.name().toLowerCase(Locale.ROOT), comparison.count(mark));
    }
    document.put("counts", counts);
    document.put("one_sided", comparison.oneSided());
    document.put("notes", comparison.notes());
    document.put("cells", Json.parse(table(comparison).render(OutputFormat.JSON)));
    return Json.write(document);
  }

  private static String lowerCase(Mark mark) {
    return mark.name().toLowerCase(Locale.ROOT);
  }

  /** "1,240", or "out of reach". */
  private static String runsText(long runs) {
    return runs < RunStatistics.RUNS_OUT_OF_REACH
        ? String.format(Locale.ROOT, "%,d", runs)
        : "out of reach";
  }

  /** A count of runs, or null (a blank cell) when out of reach. */
  private static Long runsOrBlank(long runs) {
    return runs < RunStatistics.RUNS_OUT_OF_REACH ? runs : null;
  }

  /**
   * To 0.0001: below a microsecond for times, a hundredth of a point for loads. A BigDecimal, which
   * the table prints as it is, where it would print a double to three decimals (a tenth of a
   * point).
   */
  private static BigDecimal round(double value) {
    BigDecimal rounded =
        new BigDecimal(value).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
    return rounded.scale() < 0 ? rounded.setScale(0) : rounded;
  }
}

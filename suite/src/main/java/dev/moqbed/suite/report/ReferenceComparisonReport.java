package dev.moqbed.suite.report;

import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.output.statistics.Estimate;
import dev.moqbed.suite.report.ReferenceComparison.Cell;
import dev.moqbed.suite.report.ReferenceComparison.Mark;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code report --against-reference}: the cells as Markdown, CSV or one JSON document. */
public final class ReferenceComparisonReport {
  private ReferenceComparisonReport() {}

  public static String render(ReferenceComparison comparison, ReportFormat format) {
    return switch (format) {
      case MARKDOWN -> markdown(comparison);
      case CSV -> table(comparison).render(OutputFormat.CSV);
      case JSON -> json(comparison);
    };
  }

  /** One row per cell in the metrics' units, for tools. */
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
            "mark");
    for (Cell cell : comparison.cells()) {
      Estimate d = cell.difference();
      table.row(
          cell.scenario(),
          cell.controller(),
          cell.metric().id(),
          cell.ourRuns(),
          cell.referenceRuns(),
          round(cell.ours()),
          round(cell.reference()),
          Math.round(cell.ratio() * 1000) / 1000.0,
          round(d.value()),
          d.hasInterval() ? round(d.low()) : null,
          d.hasInterval() ? round(d.high()) : null,
          round(cell.band()),
          cell.mark().name().toLowerCase(Locale.ROOT));
    }
    return table;
  }

  private static String markdown(ReferenceComparison comparison) {
    StringBuilder out = new StringBuilder("# moqbed against reference runs\n\n");
    List<Cell> cells = comparison.cells();
    out.append(
        String.format(
            Locale.ROOT,
            "%d cells compared with `%s`: %d within tolerance, %d not distinguishable, %d off."
                + " Tolerances: time ±5 %%, RTT and media latency ±15 %% of the reference's mean,"
                + " load ±5 points. A cell is off when the 95 %% interval of the difference of the"
                + " means (Welch's t; an interval needs 6 runs on each side) lies wholly outside"
                + " the tolerance, so the runs' own noise cannot explain it; not distinguishable"
                + " when the means are outside the tolerance but the interval reaches into it."
                + " Times in µs, loads in %%.%n%n",
            cells.size(),
            comparison.referenceName(),
            comparison.count(Mark.WITHIN),
            comparison.count(Mark.NOT_DISTINGUISHABLE),
            comparison.count(Mark.OFF)));
    out.append(
        "| scenario | cc | metric | runs | ours | reference | ratio | difference [95 % interval]"
            + " | tolerance | mark |\n");
    out.append("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
    for (Cell cell : cells) {
      Estimate d = cell.difference();
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %d/%d | %.0f | %.0f | %s | %s | ±%.0f | %s |%n",
              cell.scenario(),
              cell.controller(),
              cell.metric().title(),
              cell.ourRuns(),
              cell.referenceRuns(),
              cell.ours(),
              cell.reference(),
              "%".equals(cell.metric().unit())
                  ? String.format(Locale.ROOT, "%+.1f pt", cell.ours() - cell.reference())
                  : String.format(Locale.ROOT, "%.3f", cell.ratio()),
              String.format(Locale.ROOT, "%.0f", d.value())
                  + (d.hasInterval()
                      ? String.format(Locale.ROOT, " [%.0f, %.0f]", d.low(), d.high())
                      : ""),
              cell.band(),
              cell.mark().words()));
    }
    return out.toString();
  }

  private static String json(ReferenceComparison comparison) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("reference", comparison.referenceName());
    Map<String, Object> counts = new LinkedHashMap<>();
    for (Mark mark : Mark.values()) {
      counts.put(mark.name().toLowerCase(Locale.ROOT), comparison.count(mark));
    }
    document.put("counts", counts);
    document.put("cells", Json.parse(table(comparison).render(OutputFormat.JSON)));
    return Json.write(document);
  }

  private static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}

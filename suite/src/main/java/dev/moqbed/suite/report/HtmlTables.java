package dev.moqbed.suite.report;

import dev.moqbed.suite.report.ReadableTime.Unit;
import dev.moqbed.suite.report.ReportModel.Cell;
import dev.moqbed.suite.report.ReportModel.Section;
import dev.moqbed.suite.report.ReportModel.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The HTML page's tables of figures: per scenario the draft's cells, and the MoQ chain's rows.
 * Times read in s or ms with three significant digits ({@link ReadableTime}), one unit per row (the
 * scenario tables) or per table (the MoQ chain's), named in the header. Every table sits in a box
 * that scrolls sideways when the table is wider than the page, so the page itself never does.
 */
final class HtmlTables {
  /** The box around every table: it scrolls, the page does not. */
  static final String OPEN = "<div class=\"table-scroll\">";

  static final String CLOSE = "</div>\n";

  /** The tables' rules, appended to the page's style sheet. */
  static final String STYLE =
      ".table-scroll{max-width:100%;overflow-x:auto;margin:.5em 0}"
          + ".table-scroll table{margin:0}"
          + "td.n>span,td.n>small{white-space:nowrap}"
          + "th.group{text-align:center;font-weight:600;background:#f4f4f4}"
          + "p.definitions{font-size:90%;color:#444;margin-top:.2em}";

  private HtmlTables() {}

  /** The cells of one scenario: a row per metric, a column per controller. */
  static void scenario(StringBuilder out, ReportModel model, Section section, String scenario) {
    boolean compare = model.controllers().size() > 1;
    out.append(OPEN).append("<table><tr><th>metric (draft workload)</th>");
    for (String controller : model.controllers()) {
      out.append("<th>").append(HtmlReport.escape(controller)).append("</th>");
    }
    if (compare) {
      out.append("<th>winner (95 % intervals)</th>");
      if (model.hasReference()) {
        out.append("<th>draft best</th>");
      }
    }
    out.append("</tr>");
    for (Metric metric : section.metrics()) {
      metricRow(out, model, scenario, metric, compare);
    }
    out.append("</table>").append(CLOSE);
  }

  private static void metricRow(
      StringBuilder out, ReportModel model, String scenario, Metric metric, boolean compare) {
    List<Cell> cells = new ArrayList<>();
    for (String controller : model.controllers()) {
      cells.add(model.cell(scenario, metric, controller));
    }
    Figures figures = Figures.of(metric, cells);
    out.append("<tr><td>")
        .append(HtmlReport.escape(metric.title()))
        .append(" (")
        .append(figures.unitSymbol())
        .append(")</td>");
    for (Cell cell : cells) {
      out.append("<td class=\"n\"><span>").append(figures.value(cell.value()));
      if (cell.interval().exists()) {
        out.append(" <small>[")
            .append(figures.value(cell.interval().low()))
            .append("–")
            .append(figures.value(cell.interval().high()))
            .append("]</small>");
      }
      out.append("</span>");
      if (cell.published() != null) {
        out.append(" <small>(draft ")
            .append(figures.value(cell.published()))
            .append(", <span class=\"")
            .append(Boolean.TRUE.equals(cell.withinTolerance()) ? "ok" : "off")
            .append("\">")
            .append(HtmlReport.escape(MarkdownReport.comparison(cell)))
            .append("</span>)</small>");
      }
      out.append("</td>");
    }
    if (compare) {
      Verdict verdict = model.verdict(scenario, metric);
      String best = verdict.best() == null ? "" : verdict.best();
      out.append(ReportModel.isTie(best) ? "<td class=\"tie\">" : "<td>")
          .append(HtmlReport.escape(best))
          .append("</td>");
      if (model.hasReference()) {
        out.append("<td>")
            .append(
                HtmlReport.escape(verdict.publishedBest() == null ? "" : verdict.publishedBest()))
            .append("</td>");
      }
    }
    out.append("</tr>");
  }

  /**
   * How one row of a scenario table writes its figures: a time in the row's unit, a load in percent
   * as the draft's tables (integers, intervals to a tenth of a point).
   */
  private record Figures(Metric metric, Unit unit) {
    static Figures of(Metric metric, List<Cell> cells) {
      if (!isTime(metric)) {
        return new Figures(metric, null);
      }
      List<Double> shown = new ArrayList<>();
      for (Cell cell : cells) {
        shown.add(cell.value() == null ? null : cell.value().doubleValue());
        shown.add(cell.published() == null ? null : cell.published().doubleValue());
        if (cell.interval().exists()) {
          shown.add(cell.interval().high());
        }
      }
      return new Figures(metric, ReadableTime.unitFor(shown));
    }

    String unitSymbol() {
      return unit == null ? HtmlReport.escape(metric.unit()) : unit.symbol();
    }

    String value(Long value) {
      if (value == null) {
        return "";
      }
      return unit == null ? value + "%" : unit.format(value);
    }

    String value(double value) {
      return unit == null ? String.format(Locale.ROOT, "%.1f", value) : unit.format(value);
    }
  }

  private static boolean isTime(Metric metric) {
    return metric.unit().equals("µs");
  }

  /** A time column of the MoQ chain's table: its header (HTML) and its figure in a row (µs). */
  private record TimeColumn(String header, Function<MoqChainTable.Row, Long> micros) {
    /** The column's unit, from the largest time it shows. */
    Unit unit(List<MoqChainTable.Row> rows) {
      return ReadableTime.unitFor(rows.stream().map(micros).toList());
    }
  }

  /**
   * The MoQ chain's rows. Its latencies count from capture, the draft workload's from its client's
   * request schedule: both are called av_latency, so the header groups each under what it measures
   * and the draft workload's pair is shown beside, not compared. Each time column takes its own
   * unit (a max_latency of 1.69 s would otherwise turn every 18 ms into 0.0180 s).
   */
  static void moqChain(StringBuilder out, MoqChainTable table) {
    // <wbr>: the long names may break after their underscore, so the table fits a narrow page
    List<TimeColumn> capture =
        List.of(
            new TimeColumn("av_<wbr>latency mean", MoqChainTable.Row::averageLatency),
            new TimeColumn("av_<wbr>latency p90", MoqChainTable.Row::averageLatencyP90),
            new TimeColumn("max_<wbr>latency mean", MoqChainTable.Row::maxLatency),
            new TimeColumn("max_<wbr>latency p90", MoqChainTable.Row::maxLatencyP90));
    List<TimeColumn> tracks =
        table.tracks().stream()
            .map(
                track ->
                    new TimeColumn(
                        HtmlReport.escape(track), row -> row.trackAverageLatency().get(track)))
            .toList();
    List<TimeColumn> draft =
        List.of(
            new TimeColumn("av_<wbr>latency mean, ours", MoqChainTable.Row::draftWorkloadLatency),
            new TimeColumn("av_<wbr>latency mean, published", MoqChainTable.Row::publishedLatency));
    out.append(OPEN)
        .append("<table><tr><th rowspan=\"2\">scenario</th><th rowspan=\"2\">cc</th>")
        .append("<th rowspan=\"2\">runs</th>");
    group(out, "MoQ chain, from capture", capture.size());
    group(out, "MoQ chain, each track's mean", tracks.size());
    group(out, "MoQ chain, per run", 2);
    group(out, "draft workload, from request schedule, not compared", draft.size());
    out.append("</tr><tr>");
    List<TimeColumn> before = new ArrayList<>(capture);
    before.addAll(tracks);
    headers(out, before, table.rows());
    out.append("<th>STOP_<wbr>SENDING</th><th>frames cancelled</th>");
    headers(out, draft, table.rows());
    out.append("</tr>");
    for (MoqChainTable.Row row : table.rows()) {
      moqChainRow(out, row, before, draft, table.rows());
    }
    out.append("</table>")
        .append(CLOSE)
        .append("<p class=\"definitions\">Per run, av_latency is the largest of the tracks'")
        .append(" mean frame latencies and max_latency its largest frame latency on any track;")
        .append(" mean and p90 are over the runs. A track's column is the mean over runs of")
        .append(" that track's mean. STOP_SENDING and frames cancelled: the mean count per run.")
        .append("</p>\n");
  }

  private static void group(StringBuilder out, String title, int columns) {
    if (columns > 0) {
      out.append("<th class=\"group\" colspan=\"")
          .append(columns)
          .append("\">")
          .append(title)
          .append("</th>");
    }
  }

  private static void headers(
      StringBuilder out, List<TimeColumn> columns, List<MoqChainTable.Row> rows) {
    for (TimeColumn column : columns) {
      out.append("<th>")
          .append(column.header())
          .append(" (")
          .append(column.unit(rows).symbol())
          .append(")</th>");
    }
  }

  private static void moqChainRow(
      StringBuilder out,
      MoqChainTable.Row row,
      List<TimeColumn> before,
      List<TimeColumn> draft,
      List<MoqChainTable.Row> rows) {
    out.append("<tr><td>")
        .append(HtmlReport.escape(row.scenario()))
        .append("</td><td>")
        .append(HtmlReport.escape(row.controller()))
        .append("</td><td class=\"n\">")
        .append(row.runs());
    if (row.incomplete() > 0) {
      out.append(" <small>(").append(row.incomplete()).append(" incomplete)</small>");
    }
    out.append("</td>");
    timeCells(out, row, before, rows);
    out.append(String.format(Locale.ROOT, "<td class=\"n\">%.1f</td>", row.stopSending()))
        .append(String.format(Locale.ROOT, "<td class=\"n\">%.1f</td>", row.framesCancelled()));
    timeCells(out, row, draft, rows);
    out.append("</tr>");
  }

  private static void timeCells(
      StringBuilder out,
      MoqChainTable.Row row,
      List<TimeColumn> columns,
      List<MoqChainTable.Row> rows) {
    for (TimeColumn column : columns) {
      Long micros = column.micros().apply(row);
      out.append("<td class=\"n\">")
          .append(micros == null ? "–" : column.unit(rows).format(micros))
          .append("</td>");
    }
  }
}

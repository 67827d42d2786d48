package dev.moqbed.suite.report;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.report.ReportModel.Cell;
import dev.moqbed.suite.report.ReportModel.Section;
import dev.moqbed.suite.report.ReportModel.Tally;
import dev.moqbed.suite.report.ReportModel.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report as one self-contained HTML page: the summary, then per scenario a bar chart of each of
 * the draft's metrics (ours solid, the draft's pale beside it) and the CDF of the completion time
 * over the runs, with the draft's averages as dashed lines. Inline CSS and SVG only.
 */
public final class HtmlReport {
  private static final String STYLE =
      "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}"
          + "h1{margin-bottom:.2em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;"
          + "margin-top:2em}h3{margin:1.2em 0 .4em}"
          + "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;"
          + "padding:2px 8px}td.n{text-align:right;font-variant-numeric:tabular-nums}"
          + ".charts{display:flex;flex-wrap:wrap;gap:8px}"
          + "svg{background:#fafafa;border:1px solid #eee}"
          + "svg .title{font-size:12px;font-weight:600}svg .tick{font-size:10px;fill:#555}"
          + "svg .value{font-size:9px;fill:#333}svg .grid{stroke:#e4e4e4}"
          + "svg .axis{stroke:#999}.ok{color:#1a7f37}.off{color:#c62828}"
          + ".legend span{display:inline-block;margin-right:1.2em}"
          + ".swatch{display:inline-block;width:12px;height:12px;margin-right:4px;"
          + "vertical-align:middle}";

  private HtmlReport() {}

  public static String render(ReportModel model) {
    return render(model, FrameLatencyCdfs.none());
  }

  /** The page, with per-frame latency CDFs of the media scenarios whose frames were read. */
  public static String render(ReportModel model, FrameLatencyCdfs frames) {
    StringBuilder out = new StringBuilder();
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>moqbed report</title>\n<style>")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n<h1>moqbed report</h1>\n");
    out.append("<p>")
        .append(model.allRuns().records().size())
        .append(" runs from ")
        .append(escape(String.join(", ", model.inputs())));
    if (model.hasReference()) {
      out.append("; published values from ").append(escape(model.referenceName()));
    }
    out.append(
        ". Times and RTTs in the tables are µs; the charts show seconds and milliseconds.</p>\n");
    for (String note : model.allRuns().notes()) {
      out.append("<p><em>Note: ").append(escape(note)).append("</em></p>\n");
    }
    legend(out, model);
    summary(out, model);
    for (Section section : model.sections()) {
      out.append("<h2>").append(escape(section.title())).append("</h2>\n");
      for (String scenario : section.scenarios()) {
        scenario(out, model, section, scenario);
      }
    }
    moqChain(out, model.moqChain());
    frameLatencies(out, frames);
    return out.append("</body>\n</html>\n").toString();
  }

  private static void moqChain(StringBuilder out, MoqChainTable table) {
    if (table.isEmpty()) {
      return;
    }
    out.append("<h2>The MoQ chain (publisher → relay → subscriber, virtual time)</h2>\n")
        .append(
            "<p>Latency from capture to complete arrival, every frame counted (µs). The draft"
                + " workload's value is shown beside, not compared: it counts from its client's"
                + " request schedule and leaves out a warm-up.</p>\n<table><tr><th>scenario</th>"
                + "<th>cc</th><th>runs</th><th>average av_latency</th><th>top 90% av_latency</th>"
                + "<th>average max_latency</th><th>top 90% max_latency</th>");
    for (String track : table.tracks()) {
      out.append("<th>").append(escape(track)).append(" av_latency</th>");
    }
    out.append(
        "<th>STOP_SENDING per run</th><th>frames cancelled per run</th>"
            + "<th>draft workload av_latency</th><th>draft published av_latency</th></tr>");
    for (MoqChainTable.Row row : table.rows()) {
      out.append("<tr><td>")
          .append(escape(row.scenario()))
          .append("</td><td>")
          .append(escape(row.controller()))
          .append("</td>");
      numberCell(out, (long) row.runs());
      numberCell(out, row.averageLatency());
      numberCell(out, row.averageLatencyP90());
      numberCell(out, row.maxLatency());
      numberCell(out, row.maxLatencyP90());
      for (String track : table.tracks()) {
        numberCell(out, row.trackAverageLatency().get(track));
      }
      out.append(String.format(Locale.ROOT, "<td class=\"n\">%.1f</td>", row.stopSending()))
          .append(String.format(Locale.ROOT, "<td class=\"n\">%.1f</td>", row.framesCancelled()));
      numberCell(out, row.draftWorkloadLatency());
      numberCell(out, row.publishedLatency());
      out.append("</tr>");
    }
    out.append("</table>\n");
  }

  private static void numberCell(StringBuilder out, Long value) {
    out.append("<td class=\"n\">").append(value == null ? "–" : value).append("</td>");
  }

  /**
   * Per media scenario, one CDF per track of every frame's latency, one line per cc and workload.
   */
  private static void frameLatencies(StringBuilder out, FrameLatencyCdfs frames) {
    if (frames.isEmpty()) {
      return;
    }
    out.append("<h2>Frame latency</h2>\n<p>Every frame of every run that arrived, per track: the")
        .append(" CDF of its latency (ms), one line per controller and workload.</p>\n");
    for (String scenario : frames.scenarios()) {
      Map<String, Map<String, double[]>> byTrack = frames.of(scenario);
      List<String> labels = new ArrayList<>();
      byTrack
          .values()
          .forEach(
              byLabel ->
                  byLabel.keySet().stream()
                      .filter(label -> !labels.contains(label))
                      .forEach(labels::add));
      out.append("<h3>").append(escape(scenario)).append(" frames</h3>\n<p class=\"legend\">");
      for (int i = 0; i < labels.size(); i++) {
        out.append("<span><span class=\"swatch\" style=\"background:")
            .append(SvgCharts.PALETTE[i % SvgCharts.PALETTE.length])
            .append("\"></span>")
            .append(escape(labels.get(i)))
            .append("</span>");
      }
      out.append("</p>\n<div class=\"charts\">\n");
      byTrack.forEach(
          (track, byLabel) -> {
            List<double[]> samples = new ArrayList<>();
            List<Double> none = new ArrayList<>();
            for (String label : labels) {
              double[] quantiles = byLabel.getOrDefault(label, new double[0]);
              double[] millis = new double[quantiles.length];
              for (int i = 0; i < quantiles.length; i++) {
                millis[i] = quantiles[i] / 1000;
              }
              samples.add(millis);
              none.add(null);
            }
            out.append(SvgCharts.cdf(track + " frame latency CDF", labels, samples, none, "ms"))
                .append('\n');
          });
      out.append("</div>\n");
    }
  }

  private static void legend(StringBuilder out, ReportModel model) {
    out.append("<p class=\"legend\">");
    List<String> controllers = model.controllers();
    for (int i = 0; i < controllers.size(); i++) {
      out.append("<span><span class=\"swatch\" style=\"background:")
          .append(SvgCharts.PALETTE[i % SvgCharts.PALETTE.length])
          .append("\"></span>")
          .append(escape(controllers.get(i)))
          .append("</span>");
    }
    out.append(
        "<span>solid bar: moqbed; pale bar: the draft; CDF dashed line: the draft's"
            + " average</span></p>\n");
  }

  private static void summary(StringBuilder out, ReportModel model) {
    out.append("<h2>Summary</h2>\n");
    if (model.hasReference()) {
      out.append("<table><tr><th>metric</th><th>tolerance</th><th>within</th><th>cells</th></tr>");
      int compared = 0;
      int within = 0;
      for (Tally tally : model.tallies()) {
        out.append("<tr><td>")
            .append(escape(tally.metric().title()))
            .append("</td><td>")
            .append(escape(tally.metric().tolerance().describe()))
            .append("</td><td class=\"n\">")
            .append(tally.within())
            .append("</td><td class=\"n\">")
            .append(tally.compared())
            .append("</td></tr>");
        compared += tally.compared();
        within += tally.within();
      }
      out.append("<tr><th>all</th><td></td><td class=\"n\">")
          .append(within)
          .append("</td><td class=\"n\">")
          .append(compared)
          .append("</td></tr></table>\n");
    }
    if (model.c4Comparisons() > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "<p>C4 better than both BBR and Cubic in %d of %d cells",
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
      out.append(".</p>\n");
    }
    if (model.bestComparisons() > 0) {
      out.append(
          String.format(
              Locale.ROOT,
              "<p>Best controller the same as the draft's in %d of %d cells.</p>\n",
              model.bestAgreements(),
              model.bestComparisons()));
    }
  }

  private static void scenario(
      StringBuilder out, ReportModel model, Section section, String scenario) {
    out.append("<h3 id=\"")
        .append(escape(scenario))
        .append("\">")
        .append(escape(scenario))
        .append("</h3>\n<div class=\"charts\">\n");
    List<String> controllers = model.controllers();
    for (Metric metric : section.metrics()) {
      List<Long> ours = new ArrayList<>();
      List<Long> published = new ArrayList<>();
      for (String controller : controllers) {
        Cell cell = model.cell(scenario, metric, controller);
        ours.add(cell.value());
        published.add(cell.published());
      }
      boolean percent = metric.unit().equals("%");
      boolean time = metric == Metric.TIME_AVG || metric == Metric.TIME_P90;
      out.append(
              SvgCharts.bars(
                  chartTitle(metric),
                  controllers,
                  ours,
                  published,
                  percent ? 1 : time ? 1e6 : 1e3,
                  percent ? "%" : time ? "s" : "ms"))
          .append('\n');
    }
    List<double[]> samples = new ArrayList<>();
    List<Double> averages = new ArrayList<>();
    boolean anyTime = false;
    for (String controller : controllers) {
      double[] times =
          model.runs().runs(scenario, controller).stream()
              .map(RunRecord::completionTimeMicros)
              .filter(t -> t != null)
              .mapToDouble(t -> t / 1e6)
              .toArray();
      anyTime |= times.length > 0;
      samples.add(times);
      Long average =
          model.cell(scenario, Metric.TIME_AVG, controller) == null
              ? null
              : model.cell(scenario, Metric.TIME_AVG, controller).published();
      averages.add(average == null ? null : average / 1e6);
    }
    if (anyTime) {
      out.append(SvgCharts.cdf("completion time CDF", controllers, samples, averages, "s"))
          .append('\n');
    }
    out.append("</div>\n");
    table(out, model, section, scenario);
  }

  private static void table(
      StringBuilder out, ReportModel model, Section section, String scenario) {
    out.append("<table><tr><th>metric</th>");
    for (String controller : model.controllers()) {
      out.append("<th>").append(escape(controller)).append("</th>");
    }
    out.append("<th>best</th>");
    if (model.hasReference()) {
      out.append("<th>draft best</th>");
    }
    out.append("</tr>");
    for (Metric metric : section.metrics()) {
      out.append("<tr><td>")
          .append(escape(metric.title()))
          .append(" (")
          .append(escape(metric.unit()))
          .append(")</td>");
      for (String controller : model.controllers()) {
        Cell cell = model.cell(scenario, metric, controller);
        out.append("<td class=\"n\">").append(MarkdownReport.value(cell.value(), metric));
        if (cell.published() != null) {
          out.append(" <small>(draft ")
              .append(MarkdownReport.value(cell.published(), metric))
              .append(", <span class=\"")
              .append(Boolean.TRUE.equals(cell.withinTolerance()) ? "ok" : "off")
              .append("\">")
              .append(escape(MarkdownReport.comparison(cell)))
              .append("</span>)</small>");
        }
        out.append("</td>");
      }
      Verdict verdict = model.verdict(scenario, metric);
      out.append("<td>")
          .append(escape(verdict.best() == null ? "" : verdict.best()))
          .append("</td>");
      if (model.hasReference()) {
        out.append("<td>")
            .append(escape(verdict.publishedBest() == null ? "" : verdict.publishedBest()))
            .append("</td>");
      }
      out.append("</tr>");
    }
    out.append("</table>\n");
  }

  /** Short enough for a chart's width. */
  private static String chartTitle(Metric metric) {
    return switch (metric) {
      case TIME_AVG -> "time, average";
      case TIME_P90 -> "time, top 90%";
      case RTT_AVG -> "RTT, average";
      case RTT_PLUS_SD_P90 -> "RTT + deviation, top 90%";
      case LOAD_AVG -> "load, average";
      case LOAD_P90 -> "load, top 90%";
      case MEDIA_LATENCY_AVG -> "av_latency, average";
      case MEDIA_LATENCY_MAX_P90 -> "max_latency, top 90%";
    };
  }

  private static String escape(String text) {
    return SvgCharts.escape(text);
  }
}

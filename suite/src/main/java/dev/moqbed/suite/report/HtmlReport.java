package dev.moqbed.suite.report;

import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.report.HtmlCharts.Bar;
import dev.moqbed.suite.report.HtmlCharts.Line;
import dev.moqbed.suite.report.ReportModel.Cell;
import dev.moqbed.suite.report.ReportModel.Section;
import dev.moqbed.suite.report.ReportModel.Tally;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The report as one self-contained HTML page: the summary, then per scenario a bar chart of each of
 * the draft's metrics (our value with its 95 % interval, the draft's as a dashed mark) and the CDF
 * of the completion time over the runs, with the table; then the MoQ chain's table, the frames'
 * latency ({@link MediaSections}) and the controller traces. The charts are drawn by uPlot, whose
 * script is inlined with the page's renderer ({@link UplotAssets}): the file opens offline. One
 * {@link ControllerPalette} colours the whole page.
 */
public final class HtmlReport {
  private static final String STYLE =
      "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:1600px}"
          + "h1{margin-bottom:.2em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;"
          + "margin-top:2em}h3{margin:1.2em 0 .4em}"
          + "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;"
          + "padding:2px 8px}td.n{text-align:right;font-variant-numeric:tabular-nums}"
          + "td small{color:#555}"
          + ".charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));"
          + "gap:12px;margin:.5em 0}"
          + ".charts.wide{grid-template-columns:repeat(auto-fill,minmax(480px,1fr))}"
          + ".charts.small{grid-template-columns:repeat(auto-fit,minmax(260px,1fr))}"
          + "h4{margin:1em 0 .3em;font-weight:600}"
          + ".chart{min-width:0;overflow:hidden;background:#fcfcfc;border:1px solid #eee}"
          + ".ok{color:#1a7f37}.off{color:#c62828}.tie{color:#666}"
          + ".legend>span{display:inline-block;margin-right:1.2em}"
          + ".swatch{display:inline-block;width:12px;height:12px;margin-right:4px;"
          + "vertical-align:middle}";

  private HtmlReport() {}

  public static String render(ReportModel model) {
    return render(model, FrameLatencyCdfs.none(), ControllerTraces.none());
  }

  /** The page, with per-frame latency charts of the media scenarios whose frames were read. */
  public static String render(ReportModel model, FrameLatencyCdfs frames) {
    return render(model, frames, ControllerTraces.none());
  }

  /** The page, with frame-latency charts and the controller traces found. */
  public static String render(ReportModel model, FrameLatencyCdfs frames, ControllerTraces traces) {
    Set<String> labels = new LinkedHashSet<>(model.controllers());
    model.allRuns().records().forEach(r -> labels.add(FrameLatencyCdfs.label(r)));
    frames.scenarios().forEach(s -> frames.of(s).values().forEach(m -> labels.addAll(m.keySet())));
    traces.scenarios().forEach(s -> labels.addAll(traces.of(s).keySet()));
    HtmlCharts charts = new HtmlCharts(new ControllerPalette(labels));
    UplotAssets assets = UplotAssets.get();

    StringBuilder out = new StringBuilder();
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>moqbed report</title>\n<style>")
        .append(assets.style)
        .append("</style>\n<style>")
        .append(STYLE)
        .append(HtmlTables.STYLE)
        .append(HtmlCharts.LEGEND_STYLE)
        .append("</style>\n</head>\n<body>\n<h1>moqbed report</h1>\n");
    out.append("<p>")
        .append(model.allRuns().records().size())
        .append(" runs from ")
        .append(escape(String.join(", ", model.inputs())));
    if (model.hasReference()) {
      out.append("; published values from ").append(escape(model.referenceName()));
    }
    out.append(". Times and RTTs read in s or ms with three significant digits (each row or")
        .append(" header names the unit); the CSV and JSON formats keep exact µs.")
        .append(" Bars: our value over the runs, its 95 % interval as a whisker (")
        .append(MarkdownReport.INTERVAL_METHOD)
        .append("), the draft's value as a dashed mark. ")
        .append(escape(WinnersGrid.rule(model.effects(), minimumTime(model.effects()))))
        .append("</p>\n");
    for (String note : model.allRuns().notes()) {
      out.append("<p><em>Note: ").append(escape(note)).append("</em></p>\n");
    }
    out.append(
        charts.legend(
            model.allRuns().controllers(), labels.stream().anyMatch(ControllerPalette::dashed)));
    winners(out, WinnersGrid.of(model));
    summary(out, model);
    for (Section section : model.sections()) {
      out.append("<h2>").append(escape(section.title())).append("</h2>\n");
      for (String scenario : section.scenarios()) {
        scenario(out, charts, model, section, scenario);
      }
    }
    moqChain(out, model.moqChain());
    MediaSections.frameLatencies(out, charts, frames);
    MediaSections.traces(out, charts, traces);
    out.append("<p><small>Charts drawn by uPlot ")
        .append(escape(assets.version))
        .append(" (MIT licence), inlined in this page. Drag to zoom, double-click to reset.")
        .append("</small></p>\n<script>")
        .append(assets.script)
        .append("</script>\n<script>")
        .append(assets.renderer)
        .append("</script>\n</body>\n</html>\n");
    return out.toString();
  }

  /** The smallest time difference worth a verdict, as the page writes times: {@code 1.00 ms}. */
  private static String minimumTime(EffectSettings effects) {
    double micros = effects.latencyMicros();
    ReadableTime.Unit unit = ReadableTime.unitFor(List.of(micros));
    return unit.format(micros) + " " + unit.symbol();
  }

  /** The winners grid, scenario by metric, each scenario linking to its charts. */
  private static void winners(StringBuilder out, WinnersGrid grid) {
    if (grid.isEmpty()) {
      return;
    }
    out.append("<h2>Winners</h2>\n")
        .append(HtmlTables.OPEN)
        .append("<table class=\"winners\"><tr><th>scenario</th>");
    for (Metric metric : grid.metrics()) {
      out.append("<th>").append(escape(metric.title())).append("</th>");
    }
    out.append("</tr>");
    grid.rows()
        .forEach(
            (scenario, best) -> {
              out.append("<tr><td><a href=\"#")
                  .append(escape(scenario))
                  .append("\">")
                  .append(escape(scenario))
                  .append("</a></td>");
              for (Metric metric : grid.metrics()) {
                String cell = best.getOrDefault(metric, "");
                out.append(ReportModel.TIE.equals(cell) ? "<td class=\"tie\">" : "<td>")
                    .append(escape(cell))
                    .append("</td>");
              }
              out.append("</tr>");
            });
    out.append("</table>").append(HtmlTables.CLOSE);
  }

  private static void summary(StringBuilder out, ReportModel model) {
    StringBuilder body = new StringBuilder();
    if (model.hasReference() && !model.tallies().isEmpty()) {
      body.append("<table><tr><th>metric</th><th>tolerance</th><th>within</th><th>cells</th></tr>");
      int compared = 0;
      int within = 0;
      for (Tally tally : model.tallies()) {
        body.append("<tr><td>")
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
      body.append("<tr><th>all</th><td></td><td class=\"n\">")
          .append(within)
          .append("</td><td class=\"n\">")
          .append(compared)
          .append("</td></tr></table>\n");
    }
    if (model.c4Comparisons() > 0) {
      body.append(
          String.format(
              Locale.ROOT,
              "<p>C4 better than both BBR and Cubic, beyond the minimum effect with 95 %%"
                  + " confidence, in %d of %d cells",
              model.c4Wins(),
              model.c4Comparisons()));
      if (model.publishedC4Comparisons() > 0) {
        body.append(
            String.format(
                Locale.ROOT,
                " (draft, by its values: %d of %d)",
                model.publishedC4Wins(),
                model.publishedC4Comparisons()));
      }
      body.append(".</p>\n");
    }
    if (model.comparedVerdicts() > 0) {
      body.append(
          String.format(
              Locale.ROOT,
              "<p>Winners named in %d of %d cells; %d are ties.</p>\n",
              model.comparedVerdicts() - model.ties(),
              model.comparedVerdicts(),
              model.ties()));
    }
    if (model.bestComparisons() > 0) {
      body.append(
          String.format(
              Locale.ROOT,
              "<p>Best controller the same as the draft's in %d of %d cells.</p>\n",
              model.bestAgreements(),
              model.bestComparisons()));
    }
    if (body.length() > 0) {
      out.append("<h2>Summary</h2>\n").append(body);
    }
  }

  private static void scenario(
      StringBuilder out, HtmlCharts charts, ReportModel model, Section section, String scenario) {
    out.append("<h3 id=\"")
        .append(escape(scenario))
        .append("\">")
        .append(escape(scenario))
        .append("</h3>\n<div class=\"charts\">\n");
    List<String> controllers = model.controllers();
    for (Metric metric : section.metrics()) {
      double divisor = divisor(metric);
      List<Bar> bars = new ArrayList<>();
      for (String controller : controllers) {
        Cell cell = model.cell(scenario, metric, controller);
        ConfidenceInterval interval = cell.interval();
        bars.add(
            new Bar(
                controller,
                cell.value() == null ? null : cell.value() / divisor,
                interval.exists() ? interval.low() / divisor : null,
                interval.exists() ? interval.high() / divisor : null,
                cell.published() == null ? null : cell.published() / divisor));
      }
      out.append(charts.bars(chartTitle(metric), displayUnit(metric), bars));
    }
    List<Line> cdfs = new ArrayList<>();
    for (String controller : controllers) {
      double[] times =
          model.runs().runs(scenario, controller).stream()
              .map(RunRecord::completionTimeMicros)
              .filter(t -> t != null)
              .mapToDouble(t -> t / 1e6)
              .sorted()
              .toArray();
      if (times.length > 1) {
        double[] fractions = new double[times.length];
        for (int i = 0; i < times.length; i++) {
          fractions[i] = (i + 1.0) / times.length;
        }
        cdfs.add(new Line(controller, times, fractions));
      }
    }
    if (!cdfs.isEmpty()) {
      out.append(
          charts.lines(
              "completion time over runs (CDF)",
              "completion time (s)",
              "fraction of runs done",
              false,
              false,
              HtmlCharts.Style.STEP,
              new double[] {0, 1},
              cdfs));
    }
    out.append("</div>\n");
    HtmlTables.scenario(out, model, section, scenario);
  }

  /** What a metric's µs (or %) are divided by in its chart. */
  private static double divisor(Metric metric) {
    return switch (metric) {
      case TIME_AVG, TIME_P90 -> 1e6;
      case LOAD_AVG, LOAD_P90 -> 1;
      default -> 1e3;
    };
  }

  /** The unit of a metric's chart axis. */
  private static String displayUnit(Metric metric) {
    return switch (metric) {
      case TIME_AVG, TIME_P90 -> "completion time (s)";
      case LOAD_AVG, LOAD_P90 -> "load (% of the link)";
      case RTT_AVG, RTT_PLUS_SD_P90 -> "RTT (ms)";
      case MEDIA_LATENCY_AVG, MEDIA_LATENCY_MAX_P90 -> "frame latency (ms)";
    };
  }

  private static void moqChain(StringBuilder out, MoqChainTable table) {
    if (table.isEmpty()) {
      return;
    }
    out.append(
            "<h2>The MoQ chain (publisher → relay → subscriber: in virtual time, or live where the scenario or controller says so)</h2>\n")
        .append(
            "<p>Latency from capture to complete arrival, every frame counted. The draft"
                + " workload's value is shown beside, not compared: it counts from its client's"
                + " request schedule and leaves out a warm-up.</p>\n");
    HtmlTables.moqChain(out, table);
  }

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

  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}

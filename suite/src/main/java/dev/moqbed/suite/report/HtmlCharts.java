package dev.moqbed.suite.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The charts of one HTML page, each as an empty {@code <div class="chart">} followed by its
 * description in JSON, which the page's renderer ({@code report-charts.js}, over uPlot) draws.
 * Every series takes its colour from the page's one {@link ControllerPalette}, so a controller has
 * the same colour in every chart; every axis is titled with its unit.
 */
final class HtmlCharts {
  /** One controller's bar: its value, its 95 % interval, and the draft's value, each nullable. */
  record Bar(String label, Double value, Double low, Double high, Double draft) {}

  /** How a series is drawn. */
  enum Style {
    /** Straight segments between the points. */
    LINE,
    /** Steps, as an empirical CDF. */
    STEP,
    /** Dots alone: a line would bridge what is missing (frames that never arrived). */
    DOTS
  }

  /** One line: a label (a controller, maybe with {@code (moq)}) and its points, x ascending. */
  record Line(String label, double[] x, double[] y) {}

  private final ControllerPalette palette;

  HtmlCharts(ControllerPalette palette) {
    this.palette = palette;
  }

  /** Bars per controller with their intervals as whiskers and the draft's values as dashes. */
  String bars(String title, String yLabel, List<Bar> bars) {
    List<ChartJson> series = new ArrayList<>();
    for (Bar bar : bars) {
      series.add(
          new ChartJson()
              .field("label", bar.label())
              .field("color", palette.colour(bar.label()))
              .field("value", bar.value())
              .field("low", bar.low())
              .field("high", bar.high())
              .field("draft", bar.draft()));
    }
    return element(
        new ChartJson()
            .field("kind", "bars")
            .field("title", title)
            .field("yLabel", yLabel)
            .field("series", series));
  }

  /**
   * Lines, one per label; each keeps its own x values.
   *
   * @param xLog a logarithmic x axis (every x must then be positive)
   * @param yLog a logarithmic y axis (every y must then be positive)
   * @param style how every series is drawn
   * @param yRange the y axis' fixed range {low, high}, or null to fit the data
   */
  String lines(
      String title,
      String xLabel,
      String yLabel,
      boolean xLog,
      boolean yLog,
      Style style,
      double[] yRange,
      List<Line> lines) {
    return element(lineChart(title, xLabel, yLabel, xLog, yLog, style, yRange, lines));
  }

  /**
   * One series as dots on fixed axes: one of a row of small multiples, one chart per controller,
   * where the dots of several series in one chart would hide each other. Every chart of the row
   * takes the same ranges, so that their heights compare at a glance.
   *
   * @param xRange the x axis' range {low, high}
   * @param yRange the y axis' range {low, high}
   */
  String dots(
      String title, String xLabel, String yLabel, double[] xRange, double[] yRange, Line line) {
    return element(
        lineChart(title, xLabel, yLabel, false, false, Style.DOTS, yRange, List.of(line))
            .field("xMin", xRange[0])
            .field("xMax", xRange[1]));
  }

  private ChartJson lineChart(
      String title,
      String xLabel,
      String yLabel,
      boolean xLog,
      boolean yLog,
      Style style,
      double[] yRange,
      List<Line> lines) {
    List<ChartJson> series = new ArrayList<>();
    for (Line given : lines) {
      Line line = distinctX(given);
      series.add(
          new ChartJson()
              .field("label", line.label())
              .field("color", palette.colour(line.label()))
              .field("dashed", ControllerPalette.dashed(line.label()))
              .field("x", line.x())
              .field("y", line.y()));
    }
    ChartJson chart =
        new ChartJson()
            .field("kind", "lines")
            .field("title", title)
            .field("xLabel", xLabel)
            .field("yLabel", yLabel)
            .field("xLog", xLog)
            .field("yLog", yLog)
            .field("step", style == Style.STEP)
            .field("dots", style == Style.DOTS);
    if (yRange != null) {
      chart.field("yMin", yRange[0]).field("yMax", yRange[1]);
    }
    return chart.field("series", series);
  }

  /**
   * A legend of the page's controllers, in their colours, and when the page has MoQ-chain lines the
   * two line styles: solid for the draft workload, dashed for the MoQ chain.
   */
  String legend(List<String> controllers, boolean moqLines) {
    StringBuilder out = new StringBuilder("<p class=\"legend\">");
    for (String label : controllers) {
      out.append("<span><span class=\"swatch\" style=\"background:")
          .append(palette.colour(label))
          .append("\"></span>")
          .append(HtmlReport.escape(label))
          .append("</span>");
    }
    if (moqLines) {
      out.append("<span><span class=\"line-mark\"></span>draft workload</span>")
          .append("<span><span class=\"line-mark dashed\"></span>MoQ chain</span>");
    }
    return out.append("</p>\n").toString();
  }

  /** The legend's marks, drawn as the charts draw their lines (dashes of 6 px, gaps of 4 px). */
  static final String LEGEND_STYLE =
      ".line-mark{display:inline-block;width:26px;height:3px;margin-right:6px;"
          + "vertical-align:middle;background:#444}"
          + ".line-mark.dashed{background:repeating-linear-gradient(to right,#444 0 6px,"
          + "transparent 6px 10px)}"
          + ".chart.lines .u-legend .u-marker{width:26px;height:3px}"
          + ".chart.dots .u-legend .u-marker{width:8px;height:8px;border-radius:50%}";

  private static String element(ChartJson chart) {
    return "<div class=\"chart\"></div><script type=\"application/json\">" + chart + "</script>\n";
  }

  /**
   * The line with no x twice. uPlot aligns the series on their x values and keeps one y per x, so a
   * vertical run (a CCDF's drop at a latency many frames share, a CDF of runs that all took the
   * same time) would shrink to its last point. Of each run of equal x, the first and the last
   * points are kept, the last moved right by 10⁻⁵ of x (above the page's 7 significant digits,
   * below a pixel): drawn, the run stays vertical. Lines whose x are not ascending are left as they
   * are.
   */
  static Line distinctX(Line line) {
    double[] x = line.x();
    double[] y = line.y();
    double[] keptX = new double[x.length];
    double[] keptY = new double[x.length];
    int kept = 0;
    for (int i = 0; i < x.length; i++) {
      if (i > 0 && x[i] < x[i - 1]) {
        return line;
      }
      boolean startsRun = i == 0 || x[i] != x[i - 1];
      boolean endsRun = i == x.length - 1 || x[i + 1] != x[i];
      if (startsRun) {
        keptX[kept] = x[i];
        keptY[kept++] = y[i];
      } else if (endsRun) {
        keptX[kept] = x[i] + Math.max(Math.abs(x[i]) * 1e-5, Double.MIN_NORMAL);
        keptY[kept++] = y[i];
      }
    }
    return new Line(
        line.label(), java.util.Arrays.copyOf(keptX, kept), java.util.Arrays.copyOf(keptY, kept));
  }

  /** Divides every value by {@code divisor}: µs to ms or s, bytes to kB. */
  static double[] scaled(double[] values, double divisor) {
    double[] scaled = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      scaled[i] = values[i] / divisor;
    }
    return scaled;
  }
}

package dev.moqbed.suite.report;

import java.util.List;
import java.util.Locale;

/**
 * The two charts of the HTML report, as inline SVG text: grouped bars (ours beside the draft's, per
 * controller) and step-line CDFs. No script, no external resource: the page opens from disk.
 */
final class SvgCharts {
  static final String[] PALETTE = {
    "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666"
  };

  private static final int WIDTH = 250;
  private static final int HEIGHT = 200;
  private static final int LEFT = 48;
  private static final int RIGHT = 10;
  private static final int TOP = 24;
  private static final int BOTTOM = 36;

  private SvgCharts() {}

  /**
   * One bar group per controller: a solid bar for our value, a pale outlined one for the draft's.
   *
   * @param ours our values (null = none), one per controller
   * @param published the draft's values (null = none), one per controller
   * @param scale divides the values for display (1000 for µs → ms)
   * @param unit the displayed unit, e.g. {@code ms}
   */
  static String bars(
      String title,
      List<String> controllers,
      List<Long> ours,
      List<Long> published,
      double scale,
      String unit) {
    double max = 0;
    for (int i = 0; i < controllers.size(); i++) {
      max = Math.max(max, ours.get(i) == null ? 0 : ours.get(i) / scale);
      max = Math.max(max, published.get(i) == null ? 0 : published.get(i) / scale);
    }
    double top = niceCeiling(max);
    StringBuilder svg = open(title + " (" + unit + ")");
    yAxis(svg, 0, top, unit);
    int plotWidth = WIDTH - LEFT - RIGHT;
    int plotHeight = HEIGHT - TOP - BOTTOM;
    double groupWidth = (double) plotWidth / Math.max(1, controllers.size());
    double barWidth = Math.min(28, groupWidth * 0.38);
    for (int i = 0; i < controllers.size(); i++) {
      double center = LEFT + groupWidth * (i + 0.5);
      String color = PALETTE[i % PALETTE.length];
      bar(svg, center - barWidth, barWidth, ours.get(i), scale, top, plotHeight, color, false);
      bar(svg, center, barWidth, published.get(i), scale, top, plotHeight, color, true);
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" class=\"tick\">%s</text>",
              center,
              HEIGHT - BOTTOM + 14,
              escape(shorten(controllers.get(i)))));
    }
    return svg.append("</svg>").toString();
  }

  private static void bar(
      StringBuilder svg,
      double x,
      double width,
      Long value,
      double scale,
      double top,
      int plotHeight,
      String color,
      boolean pale) {
    if (value == null) {
      return;
    }
    double shown = value / scale;
    double height = top <= 0 ? 0 : plotHeight * shown / top;
    double y = TOP + plotHeight - height;
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s>"
                + "<title>%s: %s</title></rect>",
            x,
            y,
            width,
            height,
            color,
            pale ? " fill-opacity=\"0.3\" stroke=\"" + color + "\"" : "",
            pale ? "draft" : "moqbed",
            number(shown)));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" class=\"value\">%s</text>",
            x + width / 2,
            y - 3,
            number(shown)));
  }

  /**
   * Empirical CDFs, one step line per controller, with a dashed vertical line at the draft's
   * average for each controller that has one.
   *
   * @param samples each controller's values (may be empty)
   * @param publishedAverages the draft's average per controller, or null
   */
  static String cdf(
      String title,
      List<String> controllers,
      List<double[]> samples,
      List<Double> publishedAverages,
      String unit) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < controllers.size(); i++) {
      for (double v : samples.get(i)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
      Double average = publishedAverages.get(i);
      if (average != null) {
        min = Math.min(min, average);
        max = Math.max(max, average);
      }
    }
    StringBuilder svg = open(title + " (" + unit + ")");
    if (min > max) {
      return svg.append("</svg>").toString();
    }
    double span = Math.max(max - min, Math.abs(max) * 0.01 + 1e-9);
    double low = Math.max(0, min - span * 0.05);
    double high = max + span * 0.05;
    int plotWidth = WIDTH - LEFT - RIGHT;
    int plotHeight = HEIGHT - TOP - BOTTOM;
    for (int tick = 0; tick <= 4; tick++) {
      double fraction = tick / 4.0;
      double y = TOP + plotHeight * (1 - fraction);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" class=\"tick\">%s</text>",
              LEFT,
              y,
              WIDTH - RIGHT,
              y,
              LEFT - 4,
              y + 3,
              number(fraction)));
      double xValue = low + (high - low) * fraction;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" class=\"tick\">%s</text>",
              LEFT + plotWidth * fraction,
              HEIGHT - BOTTOM + 14,
              number(xValue)));
    }
    for (int i = 0; i < controllers.size(); i++) {
      String color = PALETTE[i % PALETTE.length];
      double[] sorted = samples.get(i).clone();
      java.util.Arrays.sort(sorted);
      if (sorted.length > 0) {
        StringBuilder points = new StringBuilder();
        double previousY = TOP + plotHeight;
        for (int k = 0; k < sorted.length; k++) {
          double x = LEFT + plotWidth * (sorted[k] - low) / (high - low);
          double y = TOP + plotHeight * (1 - (k + 1.0) / sorted.length);
          points.append(String.format(Locale.ROOT, "%.1f,%.1f %.1f,%.1f ", x, previousY, x, y));
          previousY = y;
        }
        svg.append(
            String.format(
                Locale.ROOT,
                "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\">"
                    + "<title>%s</title></polyline>",
                points.toString().trim(),
                color,
                escape(controllers.get(i))));
      }
      Double average = publishedAverages.get(i);
      if (average != null) {
        double x = LEFT + plotWidth * (average - low) / (high - low);
        svg.append(
            String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\""
                    + " stroke-dasharray=\"4 3\"><title>draft average %s: %s</title></line>",
                x,
                TOP,
                x,
                TOP + plotHeight,
                color,
                escape(controllers.get(i)),
                number(average)));
      }
    }
    return svg.append("</svg>").toString();
  }

  private static StringBuilder open(String title) {
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0"
                + " %d %d\" role=\"img\"><title>%s</title>",
            WIDTH,
            HEIGHT,
            WIDTH,
            HEIGHT,
            escape(title)));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"14\" class=\"title\">%s</text>",
            LEFT - 40,
            escape(title)));
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" class=\"axis\"/>",
            LEFT,
            HEIGHT - BOTTOM,
            WIDTH - RIGHT,
            HEIGHT - BOTTOM));
    return svg;
  }

  private static void yAxis(StringBuilder svg, double low, double high, String unit) {
    int plotHeight = HEIGHT - TOP - BOTTOM;
    for (int tick = 0; tick <= 4; tick++) {
      double value = low + (high - low) * tick / 4;
      double y = TOP + plotHeight * (1 - tick / 4.0);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" class=\"tick\">%s</text>",
              LEFT,
              y,
              WIDTH - RIGHT,
              y,
              LEFT - 4,
              y + 3,
              number(value)));
    }
  }

  /** The smallest 1, 2 or 5 times a power of ten at or above {@code value}. */
  static double niceCeiling(double value) {
    if (value <= 0) {
      return 1;
    }
    double power = Math.pow(10, Math.floor(Math.log10(value)));
    for (double step : new double[] {1, 2, 2.5, 5, 10}) {
      if (step * power >= value * (1 - 1e-12)) {
        return step * power;
      }
    }
    return 10 * power;
  }

  /** Three significant digits at most, no exponent. */
  static String number(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 1e6) {
      return Long.toString((long) value);
    }
    double magnitude = Math.abs(value);
    int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  private static String shorten(String controller) {
    return controller.length() <= 12 ? controller : controller.substring(0, 11) + "…";
  }

  static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}

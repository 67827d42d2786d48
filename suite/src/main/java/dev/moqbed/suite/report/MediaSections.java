package dev.moqbed.suite.report;

import dev.moqbed.suite.report.ControllerTraces.Trace;
import dev.moqbed.suite.report.FrameLatencyCdfs.Ccdf;
import dev.moqbed.suite.report.FrameLatencyCdfs.Timeline;
import dev.moqbed.suite.report.HtmlCharts.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The HTML page's sections read from frames and traces rather than from runs.csv: per media
 * scenario and track, the frame-latency CCDF on log axes (so that p50 to p99.9 each get their share
 * of the height) and one run's frame latency over time, one small chart per controller; per traced
 * scenario, the sender's window, pacing rate and RTT over time.
 */
final class MediaSections {
  private MediaSections() {}

  static void frameLatencies(StringBuilder out, HtmlCharts charts, FrameLatencyCdfs frames) {
    if (frames.isEmpty()) {
      return;
    }
    out.append(
            "<h2 id=\"frames\">Frame latency</h2>\n<p>Every frame of every run that arrived and counts, per")
        .append(" track: the fraction of frames later than a latency (CCDF), both axes")
        .append(" logarithmic, so that 0.1 is the p90, 0.01 the p99 and 0.001 the p99.9; one line")
        .append(" per controller and workload. Below, each frame of one run (its number in the")
        .append(" heading) by capture time, one small chart per controller and workload on the")
        .append(" same axes: when the latency builds up.</p>\n");
    for (String scenario : frames.scenarios()) {
      out.append("<h3>")
          .append(HtmlReport.escape(scenario))
          .append(" frames</h3>\n<div class=\"charts wide\">\n");
      Map<String, Map<String, Ccdf>> byTrack = frames.of(scenario);
      byTrack.forEach((track, byLabel) -> out.append(ccdf(charts, scenario, track, byLabel)));
      out.append("</div>\n");
      Map<String, Map<String, Timeline>> timelines = frames.timelines(scenario);
      for (String track : byTrack.keySet()) {
        Map<String, Timeline> ofTrack = timelines.getOrDefault(track, Map.of());
        if (!ofTrack.isEmpty()) {
          overTime(out, charts, track, ofTrack);
        }
      }
    }
  }

  /** The CCDF of one track's frames, a line per label. */
  private static String ccdf(
      HtmlCharts charts, String scenario, String track, Map<String, Ccdf> byLabel) {
    List<Line> lines = new ArrayList<>();
    double smallest = 1;
    for (Map.Entry<String, Ccdf> entry : byLabel.entrySet()) {
      Ccdf ccdf = entry.getValue();
      if (ccdf.frames() == 0) {
        continue;
      }
      lines.add(
          new Line(
              entry.getKey(),
              positive(HtmlCharts.scaled(ccdf.latencyMicros(), 1000)),
              ccdf.fractionLater()));
      smallest = Math.min(smallest, 1.0 / ccdf.frames());
    }
    return charts.lines(
        track + ": frames later than x (CCDF, " + scenario + ")",
        "frame latency (ms, log)",
        "fraction of frames later (log)",
        true,
        true,
        HtmlCharts.Style.LINE,
        new double[] {Math.pow(10, Math.floor(Math.log10(smallest))), 1},
        lines);
  }

  /**
   * One run's frames of a track over time as small multiples: the dots of three controllers in one
   * chart lie on each other (the last drawn hides the others), so each label gets its own chart,
   * all on the same axes.
   */
  private static void overTime(
      StringBuilder out, HtmlCharts charts, String track, Map<String, Timeline> byLabel) {
    int firstRun = byLabel.values().iterator().next().run();
    boolean sameRun = byLabel.values().stream().allMatch(t -> t.run() == firstRun);
    double lastCapture = 0;
    double latest = 0;
    for (Timeline timeline : byLabel.values()) {
      lastCapture = Math.max(lastCapture, max(timeline.captureMicros()) / 1e6);
      latest = Math.max(latest, max(timeline.latencyMicros()) / 1000);
    }
    double[] xRange = {0, lastCapture > 0 ? lastCapture : 1};
    double[] yRange = {0, latest > 0 ? latest * 1.05 : 1};
    out.append("<h4>")
        .append(HtmlReport.escape(track))
        .append(": frame latency over time (")
        .append(sameRun ? "run " + firstRun : "first run read")
        .append(")</h4>\n");
    // a row per workload: the draft workload's controllers, then the MoQ chain's under them
    for (boolean moq : new boolean[] {false, true}) {
      List<String> labels =
          byLabel.keySet().stream().filter(l -> ControllerPalette.dashed(l) == moq).toList();
      if (labels.isEmpty()) {
        continue;
      }
      out.append("<div class=\"charts small\">\n");
      for (String label : labels) {
        Timeline timeline = byLabel.get(label);
        out.append(
            charts.dots(
                label,
                "capture time (s)",
                "frame latency (ms)",
                xRange,
                yRange,
                new Line(
                    label,
                    HtmlCharts.scaled(timeline.captureMicros(), 1e6),
                    HtmlCharts.scaled(timeline.latencyMicros(), 1000))));
      }
      out.append("</div>\n");
    }
  }

  /** The largest value, 0 for none; a NaN (no figure) is passed over. */
  private static double max(double[] values) {
    double max = 0;
    for (double value : values) {
      if (value > max) {
        max = value;
      }
    }
    return max;
  }

  static void traces(StringBuilder out, HtmlCharts charts, ControllerTraces traces) {
    if (traces.isEmpty()) {
      return;
    }
    out.append(
            "<h2 id=\"traces\">Controller traces</h2>\n<p>The main data sender's controller after each ACK")
        .append(" (from <code>--trace</code> files), of the first run in each file.</p>\n");
    for (String scenario : traces.scenarios()) {
      Map<String, Trace> byLabel = traces.of(scenario);
      List<Line> cwnd = new ArrayList<>();
      List<Line> pacing = new ArrayList<>();
      List<Line> rtt = new ArrayList<>();
      byLabel.forEach(
          (label, trace) -> {
            double[] seconds = HtmlCharts.scaled(trace.timeMicros(), 1e6);
            cwnd.add(new Line(label, seconds, HtmlCharts.scaled(trace.cwndBytes(), 1000)));
            pacing.add(
                new Line(label, seconds, HtmlCharts.scaled(trace.pacingBytesPerSecond(), 125_000)));
            rtt.add(new Line(label, seconds, HtmlCharts.scaled(trace.smoothedRttMicros(), 1000)));
          });
      out.append("<h3>")
          .append(HtmlReport.escape(scenario))
          .append(" traces</h3>\n<div class=\"charts wide\">\n")
          .append(
              charts.lines(
                  "congestion window",
                  "time (s)",
                  "cwnd (kB)",
                  false,
                  false,
                  HtmlCharts.Style.LINE,
                  null,
                  cwnd))
          .append(
              charts.lines(
                  "pacing rate",
                  "time (s)",
                  "pacing rate (Mbit/s)",
                  false,
                  false,
                  HtmlCharts.Style.LINE,
                  null,
                  pacing))
          .append(
              charts.lines(
                  "smoothed RTT",
                  "time (s)",
                  "smoothed RTT (ms)",
                  false,
                  false,
                  HtmlCharts.Style.LINE,
                  null,
                  rtt))
          .append("</div>\n");
    }
  }

  /** A log axis takes no zero: a latency of 0 ms (none in practice) is drawn at 1 µs. */
  private static double[] positive(double[] values) {
    double[] positive = values.clone();
    for (int i = 0; i < positive.length; i++) {
      positive[i] = Math.max(positive[i], 0.001);
    }
    return positive;
  }
}

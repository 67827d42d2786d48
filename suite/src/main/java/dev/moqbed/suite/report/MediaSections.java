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
 * of the height) and one run's frame latency over time; per traced scenario, the sender's window,
 * pacing rate and RTT over time.
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
        .append(" per controller and workload. Beside it, each frame of one run (its number in")
        .append(" the title) by capture time: when the latency builds up.</p>\n");
    for (String scenario : frames.scenarios()) {
      out.append("<h3>")
          .append(HtmlReport.escape(scenario))
          .append(" frames</h3>\n<div class=\"charts wide\">\n");
      Map<String, Map<String, Ccdf>> byTrack = frames.of(scenario);
      Map<String, Map<String, Timeline>> timelines = frames.timelines(scenario);
      byTrack.forEach(
          (track, byLabel) -> {
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
            out.append(
                charts.lines(
                    track + ": frames later than x (CCDF, " + scenario + ")",
                    "frame latency (ms, log)",
                    "fraction of frames later (log)",
                    true,
                    true,
                    HtmlCharts.Style.LINE,
                    new double[] {Math.pow(10, Math.floor(Math.log10(smallest))), 1},
                    lines));
            Map<String, Timeline> ofTrack = timelines.getOrDefault(track, Map.of());
            if (!ofTrack.isEmpty()) {
              List<Line> overTime = new ArrayList<>();
              int run = -1;
              for (Map.Entry<String, Timeline> entry : ofTrack.entrySet()) {
                Timeline timeline = entry.getValue();
                run = timeline.run();
                overTime.add(
                    new Line(
                        entry.getKey(),
                        HtmlCharts.scaled(timeline.captureMicros(), 1e6),
                        HtmlCharts.scaled(timeline.latencyMicros(), 1000)));
              }
              boolean sameRun =
                  ofTrack.values().stream()
                      .allMatch(t -> t.run() == ofTrack.values().iterator().next().run());
              out.append(
                  charts.lines(
                      track
                          + ": frame latency over time ("
                          + (sameRun ? "run " + run : "first run read")
                          + ")",
                      "capture time (s)",
                      "frame latency (ms)",
                      false,
                      false,
                      HtmlCharts.Style.DOTS,
                      null,
                      overTime));
            }
          });
      out.append("</div>\n");
    }
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

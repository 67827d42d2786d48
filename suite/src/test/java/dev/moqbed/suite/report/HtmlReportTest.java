package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.output.Json;
import dev.moqbed.simulation.RunRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
  private static final Pattern CHART =
      Pattern.compile(
          "<div class=\"chart\"></div><script type=\"application/json\">(.*?)</script>",
          Pattern.DOTALL);

  @TempDir Path directory;

  /** Every chart's description, parsed. */
  private static List<Map<?, ?>> charts(String html) {
    List<Map<?, ?>> charts = new ArrayList<>();
    Matcher matcher = CHART.matcher(html);
    while (matcher.find()) {
      charts.add((Map<?, ?>) Json.parse(matcher.group(1)));
    }
    return charts;
  }

  private static FrameLatencyCdfs frames() {
    FrameLatencyCdfs.Builder frames = new FrameLatencyCdfs.Builder();
    for (int i = 1; i <= 1000; i++) {
      frames.add("alone", "c4", "vlow", 0, i * 33_333L, 30_000L + i * 10);
      frames.add("alone", "c4 (moq)", "vlow", 0, i * 33_333L, 40_000L + i * 10);
      frames.add("alone", "bbr", "vlow", 0, i * 33_333L, 50_000L + i * 10);
    }
    return frames.build();
  }

  @Test
  void opensWithTheWinnersGridBeforeTheSummary() {
    String html = HtmlReport.render(TinyCase.model(true));
    int winners = html.indexOf("<h2>Winners</h2>");
    assertTrue(winners > 0 && winners < html.indexOf("<h2>Summary</h2>"), "grid first");
    String grid = html.substring(winners, html.indexOf("</table>", winners));
    assertTrue(
        grid.contains("<td><a href=\"#alone\">alone</a></td><td class=\"tie\">tie</td>"), grid);
    assertTrue(grid.contains("<td>bbr</td>"), grid);
  }

  @Test
  void shouldInlineTheChartingLibraryAndLoadNothingFromElsewhere() {
    String html = HtmlReport.render(TinyCase.model(true), frames());

    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertTrue(html.contains(UplotAssets.get().script), "uPlot's script is in the page");
    assertTrue(html.contains("uPlot.join("), "and the renderer that uses it");
    assertTrue(html.contains(".uplot"), "and uPlot's style sheet");
    assertFalse(html.matches("(?s).*<script[^>]*\\ssrc=.*"), "no script from a URL");
    assertFalse(html.matches("(?s).*<link[^>]*href=.*"), "no style sheet from a URL");
    assertFalse(html.matches("(?s).*\\ssrc=\"?https?:.*"), "nothing fetched over http");
  }

  @Test
  void shouldGiveEachControllerOneColourInEveryChart() {
    String html = HtmlReport.render(TinyCase.model(true), frames());
    List<Map<?, ?>> charts = charts(html);
    assertTrue(charts.size() >= 7, "4 metrics, a completion CDF, a CCDF, a timeline");
    Map<String, Set<Object>> colours = new HashMap<>();
    for (Map<?, ?> chart : charts) {
      for (Object series : (List<?>) chart.get("series")) {
        Map<?, ?> line = (Map<?, ?>) series;
        String controller = ((String) line.get("label")).replace(" (moq)", "");
        colours.computeIfAbsent(controller, c -> new HashSet<>()).add(line.get("color"));
      }
    }
    assertEquals(Set.of("c4", "bbr", "cubic"), colours.keySet());
    colours.forEach((controller, set) -> assertEquals(1, set.size(), controller + ": " + set));
    assertEquals(Set.of("#0072b2"), colours.get("c4"));
    assertEquals(3, new HashSet<>(colours.values()).size(), "and different controllers differ");
    assertTrue(html.contains("background:#0072b2\"></span>c4"), "the legend uses it too");
  }

  @Test
  void shouldDrawTheFrameLatencyTailOnLogAxesAndBarsWithIntervals() {
    List<Map<?, ?>> charts = charts(HtmlReport.render(TinyCase.model(true), frames()));
    Map<?, ?> ccdf =
        charts.stream()
            .filter(c -> ((String) c.get("title")).startsWith("vlow: frames later than x"))
            .findFirst()
            .orElseThrow();
    assertEquals(true, ccdf.get("yLog"));
    assertEquals(true, ccdf.get("xLog"));
    assertEquals("frame latency (ms, log)", ccdf.get("xLabel"));
    assertEquals(0.001, ((Number) ccdf.get("yMin")).doubleValue(), 1e-12, "down to p99.9");
    Map<?, ?> c4 = (Map<?, ?>) ((List<?>) ccdf.get("series")).get(0);
    List<?> y = (List<?>) c4.get("y");
    assertEquals(0.001, ((Number) y.get(y.size() - 1)).doubleValue(), 1e-9);

    Map<?, ?> time =
        charts.stream().filter(c -> "time, average".equals(c.get("title"))).findFirst().get();
    assertEquals("bars", time.get("kind"));
    assertEquals("completion time (s)", time.get("yLabel"));
    Map<?, ?> bar = (Map<?, ?>) ((List<?>) time.get("series")).get(0);
    assertEquals(4.05, ((Number) bar.get("value")).doubleValue(), 1e-9);
    assertEquals(4.016667, ((Number) bar.get("low")).doubleValue(), 1e-6);
    assertEquals(4.083333, ((Number) bar.get("high")).doubleValue(), 1e-6);
    assertEquals(4.0, ((Number) bar.get("draft")).doubleValue(), 1e-9);
  }

  @Test
  void shouldDrawEachControllersFramesOverTimeInAChartOfItsOwnOnSharedAxes() {
    String html = HtmlReport.render(TinyCase.model(true), frames());
    int heading = html.indexOf("<h4>vlow: frame latency over time (run 0)</h4>");
    assertTrue(heading > 0, "one heading for the track's small multiples");
    List<Map<?, ?>> dots =
        charts(html.substring(heading)).stream().filter(c -> (Boolean) c.get("dots")).toList();
    assertEquals(
        List.of("c4", "bbr", "c4 (moq)"),
        dots.stream().map(c -> c.get("title")).toList(),
        "the draft workload's controllers, then the MoQ chain's");
    for (Map<?, ?> chart : dots) {
      List<?> series = (List<?>) chart.get("series");
      assertEquals(1, series.size(), "no dots hide another controller's");
      assertEquals(chart.get("title"), ((Map<?, ?>) series.get(0)).get("label"));
      assertEquals(0L, chart.get("xMin"));
      assertEquals(33.333, ((Number) chart.get("xMax")).doubleValue(), 1e-9, "the last capture");
      assertEquals(0L, chart.get("yMin"));
      assertEquals(60 * 1.05, ((Number) chart.get("yMax")).doubleValue(), 1e-9, "bbr's latest");
    }
    String rows =
        html.substring(heading, html.indexOf("</div>\n<div class=\"charts small\">", heading));
    assertFalse(rows.contains("c4 (moq)"), "the MoQ chain's chart is on a row of its own");
  }

  @Test
  void shouldWriteTimesInTablesInSecondsOrMillisecondsWithThreeSignificantDigits() {
    String html = HtmlReport.render(TinyCase.model(true));
    String table = html.substring(html.indexOf("<th>metric (draft workload)</th>"));
    table = table.substring(0, table.indexOf("</table>"));
    assertTrue(
        table.contains(
            "<td>average time (s)</td><td class=\"n\"><span>4.05 <small>[4.02–4.08]</small>"
                + "</span> <small>(draft 4.00,"),
        table);
    assertTrue(table.contains("<td>average RTT (ms)</td><td class=\"n\"><span>105 "), table);
    assertTrue(table.contains("<small>(draft 100, "), "the draft's value in the row's unit");
    assertFalse(table.matches("(?s).*\\d{4,}.*"), "no µs left: " + table);
    assertFalse(html.contains("µs;"), "the page no longer says its tables are in µs");
    assertTrue(html.contains("at least 1.00 ms for times and RTTs"), "nor the winners' rule");
  }

  @Test
  void shouldPutEveryTableInABoxThatScrollsSoThatThePageDoesNot() {
    String html = HtmlReport.render(MoqChainTableTest.model());
    int tables = html.split("<table", -1).length - 1;
    int boxed = html.split(HtmlTables.OPEN + "<table", -1).length - 1;
    assertTrue(tables >= 3, "winners, the scenario's cells, the MoQ chain: " + tables);
    assertEquals(tables - 1, boxed, "all but the summary's four narrow columns");
    assertTrue(html.contains(".table-scroll{max-width:100%;overflow-x:auto"));
  }

  @Test
  void shouldShowTheLineStylesInTheLegendWhenThePageHasMoqChainLines() {
    String withMoq = HtmlReport.render(TinyCase.model(true), frames());
    assertTrue(withMoq.contains("<span class=\"line-mark\"></span>draft workload"), withMoq);
    assertTrue(withMoq.contains("<span class=\"line-mark dashed\"></span>MoQ chain"));
    assertTrue(withMoq.contains(".line-mark.dashed{background:repeating-linear-gradient("));
    String without = HtmlReport.render(TinyCase.model(true));
    assertFalse(without.contains("line-mark dashed\"></span>"), "no MoQ chain, no dashes");
  }

  @Test
  void shouldKeepAVerticalDropWhenManyFramesShareALatency() {
    // a CCDF from 1 down to 0.1 at 15 ms: uPlot keeps one y per x, so the drop needs two x
    HtmlCharts.Line line =
        HtmlCharts.distinctX(
            new HtmlCharts.Line(
                "c4", new double[] {15, 15, 15, 20}, new double[] {1, 0.5, 0.1, 0.01}));
    assertEquals(3, line.x().length);
    assertEquals(15, line.x()[0]);
    assertEquals(1, line.y()[0]);
    assertTrue(line.x()[1] > 15 && line.x()[1] < 15.001, "just right of 15: " + line.x()[1]);
    assertEquals(0.1, line.y()[1]);
    assertEquals(20, line.x()[2]);
  }

  @Test
  void shouldLeaveOutEmptySectionsOfASingleRunReport() {
    RunRecord run = TinyCase.run("c4", 0, 4_000_000, 100_000, 10_000);
    ReportModel model = ReportModel.build(List.of("out"), RunSet.of(List.of(run)), null);
    String html = HtmlReport.render(model);
    assertFalse(html.contains("<h2>Summary</h2>"), "nothing to summarise without a reference");
    assertFalse(html.contains("<th>winner"), "one controller: no winner column");
    assertFalse(html.contains("completion time over runs"), "one run: no CDF");
    assertFalse(html.contains(">Frame latency</h2>"));
    assertFalse(html.contains(">Controller traces</h2>"));
    assertFalse(html.matches("(?s).*<h2>[^<]*</h2>\\s*<h2>.*"), "no heading without content");
  }

  @Test
  void shouldReadTheTraceFilesOfADirectoryUnderItsController() throws IOException {
    try (var runs =
        dev.moqbed.suite.RunsCsvWriter.open(
            directory.resolve(dev.moqbed.suite.RunsCsv.FILE_NAME), 0, List.of())) {
      runs.append(TinyCase.run("c4", 0, 4_000_000, 100_000, 10_000));
    }
    Files.writeString(
        directory.resolve("trace.csv"),
        ControllerTraces.HEADER_START
            + ",bytes_in_flight,delivery_rate_bytes_per_s,state\n"
            + "0,1000,15000,1250000,30000,31000,0,0,startup\n"
            + "0,2000,30000,2500000,32000,31500,0,0,startup\n"
            + "1,1000,15000,1250000,30000,31000,0,0,startup\n",
        StandardCharsets.UTF_8);
    Files.writeString(directory.resolve("notes.csv"), "a,b\n1,2\n", StandardCharsets.UTF_8);

    ControllerTraces traces = ControllerTraces.read(List.of(directory));

    assertEquals(List.of("alone"), traces.scenarios());
    ControllerTraces.Trace trace = traces.of("alone").get("c4");
    assertEquals(2, trace.timeMicros().length, "run 0 only");
    assertEquals(30_000, trace.cwndBytes()[1]);
    String html = HtmlReport.render(TinyCase.model(false), FrameLatencyCdfs.none(), traces);
    List<Map<?, ?>> charts = charts(html);
    Map<?, ?> pacing =
        charts.stream().filter(c -> "pacing rate".equals(c.get("title"))).findFirst().get();
    assertEquals("pacing rate (Mbit/s)", pacing.get("yLabel"));
    Map<?, ?> line = (Map<?, ?>) ((List<?>) pacing.get("series")).get(0);
    assertEquals(List.of(10L, 20L), line.get("y"), "1.25 MB/s is 10 Mbit/s");
  }
}

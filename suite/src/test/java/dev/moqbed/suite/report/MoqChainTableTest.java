package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MoqChainTableTest {
  private static final String PUBLISHED =
      String.join(
          "\n",
          PublishedResults.HEADER,
          "media,media,media_latency_avg_us,c4,30494",
          "media,media,media_latency_max_p90_us,c4,40926",
          "");

  private static RunRecord moqRun(int run, long average, long max, String streams, int stops) {
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("completed", "true");
    extra.put("workload", "moq");
    extra.put("stop_sending", Integer.toString(stops));
    extra.put("frames_cancelled", Integer.toString(stops * 10));
    extra.put("media_streams", streams);
    return new RunRecord(
        "media", "c4", run, 1, 5_000_000L, 30_000L, 500L, 0.03, average, max, extra);
  }

  private static RunRecord draftRun(int run, long average) {
    return new RunRecord(
        "media", "c4", run, 1, 5_090_000L, 30_400L, 900L, 0.03, average, 40_000L, Map.of());
  }

  static ReportModel model() {
    List<RunRecord> runs =
        List.of(
            moqRun(0, 18_000, 100_000, "a1:250:15000:18000;vlow:150:16000:70000", 0),
            moqRun(1, 20_000, 120_000, "a1:250:15100:18100;vlow:150:20000:120000", 2),
            draftRun(0, 30_400),
            draftRun(1, 30_600));
    return ReportModel.build(
        List.of("out"), RunSet.of(runs), PublishedResults.parse(PUBLISHED, "published.csv"));
  }

  @Test
  void shouldKeepTheMoqChainsRunsOutOfTheDraftsTablesWhenBothWorkloadsRanTheSameJobs() {
    ReportModel model = model();
    assertEquals(4, model.allRuns().records().size(), "the same job in two workloads is no clash");
    assertEquals(2, model.runs().records().size());
    ReportModel.Cell cell = model.cell("media", Metric.MEDIA_LATENCY_AVG, "c4");
    assertEquals(2, cell.runs());
    assertEquals(30_500L, cell.value(), "the draft workload's mean only");
  }

  @Test
  void shouldAggregateTheMoqChainsRunsPerScenarioAndControllerWhenBuilt() {
    MoqChainTable table = model().moqChain();
    assertFalse(table.isEmpty());
    assertEquals(List.of("a1", "vlow"), table.tracks());
    MoqChainTable.Row row = table.rows().get(0);
    assertEquals("media", row.scenario());
    assertEquals("c4", row.controller());
    assertEquals(2, row.runs());
    assertEquals(19_000L, row.averageLatency());
    assertEquals(19_800L, row.averageLatencyP90(), "18000 + 0.9 × 2000");
    assertEquals(110_000L, row.maxLatency());
    assertEquals(118_000L, row.maxLatencyP90());
    assertEquals(Map.of("a1", 15_050L, "vlow", 18_000L), row.trackAverageLatency());
    assertEquals(1.0, row.stopSending());
    assertEquals(10.0, row.framesCancelled());
    assertEquals(30_500L, row.draftWorkloadLatency());
    assertEquals(30_494L, row.publishedLatency());
  }

  @Test
  void shouldShowTheMoqChainsTableInEveryFormatWhenItsRunsWereGiven() {
    ReportModel model = model();
    String markdown = MarkdownReport.render(model);
    assertTrue(
        markdown.contains(
            "| media | c4 | 2 | 19000 | 19800 | 110000 | 118000 | 15050 | 18000 | 1.0 | 10.0 |"
                + " 30500 | 30494 |"),
        markdown);
    String csv = ReportExport.render(model, ReportFormat.CSV);
    assertTrue(csv.contains("moq_chain,media,media_latency_avg_us,c4,2,19000,"), csv);
    String json = ReportExport.render(model, ReportFormat.JSON);
    assertTrue(json.contains("\"moq_chain\": ["), json);
    assertTrue(json.contains("\"track_average_latency_us\": {\n      \"a1\": 15050,"), json);
    String html = HtmlReport.render(model);
    assertTrue(html.contains("The MoQ chain"), html);
  }

  @Test
  void shouldNameWhatEachLatencyOfTheHtmlTableCountsFromAndWriteItInMilliseconds() {
    String table = htmlTable(model());
    assertTrue(table.contains(">MoQ chain, from capture</th>"), table);
    assertTrue(table.contains(">draft workload, from request schedule, not compared</th>"), table);
    assertTrue(table.contains("<th>av_<wbr>latency mean (ms)</th>"), table);
    assertTrue(table.contains("<th>av_<wbr>latency mean, ours (ms)</th>"), table);
    assertFalse(table.contains("average av_latency"), "no name that means two things");
    assertTrue(
        table.contains(
            "<td>media</td><td>c4</td><td class=\"n\">2</td><td class=\"n\">19.0</td>"
                + "<td class=\"n\">19.8</td><td class=\"n\">110</td><td class=\"n\">118</td>"
                + "<td class=\"n\">15.1</td><td class=\"n\">18.0</td>"
                + "<td class=\"n\">1.0</td><td class=\"n\">10.0</td>"
                + "<td class=\"n\">30.5</td><td class=\"n\">30.5</td></tr>"),
        table);
  }

  @Test
  void shouldGiveEachTimeColumnOfTheHtmlTableItsOwnUnit() {
    List<RunRecord> runs =
        List.of(
            moqRun(0, 18_000, 1_690_000, "a1:250:15000:18000", 6),
            moqRun(1, 20_000, 1_700_000, "a1:250:15100:18100", 6));
    String table = htmlTable(ReportModel.build(List.of("out"), RunSet.of(runs), null));
    assertTrue(table.contains("<th>av_<wbr>latency mean (ms)</th>"), table);
    assertTrue(table.contains("<th>max_<wbr>latency mean (s)</th>"), table);
    assertTrue(
        table.contains(
            "<td class=\"n\">19.0</td><td class=\"n\">19.8</td>"
                + "<td class=\"n\">1.70</td><td class=\"n\">1.70</td>"),
        "18 ms stays 18 ms beside a max_latency of 1.7 s: " + table);
  }

  private static String htmlTable(ReportModel model) {
    String html = HtmlReport.render(model);
    String table = html.substring(html.indexOf("<th rowspan=\"2\">scenario</th>"));
    return table.substring(0, table.indexOf("</table>"));
  }
}

package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fairness table: stalls with their confidence interval, latencies, bulk completion. */
class FairnessTableTest {

  private static RunRecord run(
      String scenario, String controller, int run, long stalls, long latency, Long bulk) {
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("completed", "true");
    extra.put("media_stalls", Long.toString(stalls));
    if (bulk != null) {
      extra.put("bulk_completion_us", Long.toString(bulk));
    }
    return new RunRecord(
        scenario,
        controller,
        run,
        1,
        10_000_000L,
        60_000L,
        9_000L,
        0.2,
        latency,
        4 * latency,
        extra);
  }

  private static List<RunRecord> runs() {
    List<RunRecord> runs = new ArrayList<>();
    runs.add(run("fair_cubic", "c4", 0, 10, 50_000, 8_000_000L));
    runs.add(run("fair_cubic", "c4", 1, 20, 70_000, 9_000_000L));
    runs.add(run("fair_cubic", "c4", 2, 30, 90_000, null));
    runs.add(run("fair_c4", "cubic", 0, 4, 40_000, 7_000_000L));
    runs.add(TinyCase.run("c4", 0, 4_000_000, 100_000, 10_000));
    return runs;
  }

  @Test
  void shouldGiveTheMeanStallsWithAStudentConfidenceIntervalAndTheBulkCompletion() {
    FairnessTable table = FairnessTable.of(RunSet.of(runs()));
    assertEquals(2, table.rows().size());
    FairnessTable.Row cubic = table.rows().get(0);
    assertEquals("fair_cubic", cubic.scenario(), "catalogue order: fair_cubic before fair_c4");
    assertEquals(3, cubic.runs());
    assertEquals(20.0, cubic.stallsMean(), 1e-9);
    // s = 10, t(0.975, 2) = 4.303: 4.303 × 10 / √3
    assertEquals(4.303 * 10 / Math.sqrt(3), cubic.stallsCi95(), 1e-9);
    assertEquals(70_000L, cubic.latencyAverage());
    assertEquals(344_000L, cubic.maxLatencyP90()); // 0.9·2 between 280 000 and 360 000
    assertEquals(8_500_000L, cubic.bulkCompletionMean());
    assertEquals(1, cubic.bulkIncomplete());
    FairnessTable.Row single = table.rows().get(1);
    assertNull(single.stallsCi95(), "no interval from one run");
  }

  @Test
  void shouldUseTheNormalLimitForManyRuns() {
    assertEquals(2.262, FairnessTable.studentT975(9), 1e-9);
    assertEquals(2.021, FairnessTable.studentT975(40), 0.001);
    assertEquals(1.984, FairnessTable.studentT975(100), 0.001);
  }

  @Test
  void shouldPrintTheFairnessTableWithoutPublishedColumnsAndKeepItOutOfTheDraftsTables() {
    ReportModel model = ReportModel.build(List.of("out"), RunSet.of(runs()), null);
    String markdown = MarkdownReport.render(model);
    assertTrue(markdown.contains("## Fairness to a real-time flow (beyond the draft)"), markdown);
    assertTrue(
        markdown.contains(
            "| fair_cubic | c4 | 3 | 20.0 | 24.8 | 70000 | 344000 | 8500000 (1 unfinished) |"),
        markdown);
    assertFalse(markdown.contains("Other scenarios"), "fairness rows are not 'other' scenarios");
    assertFalse(markdown.contains("draft best"));
    String csv = ReportExport.csv(model);
    assertTrue(csv.contains("fairness,fair_cubic,media_stalls_avg,c4,3,20,"), csv);
    String json = ReportExport.json(model);
    assertTrue(json.contains("\"fairness\""), json);
    String draftOnly =
        ReportExport.json(ReportModel.build(List.of("out"), RunSet.of(TinyCase.runs()), null));
    assertFalse(draftOnly.contains("\"fairness\""), "a draft report stays as it was");
  }

  @Test
  void shouldKeepMoqChainRowsApartFromTheDraftWorkloadsAndOutOfTheMoqChainTable() {
    List<RunRecord> runs = new ArrayList<>(runs());
    for (int i = 0; i < 2; i++) {
      RunRecord quicperf = run("fair_cubic", "live:c4", i, 40 + 20 * i, 100_000, 8_000_000L);
      Map<String, String> extra = new LinkedHashMap<>(quicperf.extra());
      extra.put("workload", "moq");
      runs.add(
          new RunRecord(
              quicperf.scenario(),
              quicperf.controller(),
              quicperf.run(),
              quicperf.seed(),
              quicperf.completionTimeMicros(),
              null,
              null,
              null,
              quicperf.mediaAverageLatencyMicros(),
              quicperf.mediaMaxLatencyMicros(),
              extra));
    }
    // the same controller name with both workloads: two rows, not one of mixed runs
    RunRecord moqC4 = runs.get(runs.size() - 1);
    Map<String, String> extra = new LinkedHashMap<>(moqC4.extra());
    extra.put("media_stalls", "7");
    runs.add(
        new RunRecord(
            "fair_cubic", "c4", 0, 1, 10_000_000L, null, null, null, 60_000L, 90_000L, extra));

    ReportModel model = ReportModel.build(List.of("out"), RunSet.of(runs), null);
    List<FairnessTable.Row> rows = model.fairness().rows();
    List<String> labels = rows.stream().map(FairnessTable::label).toList();
    assertEquals(List.of("c4", "c4 (moq)", "live:c4 (moq)", "cubic"), labels);
    FairnessTable.Row live = rows.get(2);
    assertEquals(Workload.MOQ, live.workload());
    assertEquals(2, live.runs());
    assertEquals(50.0, live.stallsMean(), 1e-9);
    assertEquals(3, rows.get(0).runs(), "the draft workload's c4 runs only");
    assertEquals(7.0, rows.get(1).stallsMean(), 1e-9);
    assertTrue(model.moqChain().isEmpty(), "fairness runs are in the fairness table only");

    String markdown = MarkdownReport.render(model);
    assertTrue(markdown.contains("| fair_cubic | live:c4 (moq) | 2 | 50.0 |"), markdown);
    String csv = ReportExport.csv(model);
    assertTrue(csv.contains("fairness_moq,fair_cubic,media_stalls_avg,live:c4,2,50,"), csv);
    assertTrue(csv.contains("fairness,fair_cubic,media_stalls_avg,c4,3,20,"), csv);
    assertTrue(ReportExport.json(model).contains("\"workload\": \"moq\""));
  }
}

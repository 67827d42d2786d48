package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
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
}

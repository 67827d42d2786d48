package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.output.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportExportTest {

  @Test
  void shouldWriteOneCsvLinePerCell() {
    String csv = ReportExport.render(TinyCase.model(true), ReportFormat.CSV);
    String[] lines = csv.split("\n");
    assertEquals(String.join(",", ReportExport.CELL_COLUMNS), lines[0]);
    assertEquals(1 + 4 * 3, lines.length, "4 metrics x 3 controllers");
    assertEquals(
        "network_events,alone,time_avg_us,c4,6,4050000,4000000,1.012,50000,true,\"tie (c4, bbr)\",c4=bbr,4016666.7,4083333.3",
        lines[1]);
    assertEquals(
        "network_events,alone,time_p90_us,bbr,6,4300000,,,,,\"tie (c4, bbr)\",,4250000,4300000",
        lines[5]);
  }

  @Test
  void shouldWriteCellsVerdictsAndSummaryAsJson() {
    Object parsed = Json.parse(ReportExport.render(TinyCase.model(true), ReportFormat.JSON));
    Map<?, ?> document = (Map<?, ?>) parsed;
    assertEquals(18L, document.get("runs"));
    assertEquals(List.of("c4", "bbr", "cubic"), document.get("cc"));
    assertEquals(12, ((List<?>) document.get("cells")).size());
    assertEquals(4, ((List<?>) document.get("verdicts")).size());
    Map<?, ?> summary = (Map<?, ?>) document.get("summary");
    assertEquals(6L, summary.get("within_tolerance"));
    assertEquals(8L, summary.get("compared"));
    assertEquals(0L, summary.get("c4_better_than_both"), "within 5 % of bbr: no win");
    assertEquals(4L, summary.get("c4_comparisons"));
    Map<?, ?> firstCell = (Map<?, ?>) ((List<?>) document.get("cells")).get(0);
    assertEquals(1.0125, firstCell.get("ratio"));
    assertEquals(true, firstCell.get("within_tolerance"));
  }
}

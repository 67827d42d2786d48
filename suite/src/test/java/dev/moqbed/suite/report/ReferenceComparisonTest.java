package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.suite.report.ReferenceComparison.Mark;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class ReferenceComparisonTest {
  private static double[] around(double center, double spread) {
    double[] values = new double[10];
    for (int i = 0; i < values.length; i++) {
      values[i] = center + spread * ((i % 5) - 2) / 2.0;
    }
    return values;
  }

  @Test
  void withinToleranceWhenTheMeansAreClose() {
    ReferenceComparison.Cell cell =
        ReferenceComparison.cell(
            "alone", "c4", Metric.TIME_AVG, around(4_100_000, 50_000), around(4_000_000, 50_000));
    assertEquals(Mark.WITHIN, cell.mark(), "2.5 % off, the tolerance is 5 %");
    assertEquals(200_000, cell.band(), 1e-6);
    assertEquals(1.025, cell.ratio(), 1e-9);
  }

  @Test
  void offWhenTheWholeIntervalLiesOutsideTheTolerance() {
    // 16 % apart with little spread: the interval of the difference is far outside ±5 %
    ReferenceComparison.Cell cell =
        ReferenceComparison.cell(
            "ecn_c4", "bbr", Metric.TIME_AVG, around(4_640_000, 20_000), around(4_000_000, 20_000));
    assertEquals(Mark.OFF, cell.mark());
    assertTrue(cell.difference().low() > cell.band(), cell.toString());
  }

  @Test
  void notDistinguishableWhenTheNoiseCouldExplainTheGap() {
    // 7 % apart with a spread of ±30 %: outside the tolerance, but the interval reaches into it
    ReferenceComparison.Cell cell =
        ReferenceComparison.cell(
            "wifi_bad", "c4", Metric.RTT_AVG, around(107_000, 60_000), around(100_000, 60_000));
    assertEquals(Mark.WITHIN, cell.mark(), "7 % is within RTT's 15 %");
    ReferenceComparison.Cell far =
        ReferenceComparison.cell(
            "wifi_bad", "c4", Metric.RTT_AVG, around(120_000, 60_000), around(100_000, 60_000));
    assertEquals(Mark.NOT_DISTINGUISHABLE, far.mark(), far.toString());
  }

  @Test
  void theLoadComparesInPoints() {
    ReferenceComparison.Cell cell =
        ReferenceComparison.cell(
            "vs_bbr_lg2", "cubic", Metric.LOAD_AVG, around(80, 2), around(53, 2));
    assertEquals(5, cell.band());
    assertEquals(Mark.OFF, cell.mark(), "+27 points");
  }

  @Test
  void readsTheDocumentedCsvAndNamesABadCell() throws Exception {
    ReferenceRuns runs =
        ReferenceRuns.parse(
            new StringReader(
                ReferenceRuns.HEADER
                    + "\nalone,c4,0,4000000,100000,90,\nalone,c4,1,4100000,,91,\n"),
            "ref.csv");
    assertEquals(2, runs.values("alone", "c4", Metric.TIME_AVG).length);
    assertEquals(1, runs.values("alone", "c4", Metric.RTT_AVG).length, "an empty cell is no value");
    assertEquals(0, runs.values("alone", "c4", Metric.MEDIA_LATENCY_AVG).length);
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ReferenceRuns.parse(
                    new StringReader(ReferenceRuns.HEADER + "\nalone,c4,0,fast,1,2,3\n"),
                    "ref.csv"));
    assertEquals("ref.csv line 2: 'fast' is not a number", bad.getMessage());
    IllegalArgumentException header =
        assertThrows(
            IllegalArgumentException.class,
            () -> ReferenceRuns.parse(new StringReader("scenario,cc\n"), "ref.csv"));
    assertTrue(header.getMessage().contains("no column 'run'"), header.getMessage());
  }
}

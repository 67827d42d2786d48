package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.output.statistics.Estimate;
import dev.moqbed.simulation.RunRecord;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReferenceComparisonReportTest {
  @Test
  void meansInMillisecondsOrSecondsWithThreeSignificantDigits() {
    assertEquals("4.53 s", ReferenceCellText.value(ReferenceMetric.TIME, 4_527_315));
    assertEquals("104 ms", ReferenceCellText.value(ReferenceMetric.RTT, 104_121));
    assertEquals("30.5 ms", ReferenceCellText.value(ReferenceMetric.MEDIA_LATENCY, 30_495));
    assertEquals("1.00 s", ReferenceCellText.value(ReferenceMetric.TIME, 999_700), "not 1000 ms");
    assertEquals("36.0 ms", ReferenceCellText.value(ReferenceMetric.RTT, 36_000));
    assertEquals("97.1 %", ReferenceCellText.value(ReferenceMetric.LOAD, 0.9712));
    assertEquals("1.025", ReferenceCellText.ratio(1.0249));
  }

  @Test
  void differencesInOneUnitToTheLargestsThreeDigits() {
    assertEquals(
        "+20.0 [-2.7, +42.7] ms",
        ReferenceCellText.difference(
            ReferenceMetric.TIME, new Estimate(20_000, -2_669.41, 42_669.41, 3)));
    assertEquals(
        "-1.21 [-1.50, -0.92] s",
        ReferenceCellText.difference(
            ReferenceMetric.TIME, new Estimate(-1_210_000, -1_500_000, -920_000, 30)));
    assertEquals(
        "+10.0 [+7.7, +12.3] pt",
        ReferenceCellText.difference(ReferenceMetric.LOAD, new Estimate(0.1, 0.0773, 0.1227, 3)));
    assertEquals(
        "0.00 [0.00, +0.01] pt",
        ReferenceCellText.difference(
            ReferenceMetric.LOAD, new Estimate(0.000000047, -0.000000394, 0.0000599, 10)),
        "no finer than a hundredth of a point");
    assertEquals(
        "0 [0, 0] ms", ReferenceCellText.difference(ReferenceMetric.RTT, new Estimate(0, 0, 0, 3)));
  }

  @Test
  void theTableFitsOneHundredTwentyColumnsWithTheLongestNames() throws Exception {
    List<RunRecord> records = new ArrayList<>();
    StringBuilder reference = new StringBuilder(ReferenceRuns.HEADER + "\n");
    for (int i = 0; i < 30; i++) {
      records.add(
          new RunRecord(
              "media_short_long",
              "c4:variant=v4",
              i,
              i,
              17_000_000L + 7_000 * i,
              190_000L + 100 * i,
              0L,
              0.5 + i / 1000.0,
              30_000L + 50 * i,
              40_000L,
              null));
      reference.append(
          String.format(
              "media_short_long,c4:variant=v4,%d,%d,%d,%.3f,%d%n",
              i, 18_000_000 + 5_000 * i, 150_000 + 90 * i, 0.44 + i / 900.0, 30_200 + 400 * i));
    }
    ReferenceComparison comparison =
        ReferenceComparison.of(
            RunSet.of(records),
            "results/c4-test-30",
            ReferenceRuns.parse(new StringReader(reference.toString()), "picoquic-30.csv"));
    String text = ReferenceComparisonReport.render(comparison, ReportFormat.MARKDOWN);
    for (String line : text.lines().toList()) {
      assertTrue(line.length() <= 120, line.length() + ": " + line);
    }
    assertTrue(
        text.contains(
            "media_short_long  c4:variant=v4  time     30/30   17.1 s   18.1 s  0.946     -971 [-999,"
                + " -943] ms  off\n"),
        text);
    assertTrue(
        text.contains(
            "latency  30/30  30.7 ms  36.0 ms  0.853  -5.28 [-6.60, -3.95] ms  not distinguishable"),
        text);
    assertTrue(
        text.contains("\n4 cells: 0 within tolerance, 3 off, 1 not distinguishable\n"), text);
    // the latency cell: difference -5,275 µs against a band of ±5,400 µs; variances 193,750 and
    // 12,400,000 µs² (30 values 50 and 400 µs apart). To decide: 1.96² × 12,593,750 / 125² = 3,096
    // runs a side, 3,099 with t at ~3,100 degrees of freedom. Fewest: 4 runs give t(3.1) ×
    // √(12.59e6
    // / 4) = 5.59 ms > 5.40, 5 runs t(4.1) × 1,587 = 4.38 ms.
    assertTrue(
        text.endsWith(
            "\nmedia_short_long  c4:variant=v4  latency  30/30       5      3,099  within"
                + " tolerance\n"),
        text);
    String csv = ReferenceComparisonReport.render(comparison, ReportFormat.CSV);
    assertTrue(
        csv.startsWith(
            "scenario,cc,metric,runs,reference_runs,mean,reference_mean,ratio,difference,ci95_low,"
                + "ci95_high,tolerance,mark,sd,reference_sd,fewest_runs_within,runs_to_decide,"
                + "leaning\nmedia_short_long,c4:variant=v4,completion_time_us,30,"
                + "30,17101500,18072500,0.9463,-971000,-998738.4707,"),
        csv);
    String json = ReferenceComparisonReport.render(comparison, ReportFormat.JSON);
    assertTrue(json.contains("\"off\": 3"), json);
    assertTrue(json.contains("\"metric\": \"load\""), json);
  }
}

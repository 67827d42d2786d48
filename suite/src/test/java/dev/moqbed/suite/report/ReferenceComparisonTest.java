package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.output.statistics.Estimate;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.report.ReferenceComparison.Cell;
import dev.moqbed.suite.report.ReferenceComparison.Mark;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The arithmetic of {@code report --against-reference}, against values computed by hand.
 *
 * <p>Most cells below have three runs a side spaced by d around their mean: each side's variance is
 * d², the standard error of the difference d·√(2/3) = 0.816497·d, Welch's degrees of freedom (2/3)²
 * / (2·(1/3)²/2) = 4 exactly, and t(4, 0.975) = 2.776445 (any t table). The interval's half-width
 * is therefore 2.776445 × 0.816497 · d = 2.266959 · d.
 */
class ReferenceComparisonTest {
  private static final double HALF_WIDTH_PER_SPACING = 2.266959;

  private static double[] three(double mean, double spacing) {
    return new double[] {mean - spacing, mean, mean + spacing};
  }

  private static Cell time(double ourMean, double referenceMean) {
    return ReferenceComparison.cell(
        "alone", "c4", ReferenceMetric.TIME, three(ourMean, 10_000), three(referenceMean, 10_000));
  }

  @Test
  void welchIntervalOfThreeRunsASide() {
    Cell cell = time(1_020_000, 1_000_000);
    double halfWidth = HALF_WIDTH_PER_SPACING * 10_000; // 22,669.59 µs
    assertEquals(20_000, cell.difference().value(), 1e-6);
    assertEquals(20_000 - halfWidth, cell.difference().low(), 0.1); // -2,669.59
    assertEquals(20_000 + halfWidth, cell.difference().high(), 0.1); // 42,669.59
    assertEquals(1.02, cell.ratio(), 1e-12);
    assertEquals(50_000, cell.band(), 1e-9, "5 % of the reference's mean");
    assertEquals(3, cell.ourRuns());
    assertEquals(3, cell.referenceRuns());
    assertEquals(Mark.WITHIN, cell.mark(), "[-2.7, +42.7] ms lies inside ±50 ms");
  }

  @Test
  void welchIntervalOfTwoRunsASide() {
    // {1, 3} vs {5, 7}: variances 2, standard error √(2/2 + 2/2) = √2, degrees (1 + 1)² / (1 + 1)
    // = 2, t(2, 0.975) = 4.302653: -4 ± 4.302653 × 1.414214 = ±6.084870
    Cell cell =
        ReferenceComparison.cell(
            "alone", "c4", ReferenceMetric.RTT, new double[] {1, 3}, new double[] {5, 7});
    assertEquals(-4 - 6.084870, cell.difference().low(), 1e-5);
    assertEquals(-4 + 6.084870, cell.difference().high(), 1e-5);
  }

  @Test
  void marksOnBothSidesOfTheBand() {
    // the reference's mean 1 s, band ±50 ms, half-width 22.67 ms
    assertEquals(Mark.WITHIN, time(1_020_000, 1_000_000).mark());
    assertEquals(
        Mark.NOT_DISTINGUISHABLE,
        time(1_040_000, 1_000_000).mark(),
        "the means 4 % apart, but [+17.3, +62.7] ms reaches past +50 ms");
    assertEquals(Mark.OFF, time(1_080_000, 1_000_000).mark(), "[+57.3, +102.7] ms");
    assertEquals(Mark.NOT_DISTINGUISHABLE, time(960_000, 1_000_000).mark(), "[-62.7, -17.3] ms");
    assertEquals(Mark.OFF, time(920_000, 1_000_000).mark(), "[-102.7, -57.3] ms");
  }

  /**
   * {@code runs} values with mean {@code mean} and sample variance exactly {@code spread}²: pairs
   * mean ± a (and the mean itself when {@code runs} is odd), a chosen so the sample variance is
   * 2k·a² / (runs − 1) = spread².
   */
  private static double[] spreadEvenly(int runs, double mean, double spread) {
    int pairs = runs / 2;
    double offset = spread * Math.sqrt((runs - 1) / (2.0 * pairs));
    double[] values = new double[runs];
    for (int i = 0; i < pairs; i++) {
      values[2 * i] = mean - offset;
      values[2 * i + 1] = mean + offset;
    }
    if (runs % 2 == 1) {
      values[runs - 1] = mean;
    }
    return values;
  }

  private static Cell timeCell(int runs, double ourMean, double spread) {
    return ReferenceComparison.cell(
        "wifi_bad",
        "bbr",
        ReferenceMetric.TIME,
        spreadEvenly(runs, ourMean, spread),
        spreadEvenly(runs, 1_000_000, spread));
  }

  @Test
  void runsToDecideAreTheRunsThatGiveTheMark() {
    // 30 runs a side, spreads of 100 ms, the means 3 % apart against a band of ±50 ms: the interval
    // +30 ± 51.7 ms straddles the band's edge
    Cell leaningWithin = timeCell(30, 1_030_000, 100_000);
    assertEquals(Mark.NOT_DISTINGUISHABLE, leaningWithin.mark());
    RunsToDecide within = leaningWithin.runsToDecide().orElseThrow();
    assertEquals(Mark.WITHIN, within.leaning());
    int n = (int) within.runsPerSide(); // 1.96² × 2 × 0.1² / 0.02² = 192, a little more with t
    assertTrue(n > 192 && n < 200, "runs a side: " + n);
    assertEquals(Mark.WITHIN, timeCell(n, 1_030_000, 100_000).mark(), "at the runs projected");
    assertEquals(Mark.NOT_DISTINGUISHABLE, timeCell(n - 1, 1_030_000, 100_000).mark(), "one fewer");

    Cell leaningOff = timeCell(30, 1_070_000, 100_000);
    RunsToDecide off = leaningOff.runsToDecide().orElseThrow();
    assertEquals(Mark.OFF, off.leaning());
    int m = (int) off.runsPerSide();
    assertEquals(Mark.OFF, timeCell(m, 1_070_000, 100_000).mark());
    assertEquals(Mark.NOT_DISTINGUISHABLE, timeCell(m - 1, 1_070_000, 100_000).mark());

    // fewest for within: even equal means need the interval's half-width under 50 ms
    long fewest = leaningWithin.fewestRunsForWithin(); // 1.96² × 2 × 0.1² / 0.05² = 30.7, then t
    assertEquals(Mark.WITHIN, timeCell((int) fewest, 1_000_000, 100_000).mark());
    assertEquals(Mark.NOT_DISTINGUISHABLE, timeCell((int) fewest - 1, 1_000_000, 100_000).mark());
    assertTrue(time(1_020_000, 1_000_000).runsToDecide().isEmpty(), "a decided cell has none");
  }

  @Test
  void theBandsEdgesBelongToIt() {
    assertEquals(Mark.WITHIN, ReferenceComparison.mark(new Estimate(0, -50, 50, 6), 50));
    assertEquals(
        Mark.NOT_DISTINGUISHABLE, ReferenceComparison.mark(new Estimate(0, -50.01, 50, 6), 50));
    assertEquals(
        Mark.NOT_DISTINGUISHABLE, ReferenceComparison.mark(new Estimate(60, 50, 70, 6), 50));
    assertEquals(Mark.OFF, ReferenceComparison.mark(new Estimate(60, 50.01, 70, 6), 50));
    assertEquals(Mark.OFF, ReferenceComparison.mark(new Estimate(-60, -70, -50.01, 6), 50));
    assertEquals(
        Mark.NOT_DISTINGUISHABLE, ReferenceComparison.mark(Estimate.withoutInterval(60, 1), 50));
  }

  @Test
  void rttAndLatencyHaveFifteenPercent() {
    // reference 90/100/110 ms, ours 100/110/120 ms: +10 ms [-12.7, +32.7] against ±15 ms
    Cell cell =
        ReferenceComparison.cell(
            "wifi_bad",
            "c4",
            ReferenceMetric.MEDIA_LATENCY,
            three(110_000, 10_000),
            three(100_000, 10_000));
    assertEquals(15_000, cell.band(), 1e-9);
    assertEquals(Mark.NOT_DISTINGUISHABLE, cell.mark());
  }

  @Test
  void theLoadComparesInPoints() {
    // 0.51 against 0.53 (+2 points [-0.27, +4.27]): within ±5 points, though 5 % of 0.51 would be
    // only ±2.55 points
    Cell within =
        ReferenceComparison.cell(
            "vs_bbr_lg2", "cubic", ReferenceMetric.LOAD, three(0.53, 0.01), three(0.51, 0.01));
    assertEquals(0.05, within.band(), 1e-12);
    assertEquals(0.02 + HALF_WIDTH_PER_SPACING * 0.01, within.difference().high(), 1e-6);
    assertEquals(Mark.WITHIN, within.mark());
    Cell off =
        ReferenceComparison.cell(
            "vs_bbr_lg2", "cubic", ReferenceMetric.LOAD, three(0.61, 0.01), three(0.51, 0.01));
    assertEquals(Mark.OFF, off.mark(), "+10 points [+7.7, +12.3]");
  }

  private static RunRecord run(String scenario, int run, long time, Long rtt) {
    return new RunRecord(scenario, "c4", run, run, time, rtt, 0L, 0.9, null, null, null);
  }

  private static ReferenceRuns reference(String rows) throws Exception {
    return ReferenceRuns.parse(new StringReader(ReferenceRuns.HEADER + "\n" + rows), "ref.csv");
  }

  @Test
  void comparesWhatBothSidesMeasuredAndNamesASideWithOneRun() throws Exception {
    List<RunRecord> records = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      records.add(run("alone", i, 1_000_000 + 10_000 * i, null));
      records.add(run("bbloat", i, 2_000_000, 100_000L));
    }
    RunSet runs = RunSet.of(records);
    ReferenceComparison comparison =
        ReferenceComparison.of(
            runs,
            "sweep",
            reference(
                "alone,c4,0,1000000,90000,0.9,\nalone,c4,1,1010000,90000,0.9,\n"
                    + "alone,c4,2,1020000,90000,0.9,\n"));
    assertEquals(2, comparison.cells().size(), "alone's time and load; bbloat has no reference");
    assertEquals(List.of("alone c4 RTT (reference only)"), comparison.oneSided());
    assertEquals(
        "2 cells: 2 within tolerance, 0 off, 0 not distinguishable",
        ReferenceComparisonReport.summary(comparison));
    IllegalArgumentException one =
        assertThrows(
            IllegalArgumentException.class,
            () -> ReferenceComparison.of(runs, "sweep", reference("alone,c4,0,1,1,0.9,\n")));
    assertEquals(
        "alone c4 time: 1 run in the reference ref.csv; a cell needs 2 runs on each side for an"
            + " interval",
        one.getMessage());
    IllegalArgumentException ours =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ReferenceComparison.of(
                    RunSet.of(records.subList(0, 1)),
                    "sweep",
                    reference("alone,c4,0,1,1,0.9,\nalone,c4,1,1,1,0.9,\n")));
    assertTrue(
        ours.getMessage().startsWith("alone c4 time: 1 run in the sweep sweep;"),
        ours.getMessage());
  }

  @Test
  void readsTheDocumentedCsvAndNamesWhatIsWrong() throws Exception {
    ReferenceRuns runs = reference("alone,c4,0,4000000,100000,0.9,\nalone,c4,1,4100000,,0.91,\n");
    assertEquals(2, runs.values("alone", "c4", ReferenceMetric.TIME).length);
    assertEquals(1, runs.values("alone", "c4", ReferenceMetric.RTT).length, "empty: no value");
    assertEquals(0, runs.values("alone", "c4", ReferenceMetric.MEDIA_LATENCY).length);
    assertEquals(
        "ref.csv line 2: completion_time_us must be a number, got 'fast'",
        assertThrows(IllegalArgumentException.class, () -> reference("alone,c4,0,fast,1,0.9,3\n"))
            .getMessage());
    assertEquals(
        "ref.csv line 2: load is a fraction (0.97 for 97 %), got 97; percent?",
        assertThrows(IllegalArgumentException.class, () -> reference("alone,c4,0,1,1,97,3\n"))
            .getMessage());
    assertEquals(
        2.021,
        reference("wifi_bad_bbr,bbr,190,5985334,285929,2.021,\n")
            .values("wifi_bad_bbr", "bbr", ReferenceMetric.LOAD)[0],
        1e-9,
        "a window past the path's capacity is a load above 1, and above 2 in picoquic's own runs");
    assertEquals(
        "ref.csv line 3: run 0 of alone c4 appears twice",
        assertThrows(
                IllegalArgumentException.class,
                () -> reference("alone,c4,0,1,1,0.9,\nalone,c4,0,1,1,0.9,\n"))
            .getMessage());
    assertEquals(
        "ref.csv: no column run, load; the header needs "
            + ReferenceRuns.HEADER
            + " (runs.csv's names and units)",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    ReferenceRuns.parse(
                        new StringReader(
                            "scenario,cc,completion_time_us,rtt_avg_us,media_avg_latency_us\n"),
                        "ref.csv"))
            .getMessage());
  }
}

package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfidenceIntervalTest {
  /** 20 runs around {@code center}, spread ±{@code spread}, in a fixed zig-zag. */
  private static double[] runs(double center, double spread) {
    double[] values = new double[20];
    for (int i = 0; i < values.length; i++) {
      values[i] = center + spread * ((i % 5) - 2) / 2.0;
    }
    return values;
  }

  @Test
  void shouldHoldTheMeanAndBeTheSameEveryTime() {
    double[] values = runs(1000, 100);
    ConfidenceInterval interval = ConfidenceInterval.ofMean(values);
    assertTrue(interval.low() < 1000 && 1000 < interval.high(), interval.toString());
    // the mean of 20 runs with a standard deviation of ~71: half-width near 1.96 × 71 / √20 ≈ 31
    assertTrue(interval.high() - interval.low() > 40, interval.toString());
    assertTrue(interval.high() - interval.low() < 80, interval.toString());
    assertEquals(interval, ConfidenceInterval.ofMean(values), "a fixed seed: deterministic");
  }

  @Test
  void shouldHaveNoIntervalWithFewerThanTwoRuns() {
    assertFalse(ConfidenceInterval.ofMean(new double[] {5}).exists());
    assertFalse(ConfidenceInterval.ofP90(new double[0]).exists());
    assertFalse(ConfidenceInterval.NONE.separatesFrom(new ConfidenceInterval(0, 1)));
  }

  @Test
  void shouldCallTwoCloseSamplesATieAndTwoSeparatedOnesAWin() {
    // the case: 0.2 % apart over 20 runs that spread by 5 %
    Map<String, Long> values = new LinkedHashMap<>();
    Map<String, ConfidenceInterval> intervals = new LinkedHashMap<>();
    values.put("c4", 1000L);
    intervals.put("c4", ConfidenceInterval.ofMean(runs(1000, 50)));
    values.put("bbr", 1002L);
    intervals.put("bbr", ConfidenceInterval.ofMean(runs(1002, 50)));
    assertEquals("tie (c4, bbr)", ReportModel.winner(values, intervals, Metric.TIME_AVG));
    assertEquals("tie (bbr, c4)", ReportModel.winner(values, intervals, Metric.LOAD_AVG));

    values.put("bbr", 1200L);
    intervals.put("bbr", ConfidenceInterval.ofMean(runs(1200, 50)));
    assertEquals("c4", ReportModel.winner(values, intervals, Metric.TIME_AVG));
    assertEquals("bbr", ReportModel.winner(values, intervals, Metric.LOAD_AVG));

    // a third controller that overlaps the best one joins the tie; one that does not, does not
    values.put("cubic", 1010L);
    intervals.put("cubic", ConfidenceInterval.ofMean(runs(1010, 50)));
    assertEquals("tie (c4, cubic)", ReportModel.winner(values, intervals, Metric.TIME_AVG));
  }

  @Test
  void shouldNotCountC4AsBetterThanBothWhenItsIntervalOverlapsEither() {
    Map<String, Long> values = new LinkedHashMap<>();
    Map<String, ConfidenceInterval> intervals = new LinkedHashMap<>();
    values.put("c4", 1000L);
    intervals.put("c4", ConfidenceInterval.ofMean(runs(1000, 50)));
    values.put("bbr", 1200L);
    intervals.put("bbr", ConfidenceInterval.ofMean(runs(1200, 50)));
    values.put("cubic", 1002L);
    intervals.put("cubic", ConfidenceInterval.ofMean(runs(1002, 50)));
    assertEquals(true, ReportModel.c4BetterThanBoth(values, Metric.TIME_AVG), "by value alone");
    assertEquals(false, ReportModel.c4BetterThanBoth(values, intervals, Metric.TIME_AVG));
    values.put("cubic", 1300L);
    intervals.put("cubic", ConfidenceInterval.ofMean(runs(1300, 50)));
    assertEquals(true, ReportModel.c4BetterThanBoth(values, intervals, Metric.TIME_AVG));
  }
}

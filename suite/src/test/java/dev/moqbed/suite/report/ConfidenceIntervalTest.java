package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.output.statistics.EffectSettings;
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
  void shouldHaveNoIntervalWithFewerThanSixRuns() {
    assertFalse(ConfidenceInterval.ofMean(new double[] {5}).exists());
    assertFalse(ConfidenceInterval.ofMean(new double[] {1, 2, 3, 4, 5}).exists());
    assertTrue(ConfidenceInterval.ofMean(new double[] {1, 2, 3, 4, 5, 6}).exists());
    assertFalse(ConfidenceInterval.ofP90(new double[0]).exists());
    assertFalse(ConfidenceInterval.NONE.beyond(0, -1));
  }

  @Test
  void theDifferenceIntervalHoldsTheDifference() {
    ConfidenceInterval difference =
        ConfidenceInterval.ofDifference(runs(1000, 50), runs(1200, 50), false);
    assertTrue(difference.low() < -200 && -200 < difference.high(), difference.toString());
    assertTrue(difference.beyond(100, -1), "200 lower, well beyond a 100 minimum");
    assertFalse(difference.beyond(250, -1), "not beyond a 250 minimum");
    assertFalse(difference.beyond(0, 1), "wrong side");
  }

  private static Map<String, double[]> perRun(Map<String, Long> values, double spread) {
    Map<String, double[]> perRun = new LinkedHashMap<>();
    values.forEach((controller, value) -> perRun.put(controller, runs(value, spread)));
    return perRun;
  }

  @Test
  void shouldCallASmallLeadATieEvenWhenTheRunsSeparateIt() {
    Map<String, Long> values = new LinkedHashMap<>();
    values.put("c4", 1_000_000L);
    // 0.2 % apart over 20 runs spread by 0.1 %: the intervals separate, the effect is too small
    values.put("bbr", 1_002_000L);
    EffectSettings effects = EffectSettings.DEFAULT;
    assertEquals(
        "tie (c4, bbr)",
        ReportModel.winner(values, perRun(values, 1000), Metric.TIME_AVG, effects));
    assertEquals(
        "c4",
        ReportModel.winner(
            values, perRun(values, 1000), Metric.TIME_AVG, new EffectSettings(0, 0, 0)),
        "without a minimum effect the separated intervals name a winner");

    values.put("bbr", 1_200_000L);
    assertEquals(
        "c4", ReportModel.winner(values, perRun(values, 50_000), Metric.TIME_AVG, effects));
    // a third controller within the minimum effect of the best joins the tie
    values.put("cubic", 1_010_000L);
    assertEquals(
        "tie (c4, cubic)",
        ReportModel.winner(values, perRun(values, 50_000), Metric.TIME_AVG, effects));
  }

  @Test
  void loadsNeedAPointOfDifference() {
    Map<String, Long> values = new LinkedHashMap<>();
    values.put("c4", 90L);
    values.put("bbr", 95L);
    assertEquals(
        "bbr",
        ReportModel.winner(values, perRun(values, 1), Metric.LOAD_AVG, EffectSettings.DEFAULT));
    values.put("bbr", 90L);
    assertEquals(
        "tie (c4, bbr)",
        ReportModel.winner(values, perRun(values, 1), Metric.LOAD_AVG, EffectSettings.DEFAULT));
  }

  @Test
  void shouldNotCountC4AsBetterThanBothWhenItDoesNotBeatEither() {
    Map<String, Long> values = new LinkedHashMap<>();
    values.put("c4", 1_000_000L);
    values.put("bbr", 1_200_000L);
    values.put("cubic", 1_002_000L);
    EffectSettings effects = EffectSettings.DEFAULT;
    assertEquals(true, ReportModel.c4BetterThanBoth(values, Metric.TIME_AVG), "by value alone");
    assertEquals(
        false,
        ReportModel.c4BetterThanBoth(values, perRun(values, 50_000), Metric.TIME_AVG, effects));
    values.put("cubic", 1_300_000L);
    assertEquals(
        true,
        ReportModel.c4BetterThanBoth(values, perRun(values, 50_000), Metric.TIME_AVG, effects));
  }
}

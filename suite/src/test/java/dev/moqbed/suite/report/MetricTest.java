package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MetricTest {

  private static RunRecord times(int run, Long completion) {
    return new RunRecord("alone", "c4", run, 1, completion, null, null, null, null, null, Map.of());
  }

  /** Runs with these completion times, in a shuffled order (the aggregation must sort). */
  private static List<RunRecord> times(long... completions) {
    List<RunRecord> runs = new ArrayList<>();
    for (int i = 0; i < completions.length; i++) {
      runs.add(times(i, completions[i]));
    }
    Collections.shuffle(runs, new java.util.Random(12345));
    return runs;
  }

  private static long[] range(long from, long step, int count) {
    long[] values = new long[count];
    for (int i = 0; i < count; i++) {
      values[i] = from + step * i;
    }
    return values;
  }

  @Test
  void shouldTakeTheValueWhenThereIsOneRun() {
    assertEquals(7L, Metric.TIME_AVG.aggregate(times(7)));
    assertEquals(7L, Metric.TIME_P90.aggregate(times(7)));
  }

  @Test
  void shouldInterpolateLinearlyWhenThereAreTwoRuns() {
    // position 0.9 between 10 and 20
    assertEquals(19L, Metric.TIME_P90.aggregate(times(20, 10)));
    assertEquals(15L, Metric.TIME_AVG.aggregate(times(20, 10)));
  }

  @Test
  void shouldInterpolateAtPositionEightPointOneWhenThereAreTenRuns() {
    // sorted 100..1000 step 100: position 8.1 -> 900 + 0.1 * 100
    assertEquals(910L, Metric.TIME_P90.aggregate(times(range(100, 100, 10))));
    assertEquals(550L, Metric.TIME_AVG.aggregate(times(range(100, 100, 10))));
  }

  @Test
  void shouldInterpolateAtPositionEightyNinePointOneWhenThereAreHundredRuns() {
    // sorted 10..1000 step 10: position 89.1 -> 900 + 0.1 * 10
    assertEquals(901L, Metric.TIME_P90.aggregate(times(range(10, 10, 100))));
    assertEquals(505L, Metric.TIME_AVG.aggregate(times(range(10, 10, 100))));
  }

  @Test
  void shouldRoundHalvesToEvenAsPythonRoundWhenCellIsExactlyHalfway() {
    assertEquals(2L, Metric.TIME_AVG.aggregate(times(1, 2)), "1.5 -> 2");
    assertEquals(2L, Metric.TIME_AVG.aggregate(times(2, 3)), "2.5 -> 2");
    assertEquals(4L, Metric.TIME_P90.aggregate(times(0, 5)), "4.5 -> 4");
    assertEquals(4L, Metric.TIME_AVG.aggregate(times(3, 4)), "3.5 -> 4");
  }

  @Test
  void shouldLeaveOutRunsWithoutTheValue() {
    List<RunRecord> runs = new ArrayList<>(times(10, 20, 30));
    runs.add(times(9, null));
    assertEquals(20L, Metric.TIME_AVG.aggregate(runs));
    assertNull(Metric.TIME_AVG.aggregate(List.of(times(0, null))));
    assertNull(Metric.MEDIA_LATENCY_AVG.aggregate(runs));
  }

  @Test
  void shouldAddDeviationToAverageBeforeThePercentileWhenComputingRttPlusSd() {
    List<RunRecord> runs = new ArrayList<>();
    long[][] rtts = {{100, 50}, {200, 10}, {120, 0}, {90, 300}};
    for (int i = 0; i < rtts.length; i++) {
      runs.add(
          new RunRecord(
              "alone", "c4", i, 1, null, rtts[i][0], rtts[i][1], null, null, null, Map.of()));
    }
    // sums 150, 210, 120, 390 -> sorted 120 150 210 390, position 2.7 -> 210 + 0.7 * 180 = 336
    assertEquals(336L, Metric.RTT_PLUS_SD_P90.aggregate(runs));
    assertEquals(128L, Metric.RTT_AVG.aggregate(runs), "mean 127.5 -> 128 (even)");
  }

  @Test
  void shouldReportLoadInPercent() {
    List<RunRecord> runs = new ArrayList<>();
    double[] loads = {0.955, 0.97, 1.04};
    for (int i = 0; i < loads.length; i++) {
      runs.add(
          new RunRecord("vs_c4", "c4", i, 1, null, null, null, loads[i], null, null, Map.of()));
    }
    assertEquals(99L, Metric.LOAD_AVG.aggregate(runs), "mean 98.83 %");
    // sorted 95.5 97 104, position 1.8 -> 97 + 0.8 * 7 = 102.6
    assertEquals(103L, Metric.LOAD_P90.aggregate(runs));
  }

  @Test
  void shouldMatchSortingFreeFormulaOnRandomSamples() {
    SplittableRandom random = new SplittableRandom(99);
    for (int trial = 0; trial < 200; trial++) {
      int count = 1 + random.nextInt(150);
      long[] values = new long[count];
      for (int i = 0; i < count; i++) {
        values[i] = random.nextLong(10_000_000);
      }
      long[] sorted = values.clone();
      java.util.Arrays.sort(sorted);
      double position = 0.9 * (count - 1);
      int below = (int) position;
      double expected =
          sorted[below]
              + (position - below) * (sorted[Math.min(below + 1, count - 1)] - sorted[below]);
      assertEquals((long) Math.rint(expected), Metric.TIME_P90.aggregate(times(values)));
    }
  }

  @Test
  void shouldAcceptBoundsAndRefuseBeyondThemWhenCheckingTolerance() {
    assertTrue(Metric.TIME_AVG.tolerance().accepts(1_050_000, 1_000_000));
    assertTrue(Metric.TIME_AVG.tolerance().accepts(950_000, 1_000_000));
    assertFalse(Metric.TIME_AVG.tolerance().accepts(1_050_001, 1_000_000));
    assertTrue(Metric.RTT_AVG.tolerance().accepts(115_000, 100_000));
    assertFalse(Metric.RTT_PLUS_SD_P90.tolerance().accepts(84_999, 100_000));
    assertTrue(Metric.MEDIA_LATENCY_MAX_P90.tolerance().accepts(34_500, 30_000));
    assertFalse(Metric.MEDIA_LATENCY_AVG.tolerance().accepts(34_501, 30_000));
    assertTrue(Metric.LOAD_AVG.tolerance().accepts(95, 100));
    assertTrue(Metric.LOAD_P90.tolerance().accepts(105, 100));
    assertFalse(Metric.LOAD_AVG.tolerance().accepts(94, 100));
    assertFalse(Metric.LOAD_P90.tolerance().accepts(11, 5), "points, not percent of the value");
  }

  @Test
  void shouldPreferLowerValuesExceptForTheLoad() {
    assertTrue(Metric.TIME_AVG.better(1, 2));
    assertTrue(Metric.RTT_PLUS_SD_P90.better(1, 2));
    assertTrue(Metric.MEDIA_LATENCY_AVG.better(1, 2));
    assertTrue(Metric.LOAD_AVG.better(2, 1));
    assertTrue(Metric.LOAD_P90.better(2, 1));
    assertFalse(Metric.TIME_P90.better(2, 2));
  }
}

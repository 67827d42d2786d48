package dev.moqbed.live.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.compare.ComparedMetric.Unit;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.statistics.DifferenceVerdict;
import dev.moqbed.output.statistics.EffectSettings;
import dev.moqbed.runtime.Quantities;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LiveComparisonTest {
  private static final ComparedMetric P99 =
      new ComparedMetric("a1_p99_us", "a1 p99", Unit.MICROSECONDS, true, r -> Double.NaN);
  private static final ComparedMetric DELIVERED =
      new ComparedMetric("vmid_delivered_pct", "vmid delivered", Unit.PERCENT, false, r -> 0);

  private static LiveComparison comparison(String... controllers) {
    return new LiveComparison(
        List.of(controllers),
        List.of(P99, DELIVERED),
        EffectSettings.DEFAULT,
        HostNoise.Limits.DEFAULT);
  }

  private static void add(LiveComparison comparison, String cc, double[] p99, double[] delivered) {
    for (int round = 0; round < p99.length; round++) {
      comparison.add(
          new ControllerRun(
              cc,
              round,
              Map.of(P99.name(), p99[round], DELIVERED.name(), delivered[round]),
              HostNoise.UNKNOWN,
              false));
    }
  }

  @Test
  void namesTheLowerControllerWhenTheWholeIntervalExceedsTheMinimumEffect() {
    LiveComparison comparison = comparison("c4", "cubic");
    // c4 about 12 ms lower in every round, the rounds themselves far apart
    add(comparison, "c4", new double[] {20e3, 50e3, 31e3, 80e3, 25e3, 40e3}, new double[6]);
    add(comparison, "cubic", new double[] {33e3, 61e3, 42e3, 93e3, 36e3, 52e3}, new double[6]);
    LiveComparison.PairVerdict verdict = comparison.verdict(P99, "c4", "cubic");
    assertEquals(DifferenceVerdict.Outcome.FIRST_LOWER, verdict.verdict().outcome());
    assertEquals("c4", verdict.winner());
    assertTrue(
        verdict.text().startsWith("c4 lower a1 p99 than cubic by 11.8 ms [10.6 ms, 13.1 ms]"),
        verdict.text());
  }

  @Test
  void higherDeliveredShareWins() {
    LiveComparison comparison = comparison("c4", "bbr");
    double[] same = {1, 1, 1, 1, 1, 1};
    add(comparison, "c4", same, new double[] {90, 91, 89, 90, 92, 90});
    add(comparison, "bbr", same, new double[] {80, 80, 79, 81, 82, 80});
    LiveComparison.PairVerdict verdict = comparison.verdict(DELIVERED, "c4", "bbr");
    assertEquals("c4", verdict.winner());
    assertTrue(
        verdict.text().startsWith("c4 higher vmid delivered than bbr by 10"), verdict.text());
  }

  @Test
  void aSmallConsistentLeadIsNoDifference() {
    // 0.2 % apart every round: the interval excludes zero but not the 5 % / 1 ms minimum
    LiveComparison comparison = comparison("c4", "cubic");
    double[] c4 = {30_493, 30_500, 30_480, 30_510, 30_490, 30_495};
    double[] cubic = new double[6];
    for (int i = 0; i < 6; i++) {
      cubic[i] = c4[i] * 0.998;
    }
    add(comparison, "c4", c4, new double[6]);
    add(comparison, "cubic", cubic, new double[6]);
    LiveComparison.PairVerdict verdict = comparison.verdict(P99, "c4", "cubic");
    assertEquals(DifferenceVerdict.Outcome.NO_DIFFERENCE, verdict.verdict().outcome());
    assertNull(verdict.winner());
    assertEquals("no difference distinguishable at n=6", verdict.text());
  }

  @Test
  void fiveRunsGiveNeitherIntervalNorVerdictAndSaySo() {
    LiveComparison comparison = comparison("c4", "cubic");
    add(comparison, "c4", new double[] {1e3, 1e3, 1e3, 1e3, 1e3}, new double[5]);
    add(comparison, "cubic", new double[] {90e3, 90e3, 90e3, 90e3, 90e3}, new double[5]);
    assertFalse(comparison.median("c4", P99).hasInterval());
    assertEquals(
        DifferenceVerdict.Outcome.TOO_FEW_RUNS,
        comparison.verdict(P99, "c4", "cubic").verdict().outcome());
    assertTrue(ComparisonTables.notes(comparison).get(0).startsWith("5 run(s) per controller"));
  }

  @Test
  void aRepeatedRunReplacesItsRoundAndPairsWithIt() {
    LiveComparison comparison = comparison("c4", "cubic");
    add(comparison, "c4", new double[] {10e3, 10e3, 10e3, 10e3, 10e3, 10e3}, new double[6]);
    add(comparison, "cubic", new double[] {20e3, 20e3, 20e3, 20e3, 20e3, 900e3}, new double[6]);
    comparison.add(
        new ControllerRun(
            "cubic", 5, Map.of(P99.name(), 20e3, DELIVERED.name(), 0.0), HostNoise.UNKNOWN, true));
    assertEquals(6, comparison.runs("cubic").size());
    assertEquals(
        -10e3, comparison.verdict(P99, "c4", "cubic").verdict().difference().value(), 1e-6);
  }

  @Test
  void tablesForPeopleAndToolsAndOneJsonShape() {
    LiveComparison comparison = comparison("c4#1", "c4#2");
    add(
        comparison,
        "c4#1",
        new double[] {5e3, 6e3, 5e3, 7e3, 5e3, 6e3},
        new double[] {100, 100, 100, 100, 100, 100});
    add(
        comparison,
        "c4#2",
        new double[] {6e3, 5e3, 6e3, 5e3, 7e3, 5e3},
        new double[] {100, 100, 100, 100, 100, 100});
    assertTrue(comparison.sameControllerTwice());
    String people = ComparisonTables.summary(comparison).render(OutputFormat.TABLE);
    assertTrue(people.contains("5.5 ms [5 ms, 7 ms]"), people);
    String runs = ComparisonTables.runs(comparison).render(OutputFormat.CSV);
    assertTrue(runs.startsWith("cc,round,repeated,a1_p99_us,vmid_delivered_pct"), runs);
    assertTrue(runs.contains("c4#1,1,false,5000,100"), runs);
    Map<String, Object> json = ComparisonTables.json(comparison);
    assertEquals(List.of("controllers", "verdicts", "notes"), List.copyOf(json.keySet()));
    String aa =
        ComparisonTables.notes(comparison).stream()
            .filter(n -> n.startsWith("A/A"))
            .findFirst()
            .get();
    // differences of c4#1 − c4#2: -1, 1, -1, 2, -2, 1 ms: mean 0; two figures judged together,
    // t(5, 1 − 0.05/4) = 3.16 times a standard error of 0.63 ms: about ±2 ms
    assertTrue(
        aa.contains(
            "At n=6, differences up to these cannot be told from noise here: a1 p99 2.00 ms"),
        aa);
  }

  @Test
  void timesPrintInSecondsOrMillisecondsAsTheOtherTablesPrintThem() {
    assertEquals("1.66 s", P99.format(1_660_000));
    assertEquals("-1.66 s", P99.formatDifference(-1_660_000));
    assertEquals("[980 ms, 1.66 s]", P99.formatBounds(980_000, 1_660_000));
    assertEquals("\u2013", P99.format(Double.NaN));
    assertEquals("[90, 92.5]", DELIVERED.formatBounds(90, 92.5)); // points, bare as before
  }

  @Test
  void figuresHaveThreeSignificantDigitsAndNoTrailingZeros() {
    assertEquals("27", Quantities.formatSignificant(27));
    assertEquals("3.5", Quantities.formatSignificant(3.5));
    assertEquals("0.207", Quantities.formatSignificant(0.20712));
    assertEquals("-34.3", Quantities.formatSignificant(-34.27));
    assertEquals("1230000", Quantities.formatSignificant(1_234_567));
    assertEquals("–", Quantities.formatSignificant(Double.NaN));
  }

  @Test
  void roundsRotate() {
    assertEquals(
        List.of(
            new RoundOrder.Slot(0, 0),
            new RoundOrder.Slot(1, 0),
            new RoundOrder.Slot(2, 0),
            new RoundOrder.Slot(1, 1),
            new RoundOrder.Slot(2, 1),
            new RoundOrder.Slot(0, 1)),
        RoundOrder.of(3, 2));
  }

  @Test
  void aRunIsDisturbedByOthersStealOrALongPause() {
    HostNoise quiet = new HostNoise(0.05, 0, 0.4, 0.2, 1.0, 3, 20, 12);
    assertFalse(quiet.disturbed(HostNoise.Limits.DEFAULT));
    HostNoise busy = new HostNoise(0.40, 0.06, 0.4, 0.5, 6.0, 3, 90, 70);
    assertEquals(
        List.of("40 % of the CPU to other processes", "6 % steal", "a 70 ms GC pause"),
        busy.disturbances(HostNoise.Limits.DEFAULT));
  }
}

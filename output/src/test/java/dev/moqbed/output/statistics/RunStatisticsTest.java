package dev.moqbed.output.statistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunStatisticsTest {
  @Test
  void medianIntervalRanksMatchTheBinomialTable() {
    // Ranks of the distribution-free 95 % interval of a median (e.g. Conover, Practical
    // Nonparametric Statistics, table A3): n=6..8 -> 1, 9..11 -> 2, 12..14 -> 3, 20 -> 6.
    assertEquals(1, RunStatistics.medianIntervalRank(6));
    assertEquals(1, RunStatistics.medianIntervalRank(8));
    assertEquals(2, RunStatistics.medianIntervalRank(9));
    assertEquals(2, RunStatistics.medianIntervalRank(11));
    assertEquals(3, RunStatistics.medianIntervalRank(12));
    assertEquals(6, RunStatistics.medianIntervalRank(20));
  }

  @Test
  void medianOfTenRunsSpansTheSecondToTheNinth() {
    Estimate median = RunStatistics.median(new double[] {10, 1, 9, 2, 8, 3, 7, 4, 6, 5});
    assertEquals(5.5, median.value());
    assertEquals(2, median.low());
    assertEquals(9, median.high());
    assertEquals(10, median.runs());
  }

  @Test
  void fewerThanSixRunsHaveNoInterval() {
    Estimate median = RunStatistics.median(new double[] {3, 1, 2, 5, 4});
    assertEquals(3, median.value());
    assertFalse(median.hasInterval());
    Estimate difference =
        RunStatistics.pairedMeanDifference(
            new double[] {1, 2, 3, 4, 5}, new double[] {0, 0, 0, 0, 0});
    assertEquals(3, difference.value());
    assertFalse(difference.hasInterval());
  }

  @Test
  void missingValuesAreLeftOut() {
    Estimate median = RunStatistics.median(new double[] {Double.NaN, 4, 2});
    assertEquals(3, median.value());
    assertEquals(2, median.runs());
    Estimate difference =
        RunStatistics.pairedMeanDifference(new double[] {1, Double.NaN}, new double[] {0, 5});
    assertEquals(1, difference.runs());
  }

  @Test
  void pairedDifferenceHasStudentsInterval() {
    // differences 1..6: mean 3.5, sd 1.8708, se 0.7638, t(5, 0.975) = 2.5706
    double[] first = {11, 22, 33, 44, 55, 66};
    double[] second = {10, 20, 30, 40, 50, 60};
    Estimate difference = RunStatistics.pairedMeanDifference(first, second);
    assertEquals(3.5, difference.value(), 1e-12);
    assertEquals(3.5 - 2.570582 * 0.763763, difference.low(), 1e-5);
    assertEquals(3.5 + 2.570582 * 0.763763, difference.high(), 1e-5);
  }

  @Test
  void aFamilyOfComparisonsWidensEachInterval() {
    // differences 1..6 as above; eleven figures judged at once: t(5, 1 − 0.05/22) = 4.8819 (t(5,
    // 0.9975) is 4.773)
    double[] first = {11, 22, 33, 44, 55, 66};
    double[] second = {10, 20, 30, 40, 50, 60};
    Estimate alone = RunStatistics.pairedMeanDifference(first, second);
    Estimate inFamily = RunStatistics.pairedMeanDifference(first, second, 11);
    assertEquals(3.5 - 4.8819 * 0.763763, inFamily.low(), 2e-3);
    assertTrue(inFamily.high() - inFamily.low() > 1.8 * (alone.high() - alone.low()));
  }

  @Test
  void pairingRemovesWhatARoundShares() {
    // the rounds move both controllers by a lot; the pairs differ by exactly 2
    double[] first = {102, 302, 52, 902, 12, 402};
    double[] second = {100, 300, 50, 900, 10, 400};
    Estimate difference = RunStatistics.pairedMeanDifference(first, second);
    assertEquals(2, difference.low(), 1e-9);
    assertEquals(2, difference.high(), 1e-9);
    assertTrue(DifferenceVerdict.of(difference, 1).decided());
  }

  @Test
  void verdictNeedsTheWholeIntervalBeyondTheMinimumEffect() {
    assertEquals(
        DifferenceVerdict.Outcome.FIRST_LOWER,
        DifferenceVerdict.of(new Estimate(-5, -8, -2, 6), 1).outcome());
    assertEquals(
        DifferenceVerdict.Outcome.SECOND_LOWER,
        DifferenceVerdict.of(new Estimate(5, 2, 8, 6), 1).outcome());
    // excludes zero but not the minimum effect: no verdict
    assertEquals(
        DifferenceVerdict.Outcome.NO_DIFFERENCE,
        DifferenceVerdict.of(new Estimate(-5, -8, -0.5, 6), 1).outcome());
    assertEquals(
        DifferenceVerdict.Outcome.TOO_FEW_RUNS,
        DifferenceVerdict.of(Estimate.withoutInterval(-50, 5), 1).outcome());
  }

  @Test
  void welchIntervalForUnequalVariances() {
    // a: 1..6 (mean 3.5, var 3.5), b: 2,4,..,12 (mean 7, var 14): se = sqrt(3.5/6 + 14/6) = 1.7078,
    // df = (17.5/6)^2 / ((3.5/6)^2/5 + (14/6)^2/5) = 7.3529, t(7.3529, 0.975) = 2.3418 (between
    // t(7) 2.3646 and t(8) 2.3060)
    Estimate difference =
        RunStatistics.welchMeanDifference(
            new double[] {1, 2, 3, 4, 5, 6}, new double[] {2, 4, 6, 8, 10, 12});
    assertEquals(-3.5, difference.value(), 1e-12);
    assertEquals(-3.5 - 2.3418 * 1.70783, difference.low(), 2e-3);
    assertEquals(-3.5 + 2.3418 * 1.70783, difference.high(), 2e-3);
  }

  @Test
  void welchOfConstantSamplesIsTheDifferenceItself() {
    Estimate difference =
        RunStatistics.welchMeanDifference(
            new double[] {5, 5, 5, 5, 5, 5}, new double[] {3, 3, 3, 3, 3, 3, 3});
    assertEquals(2, difference.low());
    assertEquals(2, difference.high());
    assertFalse(
        RunStatistics.welchMeanDifference(new double[] {1, 2}, new double[] {1, 2, 3, 4, 5, 6})
            .hasInterval());
  }

  @Test
  void welchRunsPerSideIsTheFewestWhoseIntervalFits() {
    // variances 1 and 1, half-width 0.5: t(df) × √(2 / n) ≤ 0.5 with df = 2(n − 1).
    // n = 31: t(60) = 2.0003 × 0.25400 = 0.5081, too wide; n = 32: t(62) = 1.9990 × 0.25 = 0.4998
    assertEquals(32, RunStatistics.welchRunsPerSide(1, 1, 0.5));
    // (the normal approximation alone would say 1.96² × 2 / 0.25 = 30.7, so 31: t matters)
    // unequal spreads, half-width 1: variances 3 and 1, df = (n − 1) × 16 / 10. n = 16: t(24.0) =
    // 2.0639 × √(4 / 16) = 1.0319, too wide; n = 17: t(25.6) = 2.0571 × 0.48507 = 0.9978
    assertEquals(17, RunStatistics.welchRunsPerSide(3, 1, 1));
    assertEquals(2, RunStatistics.welchRunsPerSide(0, 0, 0.1), "no spread: the fewest with one");
    assertEquals(
        RunStatistics.RUNS_OUT_OF_REACH,
        RunStatistics.welchRunsPerSide(1, 1, 0),
        "a difference on the band's edge is never decided");
    assertEquals(RunStatistics.RUNS_OUT_OF_REACH, RunStatistics.welchRunsPerSide(1e12, 1e12, 1e-6));
  }

  @Test
  void minimumEffectIsTheLargerOfItsTwoParts() {
    MinimumEffect effect = new MinimumEffect(0.05, 1000);
    assertEquals(1000, effect.threshold(10_000));
    assertEquals(5000, effect.threshold(100_000));
    assertEquals(1000, effect.threshold(Double.NaN));
  }
}

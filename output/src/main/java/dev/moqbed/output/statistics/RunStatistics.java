package dev.moqbed.output.statistics;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The two estimates a comparison of controllers over repeated runs rests on (docs/statistics.md).
 *
 * <p><b>A controller's figure</b> is the median over its runs, with the distribution-free 95 %
 * interval of a median: the k-th smallest and k-th largest run, k the largest rank at which the
 * binomial tail {@code P(B(n, 1/2) < k)} stays within 2.5 %. It assumes nothing about how runs
 * spread, so one run the host disturbed cannot drag it the way it drags a mean.
 *
 * <p><b>The difference of two controllers</b> is the mean of their paired differences, run r of one
 * minus run r of the other (the runs of a round ran back to back, on the same host state, and live
 * scenarios give both the same link draw), with Student's t interval. Pairing removes what the
 * round shares; a disturbed round widens the interval rather than moving the estimate alone.
 *
 * <p>Below {@link #MINIMUM_RUNS} runs neither has an interval: with 5 runs the widest
 * distribution-free interval of a median, from the smallest run to the largest, covers only 1 −
 * 2·(1/2)^5 = 93.75 %, and a t interval from 5 or fewer differences rests on a normality it cannot
 * check.
 */
public final class RunStatistics {
  /** The fewest runs (or pairs) that get an interval: 1 − 2·(1/2)^6 = 96.9 % ≥ 95 %. */
  public static final int MINIMUM_RUNS = 6;

  /** Two-sided confidence of every interval. */
  public static final double CONFIDENCE = 0.95;

  /** Runs a side past which {@link #welchRunsPerSide} says "not within reach". */
  public static final long RUNS_OUT_OF_REACH = 1L << 40;

  private RunStatistics() {}

  /** The median of {@code values} (NaN ignored) with its distribution-free interval. */
  public static Estimate median(double[] values) {
    double[] sorted = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
    int n = sorted.length;
    if (n == 0) {
      return Estimate.withoutInterval(Double.NaN, 0);
    }
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    if (n < MINIMUM_RUNS) {
      return Estimate.withoutInterval(median, n);
    }
    int rank = medianIntervalRank(n);
    return new Estimate(median, sorted[rank - 1], sorted[n - rank], n);
  }

  /**
   * The rank k (1-based) of the interval's ends [x(k), x(n−k+1)]: the largest k with {@code P(B(n,
   * 1/2) ≤ k−1) ≤ (1 − CONFIDENCE) / 2}, so the interval misses the true median with probability at
   * most 5 %.
   */
  static int medianIntervalRank(int n) {
    BinomialDistribution binomial = BinomialDistribution.of(n, 0.5);
    double tail = (1 - CONFIDENCE) / 2;
    int rank = 1;
    while (rank < n / 2 && binomial.cumulativeProbability(rank) <= tail) {
      rank++;
    }
    return rank;
  }

  /**
   * The difference of the means of two independent samples, {@code mean(first) − mean(second)},
   * with Welch's t interval (unequal variances, Welch–Satterthwaite degrees of freedom); NaN values
   * are left out. An interval needs {@link #MINIMUM_RUNS} values on each side; when both samples
   * are constant the interval is the difference itself.
   */
  public static Estimate welchMeanDifference(double[] first, double[] second) {
    return welchMeanDifference(first, second, MINIMUM_RUNS);
  }

  /**
   * {@link #welchMeanDifference(double[], double[])} with an interval from {@code minimumRuns}
   * values on each side (at least 2, the fewest with a sample variance). A comparison against
   * reference runs that has only a few of them still gets an interval: with 2 to 5 runs, Welch's t
   * quantile at so few degrees of freedom (12.7 at one) makes it wide, so it rarely decides.
   */
  public static Estimate welchMeanDifference(double[] first, double[] second, int minimumRuns) {
    if (minimumRuns < 2) {
      throw new IllegalArgumentException(
          "a Welch interval needs 2 runs a side, not " + minimumRuns);
    }
    double[] a = Arrays.stream(first).filter(v -> !Double.isNaN(v)).toArray();
    double[] b = Arrays.stream(second).filter(v -> !Double.isNaN(v)).toArray();
    int runs = Math.min(a.length, b.length);
    if (a.length == 0 || b.length == 0) {
      return Estimate.withoutInterval(Double.NaN, runs);
    }
    double difference = mean(a) - mean(b);
    if (runs < minimumRuns) {
      return Estimate.withoutInterval(difference, runs);
    }
    double shareA = variance(a) / a.length;
    double shareB = variance(b) / b.length;
    double standardError = Math.sqrt(shareA + shareB);
    if (standardError == 0) {
      return new Estimate(difference, difference, difference, runs);
    }
    double degrees =
        (shareA + shareB)
            * (shareA + shareB)
            / (shareA * shareA / (a.length - 1) + shareB * shareB / (b.length - 1));
    double t = TDistribution.of(degrees).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    return new Estimate(
        difference, difference - t * standardError, difference + t * standardError, runs);
  }

  /**
   * The fewest runs a side, n, whose {@link #welchMeanDifference Welch interval} would be no wider
   * than ±{@code halfWidth} if each side kept its sample variance: t(df) · √((v₁ + v₂) / n) ≤
   * halfWidth, where df = (n − 1)(v₁ + v₂)² / (v₁² + v₂²) is Welch's for n runs a side. It is what
   * a comparison whose interval straddles a tolerance's edge needs to decide: a projection, since
   * the means and the spreads move as runs are added. At least 2; {@link #RUNS_OUT_OF_REACH} when
   * the half-width is 0 or the answer would be larger.
   */
  public static long welchRunsPerSide(
      double firstVariance, double secondVariance, double halfWidth) {
    double variances = firstVariance + secondVariance;
    if (variances == 0) {
      return 2;
    }
    if (!(halfWidth > 0)) {
      return RUNS_OUT_OF_REACH;
    }
    // the interval narrows as n grows (both t and the standard error fall): double n until it
    // fits, then halve the last step
    long fits = 2;
    while (!welchFits(fits, firstVariance, secondVariance, halfWidth)) {
      if (fits >= RUNS_OUT_OF_REACH) {
        return RUNS_OUT_OF_REACH;
      }
      fits *= 2;
    }
    long tooFew = fits / 2;
    while (fits - tooFew > 1) {
      long middle = tooFew + (fits - tooFew) / 2;
      if (welchFits(middle, firstVariance, secondVariance, halfWidth)) {
        fits = middle;
      } else {
        tooFew = middle;
      }
    }
    return Math.max(2, fits);
  }

  private static boolean welchFits(long runs, double first, double second, double halfWidth) {
    double variances = first + second;
    double degrees = (runs - 1) * variances * variances / (first * first + second * second);
    double t = TDistribution.of(degrees).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    return t * Math.sqrt(variances / runs) <= halfWidth;
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double value : values) {
      sum += value;
    }
    return sum / values.length;
  }

  /** The sample variance (n − 1 in the denominator); at least 2 values. */
  public static double variance(double[] values) {
    double mean = mean(values);
    double squares = 0;
    for (double value : values) {
      squares += (value - mean) * (value - mean);
    }
    return squares / (values.length - 1);
  }

  /**
   * The mean of the paired differences {@code first[i] − second[i]} with Student's t interval; a
   * pair where either value is NaN is left out.
   */
  public static Estimate pairedMeanDifference(double[] first, double[] second) {
    return pairedMeanDifference(first, second, 1);
  }

  /**
   * {@link #pairedMeanDifference(double[], double[])} as one of {@code family} comparisons judged
   * together: the interval is widened by Bonferroni's correction to {@code 1 − (1 −
   * CONFIDENCE)/family}, so that the chance that any of the family's intervals misses its true
   * difference stays within 5 %. One comparison of controllers reads eleven figures at once; at 95
   * % each, one of them would name a winner between two identical controllers about every other
   * comparison.
   */
  public static Estimate pairedMeanDifference(double[] first, double[] second, int family) {
    if (family < 1) {
      throw new IllegalArgumentException("a family of " + family + " comparisons");
    }
    if (first.length != second.length) {
      throw new IllegalArgumentException(
          "paired runs differ in number: " + first.length + " and " + second.length);
    }
    double[] differences = new double[first.length];
    int n = 0;
    for (int i = 0; i < first.length; i++) {
      if (!Double.isNaN(first[i]) && !Double.isNaN(second[i])) {
        differences[n++] = first[i] - second[i];
      }
    }
    if (n == 0) {
      return Estimate.withoutInterval(Double.NaN, 0);
    }
    double mean = 0;
    for (int i = 0; i < n; i++) {
      mean += differences[i];
    }
    mean /= n;
    if (n < MINIMUM_RUNS) {
      return Estimate.withoutInterval(mean, n);
    }
    double squares = 0;
    for (int i = 0; i < n; i++) {
      squares += (differences[i] - mean) * (differences[i] - mean);
    }
    double standardError = Math.sqrt(squares / (n - 1) / n);
    double t =
        TDistribution.of(n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / family / 2);
    return new Estimate(mean, mean - t * standardError, mean + t * standardError, n);
  }
}

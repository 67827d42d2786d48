package dev.moqbed.suite.report;

import dev.moqbed.output.Summary;
import dev.moqbed.output.statistics.RunStatistics;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A 95 % confidence interval of a cell (the mean or the 90th percentile over runs), by the
 * percentile bootstrap: the runs are resampled with replacement {@link #RESAMPLES} times, the
 * cell's aggregate is computed on each resample, and the interval runs from the 2.5th to the 97.5th
 * percentile of those aggregates. One method for both aggregations (a t-interval has no analogue
 * for a percentile), and the random generator starts from the same {@link #SEED} for every cell, so
 * the same runs always give the same interval: a report is deterministic.
 *
 * <p>A cell of fewer than {@link RunStatistics#MINIMUM_RUNS} runs has no interval ({@link #NONE}):
 * the bootstrap of five runs or fewer under-covers badly, and the live side's distribution-free
 * interval of a median needs six; such a cell never names a winner.
 *
 * <p>Two controllers are compared by the interval of the difference of their cells ({@link
 * #ofDifference}): each replicate resamples both controllers' runs, independently, and takes the
 * difference of the two aggregates.
 *
 * @param low the lower bound, in the metric's unit
 * @param high the upper bound
 */
public record ConfidenceInterval(double low, double high) {
  /** Resamples per interval: enough for stable 2.5 % tails, cheap for a sweep's 600 cells. */
  static final int RESAMPLES = 2000;

  /** The generator's seed, the same for every cell. */
  static final long SEED = 0x6d6f71626564L; // "moqbed"

  /** No interval: fewer than {@link RunStatistics#MINIMUM_RUNS} runs. */
  public static final ConfidenceInterval NONE = new ConfidenceInterval(Double.NaN, Double.NaN);

  /** Whether there is an interval (enough runs). */
  public boolean exists() {
    return !Double.isNaN(low);
  }

  /**
   * Whether the whole interval lies beyond the minimum effect {@code threshold} on the side of
   * {@code sign} (−1: below −threshold, +1: above +threshold); false without an interval.
   */
  public boolean beyond(double threshold, int sign) {
    return exists() && (sign < 0 ? high < -threshold : low > threshold);
  }

  /** The interval of the mean of {@code values}. */
  public static ConfidenceInterval ofMean(double[] values) {
    return bootstrap(values, false);
  }

  /** The interval of the linear 90th percentile of {@code values}. */
  public static ConfidenceInterval ofP90(double[] values) {
    return bootstrap(values, true);
  }

  /**
   * The interval of {@code first}'s aggregate minus {@code second}'s (the mean, or with {@code p90}
   * the 90th percentile), each replicate resampling both independently.
   */
  public static ConfidenceInterval ofDifference(double[] first, double[] second, boolean p90) {
    if (first.length < RunStatistics.MINIMUM_RUNS || second.length < RunStatistics.MINIMUM_RUNS) {
      return NONE;
    }
    SplittableRandom random = new SplittableRandom(SEED);
    double[] firstResample = new double[first.length];
    double[] secondResample = new double[second.length];
    double[] differences = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      differences[r] =
          resampled(first, firstResample, random, p90)
              - resampled(second, secondResample, random, p90);
    }
    return percentiles(differences);
  }

  private static ConfidenceInterval bootstrap(double[] values, boolean p90) {
    if (values.length < RunStatistics.MINIMUM_RUNS) {
      return NONE;
    }
    SplittableRandom random = new SplittableRandom(SEED);
    double[] resample = new double[values.length];
    double[] aggregates = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      aggregates[r] = resampled(values, resample, random, p90);
    }
    return percentiles(aggregates);
  }

  /** One bootstrap replicate of {@code values}' aggregate, drawn into {@code resample}. */
  private static double resampled(
      double[] values, double[] resample, SplittableRandom random, boolean p90) {
    int n = values.length;
    double sum = 0;
    for (int i = 0; i < n; i++) {
      resample[i] = values[random.nextInt(n)];
      sum += resample[i];
    }
    if (!p90) {
      return sum / n;
    }
    Arrays.sort(resample);
    return Summary.quantileOfSorted(resample, 0.9);
  }

  /** The 2.5th to 97.5th percentile of the replicates. */
  private static ConfidenceInterval percentiles(double[] aggregates) {
    Arrays.sort(aggregates);
    return new ConfidenceInterval(
        Summary.quantileOfSorted(aggregates, 0.025), Summary.quantileOfSorted(aggregates, 0.975));
  }
}

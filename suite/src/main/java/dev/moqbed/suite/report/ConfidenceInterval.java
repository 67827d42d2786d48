package dev.moqbed.suite.report;

import dev.moqbed.output.Summary;
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
 * <p>A cell of fewer than two runs has no interval ({@link #NONE}): one run says nothing about the
 * spread, so it can never separate from another cell.
 *
 * @param low the lower bound, in the metric's unit
 * @param high the upper bound
 */
public record ConfidenceInterval(double low, double high) {
  /** Resamples per interval: enough for stable 2.5 % tails, cheap for a sweep's 600 cells. */
  static final int RESAMPLES = 2000;

  /** The generator's seed, the same for every cell. */
  static final long SEED = 0x6d6f71626564L; // "moqbed"

  /** No interval: fewer than two runs. */
  public static final ConfidenceInterval NONE = new ConfidenceInterval(Double.NaN, Double.NaN);

  /** Whether there is an interval (two runs or more). */
  public boolean exists() {
    return !Double.isNaN(low);
  }

  /**
   * Whether the two intervals do not overlap; false when either does not exist. Bounds that touch
   * count as overlapping.
   */
  public boolean separatesFrom(ConfidenceInterval other) {
    return exists() && other.exists() && (high < other.low || other.high < low);
  }

  /** The interval of the mean of {@code values}. */
  public static ConfidenceInterval ofMean(double[] values) {
    return bootstrap(values, false);
  }

  /** The interval of the linear 90th percentile of {@code values}. */
  public static ConfidenceInterval ofP90(double[] values) {
    return bootstrap(values, true);
  }

  private static ConfidenceInterval bootstrap(double[] values, boolean p90) {
    int n = values.length;
    if (n < 2) {
      return NONE;
    }
    SplittableRandom random = new SplittableRandom(SEED);
    double[] resample = new double[n];
    double[] aggregates = new double[RESAMPLES];
    for (int r = 0; r < RESAMPLES; r++) {
      double sum = 0;
      for (int i = 0; i < n; i++) {
        resample[i] = values[random.nextInt(n)];
        sum += resample[i];
      }
      if (p90) {
        Arrays.sort(resample);
        aggregates[r] = Summary.quantileOfSorted(resample, 0.9);
      } else {
        aggregates[r] = sum / n;
      }
    }
    Arrays.sort(aggregates);
    return new ConfidenceInterval(
        Summary.quantileOfSorted(aggregates, 0.025), Summary.quantileOfSorted(aggregates, 0.975));
  }
}

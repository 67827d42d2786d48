package dev.moqbed.output;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Aggregates over runs as the draft's report script does: the mean, and the 90th percentile with
 * linear interpolation between the closest ranks (pandas' default {@code quantile(0.9)}).
 */
public final class Summary {
  private Summary() {}

  /** The mean of {@code metric} over {@code items}; NaN when there are none. */
  public static <T> double mean(List<T> items, ToDoubleFunction<T> metric) {
    return items.stream().mapToDouble(metric).average().orElse(Double.NaN);
  }

  /** The 90th percentile of {@code metric} over {@code items}; NaN when there are none. */
  public static <T> double percentile90(List<T> items, ToDoubleFunction<T> metric) {
    return quantile(items.stream().mapToDouble(metric).toArray(), 0.9);
  }

  /** pandas' linear quantile: position q·(n−1) in the sorted values, interpolated. */
  public static double quantile(double[] values, double q) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return quantileOfSorted(sorted, q);
  }

  /** {@link #quantile} of values already sorted in ascending order. */
  public static double quantileOfSorted(double[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    double position = q * (sorted.length - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
  }
}

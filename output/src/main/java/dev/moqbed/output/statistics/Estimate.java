package dev.moqbed.output.statistics;

/**
 * A figure estimated from runs, with its 95 % interval when there were enough runs ({@link
 * RunStatistics#MINIMUM_RUNS}).
 *
 * @param value the estimate (a median over runs, or a mean of paired differences); NaN when no run
 *     had the figure
 * @param low the interval's lower bound, NaN when there is no interval
 * @param high the interval's upper bound, NaN when there is no interval
 * @param runs how many runs (or pairs of runs) the estimate rests on
 */
public record Estimate(double value, double low, double high, int runs) {
  /** An estimate without an interval. */
  public static Estimate withoutInterval(double value, int runs) {
    return new Estimate(value, Double.NaN, Double.NaN, runs);
  }

  /** Whether the estimate has an interval: enough runs, and a value. */
  public boolean hasInterval() {
    return !Double.isNaN(low) && !Double.isNaN(high);
  }

  /** The same estimate with every figure multiplied by {@code factor} (a change of unit). */
  public Estimate scaled(double factor) {
    return new Estimate(value * factor, low * factor, high * factor, runs);
  }
}

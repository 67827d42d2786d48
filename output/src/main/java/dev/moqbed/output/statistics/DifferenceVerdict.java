package dev.moqbed.output.statistics;

/**
 * What a difference between two controllers allows one to say.
 *
 * @param outcome which is lower, neither, or too few runs to tell
 * @param difference first minus second, with its interval
 * @param threshold the minimum effect the interval had to exclude, in the figure's unit
 */
public record DifferenceVerdict(Outcome outcome, Estimate difference, double threshold) {
  /** The possible outcomes. */
  public enum Outcome {
    /** The whole interval lies below −threshold: the first is lower. */
    FIRST_LOWER,
    /** The whole interval lies above +threshold: the second is lower. */
    SECOND_LOWER,
    /** The interval reaches inside ±threshold: no difference this comparison can tell. */
    NO_DIFFERENCE,
    /** No interval: fewer than {@link RunStatistics#MINIMUM_RUNS} pairs. */
    TOO_FEW_RUNS
  }

  /**
   * The verdict on {@code difference} (first − second) for a minimum effect of {@code threshold}.
   */
  public static DifferenceVerdict of(Estimate difference, double threshold) {
    Outcome outcome;
    if (!difference.hasInterval()) {
      outcome = Outcome.TOO_FEW_RUNS;
    } else if (difference.high() < -threshold) {
      outcome = Outcome.FIRST_LOWER;
    } else if (difference.low() > threshold) {
      outcome = Outcome.SECOND_LOWER;
    } else {
      outcome = Outcome.NO_DIFFERENCE;
    }
    return new DifferenceVerdict(outcome, difference, threshold);
  }

  /** Whether the verdict names a lower one. */
  public boolean decided() {
    return outcome == Outcome.FIRST_LOWER || outcome == Outcome.SECOND_LOWER;
  }
}

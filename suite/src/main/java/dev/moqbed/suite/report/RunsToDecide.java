package dev.moqbed.suite.report;

import dev.moqbed.output.statistics.RunStatistics;
import dev.moqbed.suite.report.ReferenceComparison.Mark;

/**
 * How many runs a side would decide a cell that is {@link Mark#NOT_DISTINGUISHABLE not
 * distinguishable}, if both sides kept their means and spreads: the interval of the difference
 * narrows as runs are added, and once it is no wider than the gap between the difference and the
 * band's nearer edge it lies wholly on one side of that edge. Which side is the {@code leaning}:
 * {@link Mark#WITHIN} when the difference is inside the band, {@link Mark#OFF} when it is past it.
 * A projection, not a promise: more runs move the means too (docs/statistics.md §6).
 *
 * @param runsPerSide runs on each side; {@link RunStatistics#RUNS_OUT_OF_REACH} when the difference
 *     sits on the band's edge
 * @param leaning the mark those runs would give
 */
public record RunsToDecide(long runsPerSide, Mark leaning) {

  /** The projection for a cell's difference against the band ±{@code band}. */
  static RunsToDecide of(
      double difference, double band, double ourVariance, double referenceVariance) {
    double distance = Math.abs(difference);
    Mark leaning = distance < band ? Mark.WITHIN : Mark.OFF;
    return new RunsToDecide(
        RunStatistics.welchRunsPerSide(ourVariance, referenceVariance, Math.abs(band - distance)),
        leaning);
  }

  /**
   * The fewest runs a side below which no difference, not even equal means, could be marked within
   * the band with these spreads: the interval alone would be wider than the band. A sample of fewer
   * runs cannot confirm this cell's tolerance, whichever simulator made it.
   */
  static long fewestForWithin(double band, double ourVariance, double referenceVariance) {
    return RunStatistics.welchRunsPerSide(ourVariance, referenceVariance, band);
  }

  /** Whether the runs are a count at all, rather than out of reach. */
  public boolean reachable() {
    return runsPerSide < RunStatistics.RUNS_OUT_OF_REACH;
  }
}

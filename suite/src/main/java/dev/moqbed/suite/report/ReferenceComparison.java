package dev.moqbed.suite.report;

import dev.moqbed.output.statistics.Estimate;
import dev.moqbed.output.statistics.RunStatistics;
import dev.moqbed.simulation.RunRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * A sweep against reference runs, cell by cell ({@code report DIR --against-reference FILE}): per
 * scenario, controller and metric (completion time, RTT average, load, media latency), both means,
 * their ratio, the 95 % interval of the difference (Welch's t), and a mark:
 *
 * <ul>
 *   <li>{@link Mark#WITHIN}: the means are within the metric's tolerance (time ±5 %, RTT and media
 *       latency ±15 % of the reference, the load ±5 points);
 *   <li>{@link Mark#OFF}: the whole interval of the difference lies outside the tolerance band, so
 *       the runs' own noise cannot explain the gap;
 *   <li>{@link Mark#NOT_DISTINGUISHABLE}: the means are outside the tolerance but the interval
 *       reaches into it, or there are too few runs for an interval.
 * </ul>
 */
public final class ReferenceComparison {
  /** How a cell compares with the reference. */
  public enum Mark {
    WITHIN("within tolerance"),
    NOT_DISTINGUISHABLE("not distinguishable"),
    OFF("off");

    private final String words;

    Mark(String words) {
      this.words = words;
    }

    public String words() {
      return words;
    }
  }

  /**
   * One cell.
   *
   * @param ours the mean of our runs
   * @param reference the mean of the reference's runs
   * @param difference ours − reference with its interval
   * @param band the tolerance as a difference: ±band in the metric's unit
   */
  public record Cell(
      String scenario,
      String controller,
      Metric metric,
      int ourRuns,
      int referenceRuns,
      double ours,
      double reference,
      Estimate difference,
      double band,
      Mark mark) {

    /** ours / reference; for the load, the difference in points is what counts. */
    public double ratio() {
      return ours / reference;
    }
  }

  private final String referenceName;
  private final List<Cell> cells;

  private ReferenceComparison(String referenceName, List<Cell> cells) {
    this.referenceName = referenceName;
    this.cells = List.copyOf(cells);
  }

  /** Compares every (scenario, controller) of {@code runs} that the reference also has. */
  public static ReferenceComparison of(RunSet runs, ReferenceRuns reference) {
    List<Cell> cells = new ArrayList<>();
    for (String scenario : runs.scenarios()) {
      for (String controller : runs.controllers()) {
        List<RunRecord> ours = runs.runs(scenario, controller);
        for (Metric metric : ReferenceRuns.METRICS) {
          double[] ourValues = metric.perRun(ours);
          double[] theirValues = reference.values(scenario, controller, metric);
          if (ourValues.length > 0 && theirValues.length > 0) {
            cells.add(cell(scenario, controller, metric, ourValues, theirValues));
          }
        }
      }
    }
    return new ReferenceComparison(reference.name(), cells);
  }

  static Cell cell(
      String scenario, String controller, Metric metric, double[] ours, double[] theirs) {
    Estimate difference = RunStatistics.welchMeanDifference(ours, theirs);
    double ourMean = java.util.Arrays.stream(ours).average().orElseThrow();
    double theirMean = java.util.Arrays.stream(theirs).average().orElseThrow();
    Metric.Tolerance tolerance = metric.tolerance();
    double band =
        tolerance.relativeToPublished()
            ? tolerance.limit() * Math.abs(theirMean)
            : tolerance.limit();
    Mark mark;
    if (Math.abs(ourMean - theirMean) <= band) {
      mark = Mark.WITHIN;
    } else if (difference.hasInterval() && (difference.low() > band || difference.high() < -band)) {
      mark = Mark.OFF;
    } else {
      mark = Mark.NOT_DISTINGUISHABLE;
    }
    return new Cell(
        scenario,
        controller,
        metric,
        ours.length,
        theirs.length,
        ourMean,
        theirMean,
        difference,
        band,
        mark);
  }

  public List<Cell> cells() {
    return cells;
  }

  public String referenceName() {
    return referenceName;
  }

  /** How many cells have {@code mark}. */
  public long count(Mark mark) {
    return cells.stream().filter(c -> c.mark() == mark).count();
  }
}

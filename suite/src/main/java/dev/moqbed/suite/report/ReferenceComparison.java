package dev.moqbed.suite.report;

import dev.moqbed.output.statistics.Estimate;
import dev.moqbed.output.statistics.RunStatistics;
import dev.moqbed.simulation.RunRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A sweep against reference runs, cell by cell ({@code report DIR --against-reference FILE}): per
 * scenario, controller and metric (completion time, RTT average, load, media latency), both means,
 * their ratio, the 95 % interval of the difference of the means (Welch's t: the two sides are
 * independent samples with their own spreads), and a mark against the metric's tolerance band (time
 * ±5 %, RTT and media latency ±15 % of the reference's mean, load ±5 points):
 *
 * <ul>
 *   <li>{@link Mark#WITHIN}: the whole interval lies inside the band, so the runs show the gap is
 *       within tolerance, not merely that its estimate is;
 *   <li>{@link Mark#OFF}: the whole interval lies outside the band, so the runs' own noise cannot
 *       explain the gap;
 *   <li>{@link Mark#NOT_DISTINGUISHABLE}: the interval straddles an edge of the band: these runs
 *       cannot tell; more runs narrow the interval.
 * </ul>
 */
public final class ReferenceComparison {
  /** The fewest runs on each side of a cell: one run has no spread, so no interval. */
  public static final int MINIMUM_RUNS = 2;

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
   * @param difference ours − reference with its 95 % interval
   * @param band the tolerance as a difference: ±band in the metric's unit
   * @param ourVariance the sample variance of our runs
   * @param referenceVariance the sample variance of the reference's runs
   */
  public record Cell(
      String scenario,
      String controller,
      ReferenceMetric metric,
      int ourRuns,
      int referenceRuns,
      double ours,
      double reference,
      Estimate difference,
      double band,
      Mark mark,
      double ourVariance,
      double referenceVariance) {

    /** ours / reference (for the load, people read the difference in points instead). */
    public double ratio() {
      return ours / reference;
    }

    /** For a cell not distinguishable, the runs a side that would decide it; otherwise empty. */
    public Optional<RunsToDecide> runsToDecide() {
      if (mark != Mark.NOT_DISTINGUISHABLE || !difference.hasInterval()) {
        return Optional.empty();
      }
      return Optional.of(RunsToDecide.of(difference.value(), band, ourVariance, referenceVariance));
    }

    /** {@link RunsToDecide#fewestForWithin}: below it, this cell cannot be marked within. */
    public long fewestRunsForWithin() {
      return RunsToDecide.fewestForWithin(band, ourVariance, referenceVariance);
    }
  }

  private final String ourName;
  private final String referenceName;
  private final List<Cell> cells;
  private final List<String> oneSided;
  private final List<String> notes;

  private ReferenceComparison(
      String ourName,
      String referenceName,
      List<Cell> cells,
      List<String> oneSided,
      List<String> notes) {
    this.ourName = ourName;
    this.referenceName = referenceName;
    this.cells = List.copyOf(cells);
    this.oneSided = List.copyOf(oneSided);
    this.notes = List.copyOf(notes);
  }

  /**
   * Compares every (scenario, controller) of {@code runs} that the reference also has, each metric
   * that both sides measured.
   *
   * @param ourName the sweep's directories, for messages
   * @throws IllegalArgumentException naming the cell and the side when a side has a single run
   */
  public static ReferenceComparison of(RunSet runs, String ourName, ReferenceRuns reference) {
    List<Cell> cells = new ArrayList<>();
    List<String> oneSided = new ArrayList<>();
    for (String scenario : runs.scenarios()) {
      for (String controller : runs.controllers()) {
        List<RunRecord> records = runs.runs(scenario, controller);
        if (records.isEmpty() || !reference.has(scenario, controller)) {
          continue;
        }
        for (ReferenceMetric metric : ReferenceMetric.values()) {
          double[] ours =
              records.stream().mapToDouble(metric::perRun).filter(v -> !Double.isNaN(v)).toArray();
          double[] theirs = reference.values(scenario, controller, metric);
          String where = scenario + " " + controller + " " + metric.label();
          if (ours.length == 0 || theirs.length == 0) {
            if (ours.length + theirs.length > 0) {
              oneSided.add(where + " (" + (ours.length == 0 ? "reference" : "sweep") + " only)");
            }
            continue;
          }
          requireRuns(where, ours.length, "in the sweep " + ourName);
          requireRuns(where, theirs.length, "in the reference " + reference.name());
          cells.add(cell(scenario, controller, metric, ours, theirs));
        }
      }
    }
    return new ReferenceComparison(ourName, reference.name(), cells, oneSided, runs.notes());
  }

  private static void requireRuns(String where, int runs, String side) {
    if (runs < MINIMUM_RUNS) {
      throw new IllegalArgumentException(
          where
              + ": "
              + runs
              + " run "
              + side
              + "; a cell needs "
              + MINIMUM_RUNS
              + " runs on each side for an interval");
    }
  }

  /** One cell from both sides' per-run values (each at least {@link #MINIMUM_RUNS}). */
  static Cell cell(
      String scenario, String controller, ReferenceMetric metric, double[] ours, double[] theirs) {
    Estimate difference = RunStatistics.welchMeanDifference(ours, theirs, MINIMUM_RUNS);
    double theirMean = Arrays.stream(theirs).average().orElseThrow();
    double band = metric.band(theirMean);
    return new Cell(
        scenario,
        controller,
        metric,
        ours.length,
        theirs.length,
        Arrays.stream(ours).average().orElseThrow(),
        theirMean,
        difference,
        band,
        mark(difference, band),
        RunStatistics.variance(ours),
        RunStatistics.variance(theirs));
  }

  /** The mark of an interval of the difference against the band ±{@code band}. */
  static Mark mark(Estimate difference, double band) {
    if (!difference.hasInterval()) {
      return Mark.NOT_DISTINGUISHABLE;
    }
    if (difference.low() >= -band && difference.high() <= band) {
      return Mark.WITHIN;
    }
    if (difference.low() > band || difference.high() < -band) {
      return Mark.OFF;
    }
    return Mark.NOT_DISTINGUISHABLE;
  }

  public List<Cell> cells() {
    return cells;
  }

  /** The sweep's directories. */
  public String ourName() {
    return ourName;
  }

  public String referenceName() {
    return referenceName;
  }

  /** The sweep's notes: partial lines left out, the background controllers that ran. */
  public List<String> notes() {
    return notes;
  }

  /**
   * Cells that only one side measured ("alone c4 RTT (sweep only)"): a reference without RTTs, say,
   * compares the rest.
   */
  public List<String> oneSided() {
    return oneSided;
  }

  /** How many cells have {@code mark}. */
  public long count(Mark mark) {
    return cells.stream().filter(c -> c.mark() == mark).count();
  }
}

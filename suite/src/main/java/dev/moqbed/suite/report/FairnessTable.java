package dev.moqbed.suite.report;

import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * The fairness scenarios' runs (beyond the draft: no published values), one row per scenario, media
 * controller and workload (the draft's quicperf, or the MoQ chain, simulated or live): the media's
 * stalls per run with a 95 % confidence interval of their mean, the media latencies as the draft's
 * cells aggregate them, and the bulk download's completion time.
 */
public final class FairnessTable {

  /**
   * One fairness scenario with one controller under the media flow.
   *
   * @param workload what carried the media: the draft workload, or the MoQ chain ({@code live
   *     run}'s rows, and {@code sweep --suite fairness --workload moq}'s)
   * @param runs the runs of the cell
   * @param stallsMean mean over runs of {@code media_stalls}
   * @param stallsCi95 half-width of the 95 % confidence interval of that mean (Student's t over the
   *     runs' sample deviation); null with fewer than two runs
   * @param latencyAverage mean over runs of the media's average latency (µs), as the draft's cell
   * @param maxLatencyP90 90th percentile over runs of the media's maximum latency (µs)
   * @param bulkCompletionMean mean over runs of {@code bulk_completion_us}, over the runs whose
   *     bulk download finished; null when none did
   * @param bulkIncomplete runs whose bulk download did not finish within the time limit
   */
  public record Row(
      String scenario,
      String controller,
      Workload workload,
      int runs,
      double stallsMean,
      Double stallsCi95,
      Long latencyAverage,
      Long maxLatencyP90,
      Long bulkCompletionMean,
      int bulkIncomplete) {}

  private final List<Row> rows;

  private FairnessTable(List<Row> rows) {
    this.rows = List.copyOf(rows);
  }

  /**
   * The rows of the fairness scenarios among {@code runs}, of both workloads: per scenario and
   * controller the draft workload's row, then the MoQ chain's.
   */
  public static FairnessTable of(RunSet runs) {
    List<Row> rows = new ArrayList<>();
    List<String> present = runs.scenarios();
    for (String scenario : ScenarioGroup.FAIRNESS.scenarios()) {
      if (!present.contains(scenario)) {
        continue;
      }
      for (String controller : runs.controllers()) {
        for (Workload workload : Workload.values()) {
          List<RunRecord> cell =
              runs.runs(scenario, controller).stream()
                  .filter(r -> RunSet.workloadOf(r) == workload)
                  .toList();
          if (!cell.isEmpty()) {
            rows.add(row(scenario, controller, workload, cell));
          }
        }
      }
    }
    return new FairnessTable(rows);
  }

  private static Row row(
      String scenario, String controller, Workload workload, List<RunRecord> cell) {
    double[] stalls = new double[cell.size()];
    double bulkSum = 0;
    int bulkRuns = 0;
    for (int i = 0; i < cell.size(); i++) {
      RunRecord record = cell.get(i);
      String value = record.extra().get("media_stalls");
      if (value == null || value.isEmpty()) {
        throw new IllegalArgumentException(
            "run " + scenario + "/" + controller + "/#" + record.run() + " has no media_stalls");
      }
      stalls[i] = Long.parseLong(value);
      String bulk = record.extra().get("bulk_completion_us");
      if (bulk != null && !bulk.isEmpty()) {
        bulkSum += Long.parseLong(bulk);
        bulkRuns++;
      }
    }
    double mean = mean(stalls);
    return new Row(
        scenario,
        controller,
        workload,
        cell.size(),
        mean,
        stalls.length < 2 ? null : confidenceHalfWidth95(stalls, mean),
        Metric.MEDIA_LATENCY_AVG.aggregate(cell),
        Metric.MEDIA_LATENCY_MAX_P90.aggregate(cell),
        bulkRuns == 0 ? null : Math.round(bulkSum / bulkRuns),
        cell.size() - bulkRuns);
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double value : values) {
      sum += value;
    }
    return sum / values.length;
  }

  /** t(0.975, n − 1) × s / √n, s the sample standard deviation. */
  static double confidenceHalfWidth95(double[] values, double mean) {
    int n = values.length;
    double squares = 0;
    for (double value : values) {
      squares += (value - mean) * (value - mean);
    }
    double deviation = Math.sqrt(squares / (n - 1));
    return studentT975(n - 1) * deviation / Math.sqrt(n);
  }

  /** Student's t quantiles at 0.975 for 1 to 30 degrees of freedom (standard tables). */
  private static final double[] T975 = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042
  };

  /**
   * The 0.975 quantile of Student's t: the table up to 30 degrees of freedom, beyond it the
   * Cornish-Fisher expansion around the normal quantile (within 0.001 of the exact value there).
   */
  static double studentT975(int degreesOfFreedom) {
    if (degreesOfFreedom < 1) {
      throw new IllegalArgumentException("degrees of freedom must be at least 1");
    }
    if (degreesOfFreedom <= T975.length) {
      return T975[degreesOfFreedom - 1];
    }
    double z = 1.959964;
    double v = degreesOfFreedom;
    return z
        + (z * z * z + z) / (4 * v)
        + (5 * Math.pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * v * v);
  }

  /** The row's controller as the tables print it: {@code c4}, or {@code live:c4 (moq)}. */
  public static String label(Row row) {
    return row.workload() == Workload.MOQ ? row.controller() + " (moq)" : row.controller();
  }

  public List<Row> rows() {
    return rows;
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }
}

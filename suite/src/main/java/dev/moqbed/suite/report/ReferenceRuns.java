package dev.moqbed.suite.report;

import dev.moqbed.output.Csv;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.Workload;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-run values of the reference code (or of another sweep) to compare a sweep with: per
 * (scenario, controller), the runs' completion time, RTT average, load and media latency.
 *
 * <p>Two forms are read. A CSV file with the header {@value #HEADER} (one row per run; times in µs,
 * the load in percent; an empty cell where a run has no such value), which a script writes from
 * picoquic_ns's qlogs. Or a sweep directory of moqbed's, whose {@code runs.csv} (draft workload) is
 * read as it is: two sweeps compare the same way.
 */
public final class ReferenceRuns {
  /** The documented header of the CSV form. */
  public static final String HEADER = "scenario,cc,run,time_us,rtt_us,load_pct,media_latency_us";

  /** The compared metrics, each with its column in the CSV form. */
  static final Map<Metric, String> COLUMNS =
      Map.of(
          Metric.TIME_AVG, "time_us",
          Metric.RTT_AVG, "rtt_us",
          Metric.LOAD_AVG, "load_pct",
          Metric.MEDIA_LATENCY_AVG, "media_latency_us");

  /** The compared metrics, in the order they print. */
  static final List<Metric> METRICS =
      List.of(Metric.TIME_AVG, Metric.RTT_AVG, Metric.LOAD_AVG, Metric.MEDIA_LATENCY_AVG);

  private final String name;
  private final Map<String, Map<Metric, List<Double>>> values = new LinkedHashMap<>();

  private ReferenceRuns(String name) {
    this.name = name;
  }

  /** Reads {@code path}: a sweep directory, or a CSV file of the documented form. */
  public static ReferenceRuns read(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      return of(RunSet.read(List.of(path)).ofWorkload(Workload.DRAFT), path.toString());
    }
    if (!Files.isRegularFile(path)) {
      throw new IllegalArgumentException("reference runs " + path + " do not exist");
    }
    try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      return parse(reader, path.toString());
    }
  }

  /** The runs of a sweep, as reference. */
  public static ReferenceRuns of(RunSet runs, String name) {
    ReferenceRuns reference = new ReferenceRuns(name);
    for (RunRecord record : runs.records()) {
      for (Metric metric : METRICS) {
        reference.add(record.scenario(), record.controller(), metric, metric.perRun(record));
      }
    }
    return reference;
  }

  /** Reads the CSV form; a one-line error naming the file and line for a bad cell. */
  static ReferenceRuns parse(Reader reader, String name) throws IOException {
    ReferenceRuns reference = new ReferenceRuns(name);
    try (Csv.Rows rows = Csv.read(reader, name)) {
      for (String column : HEADER.split(",")) {
        if (!rows.hasColumn(column)) {
          throw new IllegalArgumentException(
              name + ": no column '" + column + "'; the header must be " + HEADER);
        }
      }
      for (Csv.Row row : rows) {
        for (Metric metric : METRICS) {
          String cell = row.get(COLUMNS.get(metric)).trim();
          double value;
          try {
            value = cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                name + " line " + row.line() + ": '" + cell + "' is not a number");
          }
          reference.add(row.get("scenario"), row.get("cc"), metric, value);
        }
      }
    }
    return reference;
  }

  private void add(String scenario, String controller, Metric metric, double value) {
    if (Double.isNaN(value)) {
      return;
    }
    values
        .computeIfAbsent(key(scenario, controller), k -> new LinkedHashMap<>())
        .computeIfAbsent(metric, m -> new ArrayList<>())
        .add(value);
  }

  /** The runs' values of {@code metric} for the cell; empty when the reference has none. */
  double[] values(String scenario, String controller, Metric metric) {
    Map<Metric, List<Double>> cell = values.get(key(scenario, controller));
    List<Double> runs = cell == null ? null : cell.get(metric);
    return runs == null ? new double[0] : runs.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** Where the runs came from. */
  public String name() {
    return name;
  }

  private static String key(String scenario, String controller) {
    return scenario + "\u0000" + controller;
  }
}

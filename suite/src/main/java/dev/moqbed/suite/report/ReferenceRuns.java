package dev.moqbed.suite.report;

import dev.moqbed.output.Csv;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-run values of the reference code (or of another sweep) to compare a sweep with: per
 * (scenario, controller), the runs' completion time, RTT average, load and media latency.
 *
 * <p>Two forms are read. A CSV file whose header has the columns {@value #HEADER} (one row per run;
 * names and units as in {@code runs.csv}: times in µs, the load a fraction; an empty cell where a
 * run has no such value; further columns are ignored, so a sweep's {@code runs.csv} is one). Or a
 * sweep directory of moqbed's, whose {@code runs.csv} (draft workload) is read as it is. A file of
 * picoquic's {@code pico_sim} result lines is read too ({@link PicoSimResults}): its completion
 * times and media latencies; and a folder of pico_sim runs with their qlogs ({@link
 * PicoSimRunsDirectory}): all four metrics.
 */
public final class ReferenceRuns {
  /** The columns a reference CSV must have, in the documented order. */
  public static final String HEADER =
      "scenario,cc,run,completion_time_us,rtt_avg_us,load,media_avg_latency_us";

  /**
   * A load above this is not a fraction: most likely percent (97 for 97 %), which would put every
   * load cell off by about 96 points.
   */
  private static final double LARGEST_LOAD = 2;

  private final String name;
  private final Map<String, Map<ReferenceMetric, List<Double>>> values = new LinkedHashMap<>();

  private ReferenceRuns(String name) {
    this.name = name;
  }

  /** Reads {@code path}: a sweep directory, or a CSV file of the documented form. */
  public static ReferenceRuns read(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      if (!Files.exists(path.resolve("runs.csv")) && PicoSimRunsDirectory.holdsRuns(path)) {
        return PicoSimRunsDirectory.read(path);
      }
      return of(RunSet.read(List.of(path)).ofWorkload(Workload.DRAFT), path.toString());
    }
    if (!Files.isRegularFile(path)) {
      throw new IllegalArgumentException("reference runs " + path + ": no such file");
    }
    if (PicoSimResults.isResultLines(path)) {
      try (BufferedReader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
        return PicoSimResults.parse(reader, path.toString());
      }
    }
    try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      return parse(reader, path.toString());
    }
  }

  /** No runs yet; {@link #add} fills it. */
  static ReferenceRuns empty(String name) {
    return new ReferenceRuns(name);
  }

  /** One run's value of {@code metric}; NaN (the run has no such value) is left out. */
  void add(String scenario, String controller, ReferenceMetric metric, double value) {
    add(cell(scenario, controller), metric, value);
  }

  /** The runs of a sweep, as reference. */
  public static ReferenceRuns of(RunSet runs, String name) {
    ReferenceRuns reference = new ReferenceRuns(name);
    for (RunRecord record : runs.records()) {
      Map<ReferenceMetric, List<Double>> cell =
          reference.cell(record.scenario(), record.controller());
      for (ReferenceMetric metric : ReferenceMetric.values()) {
        add(cell, metric, metric.perRun(record));
      }
    }
    return reference;
  }

  /** Reads the CSV form; a one-line error naming the file (and line) for anything malformed. */
  static ReferenceRuns parse(Reader reader, String name) throws IOException {
    ReferenceRuns reference = new ReferenceRuns(name);
    try (Csv.Rows rows = Csv.read(reader, name)) {
      requireColumns(rows, name);
      Set<String> seen = new HashSet<>();
      for (Csv.Row row : rows) {
        String scenario = row.get("scenario");
        String controller = row.get("cc");
        long run = row.getLong("run");
        if (!seen.add(key(scenario, controller) + "\u0000" + run)) {
          throw row.error("run " + run + " of " + scenario + " " + controller + " appears twice");
        }
        Map<ReferenceMetric, List<Double>> cell = reference.cell(scenario, controller);
        for (ReferenceMetric metric : ReferenceMetric.values()) {
          add(cell, metric, value(row, metric));
        }
      }
    }
    return reference;
  }

  private static void requireColumns(Csv.Rows rows, String name) {
    List<String> missing = new ArrayList<>();
    for (String column : HEADER.split(",")) {
      if (!rows.hasColumn(column)) {
        missing.add(column);
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          name
              + ": no column "
              + String.join(", ", missing)
              + "; the header needs "
              + HEADER
              + " (runs.csv's names and units)");
    }
  }

  private static double value(Csv.Row row, ReferenceMetric metric) {
    String cell = row.get(metric.column()).trim();
    if (cell.isEmpty()) {
      return Double.NaN;
    }
    double value = row.getDouble(metric.column());
    if (!Double.isFinite(value) || value < 0) {
      throw row.error(metric.column() + " must be a number ≥ 0, got '" + cell + "'");
    }
    if (metric.kind() == ReferenceMetric.Kind.FRACTION && value > LARGEST_LOAD) {
      throw row.error(
          metric.column() + " is a fraction (0.97 for 97 %), got " + cell + "; percent?");
    }
    return value;
  }

  private Map<ReferenceMetric, List<Double>> cell(String scenario, String controller) {
    return values.computeIfAbsent(
        key(scenario, controller), k -> new EnumMap<>(ReferenceMetric.class));
  }

  private static void add(
      Map<ReferenceMetric, List<Double>> cell, ReferenceMetric metric, double value) {
    if (!Double.isNaN(value)) {
      cell.computeIfAbsent(metric, m -> new ArrayList<>()).add(value);
    }
  }

  /** Whether the reference has any run of (scenario, controller). */
  boolean has(String scenario, String controller) {
    return values.containsKey(key(scenario, controller));
  }

  /** The runs' values of {@code metric} for the cell; empty when the reference has none. */
  double[] values(String scenario, String controller, ReferenceMetric metric) {
    Map<ReferenceMetric, List<Double>> cell = values.get(key(scenario, controller));
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

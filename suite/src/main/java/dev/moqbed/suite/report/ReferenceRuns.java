package dev.moqbed.suite.report;

import dev.moqbed.output.Csv;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

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
   * load cell off by about 96 points. Real fractions pass 1 where a flow's window outgrows the
   * path: picoquic's BBR in a long-RTT Startup that never ends reached 2.02 in one of 200 runs of
   * {@code wifi_bad_bbr} (reference/picoquic-f00feeb7-wifi2-200runs.csv), so the bound sits well
   * above that and still well below any load written in percent.
   */
  private static final double LARGEST_LOAD = 5;

  private final String name;

  /** Per cell (scenario, controller), per run, the run's values; a run may lack a metric. */
  private final Map<String, Map<Integer, Map<ReferenceMetric, Double>>> values =
      new LinkedHashMap<>();

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

  /**
   * Run {@code run}'s value of {@code metric}; NaN (the run has no such value) is left out.
   *
   * @throws IllegalArgumentException when the run already has a value of {@code metric}
   */
  void add(String scenario, String controller, int run, ReferenceMetric metric, double value) {
    if (Double.isNaN(value)) {
      return;
    }
    Map<ReferenceMetric, Double> ofRun =
        cell(scenario, controller).computeIfAbsent(run, r -> new EnumMap<>(ReferenceMetric.class));
    if (ofRun.putIfAbsent(metric, value) != null) {
      throw new IllegalArgumentException(
          name + ": run " + run + " of " + scenario + " " + controller + " appears twice");
    }
  }

  /** The runs of a sweep, as reference. */
  public static ReferenceRuns of(RunSet runs, String name) {
    ReferenceRuns reference = new ReferenceRuns(name);
    for (RunRecord record : runs.records()) {
      for (ReferenceMetric metric : ReferenceMetric.values()) {
        reference.add(
            record.scenario(), record.controller(), record.run(), metric, metric.perRun(record));
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
        for (ReferenceMetric metric : ReferenceMetric.values()) {
          reference.add(scenario, controller, Math.toIntExact(run), metric, value(row, metric));
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

  private Map<Integer, Map<ReferenceMetric, Double>> cell(String scenario, String controller) {
    return values.computeIfAbsent(key(scenario, controller), k -> new TreeMap<>());
  }

  /** Whether the reference has any run of (scenario, controller). */
  boolean has(String scenario, String controller) {
    return values.containsKey(key(scenario, controller));
  }

  /** The runs' values of {@code metric} for the cell; empty when the reference has none. */
  double[] values(String scenario, String controller, ReferenceMetric metric) {
    Map<Integer, Map<ReferenceMetric, Double>> cell = values.get(key(scenario, controller));
    if (cell == null) {
      return new double[0];
    }
    return cell.values().stream()
        .map(run -> run.get(metric))
        .filter(value -> value != null)
        .mapToDouble(Double::doubleValue)
        .toArray();
  }

  /**
   * Writes the runs in the CSV form {@link #read} takes: the header {@value #HEADER}, then one row
   * per run, cells in order of arrival and runs by number, an empty cell where a run has no value.
   * So a folder of pico_sim runs can be kept as one small file, without its qlogs.
   */
  public void writeCsv(Writer out) throws IOException {
    out.write(HEADER + "\n");
    for (Map.Entry<String, Map<Integer, Map<ReferenceMetric, Double>>> cell : values.entrySet()) {
      String[] names = cell.getKey().split("\u0000", 2);
      for (Map.Entry<Integer, Map<ReferenceMetric, Double>> run : cell.getValue().entrySet()) {
        List<Object> row = new ArrayList<>(List.of(names[0], names[1], run.getKey()));
        for (ReferenceMetric metric : ReferenceMetric.values()) {
          Double value = run.getValue().get(metric);
          row.add(value == null ? "" : plain(value));
        }
        Csv.appendRecord(out, row);
      }
    }
  }

  /** 4498876 rather than 4498876.0 or 4.498876E6: the file is read by people too. */
  private static String plain(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** The controllers the runs hold, in order of first appearance. */
  public Set<String> controllers() {
    Set<String> controllers = new LinkedHashSet<>();
    for (String key : values.keySet()) {
      controllers.add(key.split("\u0000", 2)[1]);
    }
    return controllers;
  }

  /**
   * These runs, with every cell of the controller {@code theirs} also under the name {@code ours}:
   * the reference names a controller its own way (pico_sim's spec names say {@code c4} for the C4
   * of the tree that ran, draft 04 on picoquic master), and a sweep names it by moqbed's spec
   * ({@code c4:variant=v4}). The cells of {@code theirs} stay, so a sweep of both {@code c4} and
   * {@code c4:variant=v4} compares each with the same runs.
   *
   * @throws IllegalArgumentException when the runs have no {@code theirs}, or already have {@code
   *     ours} (two sets of runs for one cell)
   */
  public ReferenceRuns alsoAs(String theirs, String ours) {
    Set<String> controllers = controllers();
    if (!controllers.contains(theirs)) {
      throw new IllegalArgumentException(
          name + " has no controller " + theirs + "; it has " + String.join(", ", controllers));
    }
    if (controllers.contains(ours)) {
      throw new IllegalArgumentException(
          name + " already has runs of " + ours + "; it cannot stand for " + theirs + " too");
    }
    ReferenceRuns renamed = new ReferenceRuns(name);
    for (Map.Entry<String, Map<Integer, Map<ReferenceMetric, Double>>> cell : values.entrySet()) {
      renamed.values.put(cell.getKey(), cell.getValue());
      String[] names = cell.getKey().split("\u0000", 2);
      if (names[1].equals(theirs)) {
        renamed.values.put(key(names[0], ours), cell.getValue());
      }
    }
    return renamed;
  }

  /** Where the runs came from. */
  public String name() {
    return name;
  }

  private static String key(String scenario, String controller) {
    return scenario + "\u0000" + controller;
  }
}

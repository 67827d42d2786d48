package dev.moqbed.suite.report;

import dev.moqbed.output.Csv;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.RunsCsv;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The controller traces ({@code scenario run --trace FILE.csv}) found in report directories: any
 * {@code *.csv} file directly in a directory whose header is the trace's. The first run of each
 * file is kept (window, pacing rate and RTTs over time, thinned evenly to {@link #POINTS} rows),
 * and is labelled with the directory's controller and scenario when its {@code runs.csv} has just
 * one of each (what {@code scenario run --out DIR} writes), otherwise with the file's name.
 */
public final class ControllerTraces {
  /** The start of the trace's header: the columns read here. */
  static final String HEADER_START =
      "run,time_us,cwnd_bytes,pacing_rate_bytes_per_s,latest_rtt_us,smoothed_rtt_us";

  /** Most points per trace in a chart. */
  static final int POINTS = 3000;

  /**
   * One run of one sender, row by ACK.
   *
   * @param run the run number of the rows
   * @param timeMicros virtual time of each row
   */
  public record Trace(
      int run,
      double[] timeMicros,
      double[] cwndBytes,
      double[] pacingBytesPerSecond,
      double[] latestRttMicros,
      double[] smoothedRttMicros) {}

  /** scenario → label → trace */
  private final Map<String, Map<String, Trace>> traces;

  private ControllerTraces(Map<String, Map<String, Trace>> traces) {
    this.traces = traces;
  }

  /** No traces. */
  public static ControllerTraces none() {
    return new ControllerTraces(Map.of());
  }

  /** The traces of these directories; directories without one contribute nothing. */
  public static ControllerTraces read(List<Path> directories) throws IOException {
    Map<String, Map<String, Trace>> traces = new LinkedHashMap<>();
    for (Path directory : directories) {
      List<Path> files;
      try (Stream<Path> listing = Files.list(directory)) {
        files =
            listing
                .filter(f -> f.getFileName().toString().endsWith(".csv"))
                .filter(f -> !f.getFileName().toString().equals(RunsCsv.FILE_NAME))
                .filter(Files::isRegularFile)
                .sorted()
                .toList();
      }
      Set<String> scenarios = new LinkedHashSet<>();
      Set<String> controllers = new LinkedHashSet<>();
      Path runs = directory.resolve(RunsCsv.FILE_NAME);
      if (Files.isRegularFile(runs)) {
        for (RunRecord record : RunsCsv.read(runs).records()) {
          scenarios.add(record.scenario());
          controllers.add(record.controller());
        }
      }
      for (Path file : files) {
        if (!isTrace(file)) {
          continue;
        }
        String stem = file.getFileName().toString().replaceFirst("\\.csv$", "");
        String scenario = scenarios.size() == 1 ? scenarios.iterator().next() : "traces";
        String label = controllers.size() == 1 ? controllers.iterator().next() : stem;
        traces
            .computeIfAbsent(scenario, s -> new LinkedHashMap<>())
            .put(
                label,
                readTrace(Files.newBufferedReader(file, StandardCharsets.UTF_8), file.toString()));
      }
    }
    return new ControllerTraces(traces);
  }

  private static boolean isTrace(Path file) throws IOException {
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String header = reader.readLine();
      return header != null && header.startsWith(HEADER_START);
    }
  }

  /** The columns a chart reads, after {@code run}. */
  private static final List<String> CHARTED =
      List.of(HEADER_START.split(",")).subList(1, HEADER_START.split(",").length);

  private static Trace readTrace(Reader reader, String file) throws IOException {
    List<double[]> rows = new ArrayList<>();
    int run = -1;
    try (Csv.Rows lines = Csv.read(reader, file)) {
      for (Csv.Row line : lines) {
        double[] row = new double[1 + CHARTED.size()];
        row[0] = line.getLong("run");
        for (int i = 0; i < CHARTED.size(); i++) {
          String column = CHARTED.get(i);
          // an empty cell is a figure the transport does not report (a live relay on quiche)
          row[i + 1] = line.get(column).isEmpty() ? Double.NaN : line.getLong(column);
        }
        if (run < 0) {
          run = (int) row[0];
        }
        // the simulator writes run by run; a live relay interleaves its sessions' rows
        if (row[0] == run) {
          rows.add(row);
        }
      }
    }
    int kept = Math.min(rows.size(), POINTS);
    double[][] columns = new double[5][kept];
    for (int i = 0; i < kept; i++) {
      double[] row = rows.get((int) ((long) i * rows.size() / kept));
      for (int c = 0; c < 5; c++) {
        columns[c][i] = row[c + 1];
      }
    }
    return new Trace(Math.max(run, 0), columns[0], columns[1], columns[2], columns[3], columns[4]);
  }

  /** Traces made in this process (the demo's), from the CSV a trace writes. */
  public static final class Builder {
    private final Map<String, Map<String, Trace>> traces = new LinkedHashMap<>();

    /** The first run of {@code csv}, a trace's CSV with its header, as one line of a scenario. */
    public Builder add(String scenario, String label, String csv) {
      try {
        traces
            .computeIfAbsent(scenario, s -> new LinkedHashMap<>())
            .put(label, readTrace(new StringReader(csv), label + " trace"));
      } catch (IOException e) {
        throw new UncheckedIOException(e); // a StringReader does not fail
      }
      return this;
    }

    public ControllerTraces build() {
      return new ControllerTraces(traces);
    }
  }

  public boolean isEmpty() {
    return traces.isEmpty();
  }

  /** The scenarios with traces. */
  public List<String> scenarios() {
    return List.copyOf(traces.keySet());
  }

  /** Per label, the trace of one scenario. */
  public Map<String, Trace> of(String scenario) {
    return traces.getOrDefault(scenario, Map.of());
  }
}

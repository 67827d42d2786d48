package dev.moqbed.suite.report;

import dev.moqbed.output.Summary;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.Workload;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * The per-frame latency distributions of the media runs of one or more sweep directories, read from
 * their {@link FramesDirectory}: per scenario and track, one distribution per controller and
 * workload ({@code c4}, {@code c4 (moq)}), over every frame of every run that arrived and that the
 * statistics count. Kept as {@link #POINTS} + 1 quantiles, enough for a chart, whatever the number
 * of frames.
 */
public final class FrameLatencyCdfs {
  /** Quantile steps kept per distribution. */
  static final int POINTS = 200;

  private static final int TRACK = 1;
  private static final int ARRIVAL = 8;
  private static final int LATENCY = 9;
  private static final int CANCELLED = 10;
  private static final int COUNTED = 11;

  /** scenario → track → label → quantiles in µs */
  private final Map<String, Map<String, Map<String, double[]>>> quantiles;

  private FrameLatencyCdfs(Map<String, Map<String, Map<String, double[]>>> quantiles) {
    this.quantiles = quantiles;
  }

  /** No distributions: a report without frames. */
  public static FrameLatencyCdfs none() {
    return new FrameLatencyCdfs(Map.of());
  }

  /**
   * Reads the frames of every media run listed in each directory's {@code runs.csv}; directories
   * without frames contribute nothing.
   */
  public static FrameLatencyCdfs read(List<Path> directories) throws IOException {
    Builder builder = new Builder();
    for (Path directory : directories) {
      FramesDirectory frames = new FramesDirectory(directory);
      Set<String> done = new LinkedHashSet<>();
      for (RunRecord record : RunsCsv.read(directory.resolve(RunsCsv.FILE_NAME)).records()) {
        Path file = frames.file(record.scenario(), record.controller(), record.run());
        if (done.add(file.toString()) && Files.isRegularFile(file)) {
          readRun(file, builder, record.scenario(), label(record));
        }
      }
    }
    return builder.build();
  }

  /** The line a run's frames belong to: its controller, marked {@code (moq)} for the MoQ chain. */
  public static String label(RunRecord record) {
    return RunSet.workloadOf(record) == Workload.MOQ
        ? record.controller() + " (moq)"
        : record.controller();
  }

  private static void readRun(Path file, Builder builder, String scenario, String label)
      throws IOException {
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
      String line = reader.readLine(); // header
      int number = 1;
      while ((line = reader.readLine()) != null) {
        number++;
        String[] fields = line.split(",", -1);
        if (fields.length <= COUNTED) {
          throw new IllegalArgumentException(
              file + ":" + number + ": expected 12 columns of a frames file");
        }
        boolean arrived = Long.parseLong(fields[ARRIVAL]) >= 0;
        if (arrived
            && !Boolean.parseBoolean(fields[CANCELLED])
            && Boolean.parseBoolean(fields[COUNTED])) {
          builder.add(scenario, label, fields[TRACK], Long.parseLong(fields[LATENCY]));
        }
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(file + ": not a frames file (" + e.getMessage() + ")");
    }
  }

  /** Gathers latencies frame by frame, from files or from runs in memory. */
  public static final class Builder {
    /** scenario → track → label → latencies in µs */
    private final Map<String, Map<String, Map<String, LongList>>> samples = new LinkedHashMap<>();

    /** One frame that arrived and counts. */
    public void add(String scenario, String label, String track, long latencyMicros) {
      samples
          .computeIfAbsent(scenario, s -> new LinkedHashMap<>())
          .computeIfAbsent(track, t -> new LinkedHashMap<>())
          .computeIfAbsent(label, l -> new LongList())
          .add(latencyMicros);
    }

    public FrameLatencyCdfs build() {
      Map<String, Map<String, Map<String, double[]>>> quantiles = new LinkedHashMap<>();
      samples.forEach(
          (scenario, byTrack) ->
              byTrack.forEach(
                  (track, byLabel) ->
                      byLabel.forEach(
                          (label, values) ->
                              quantiles
                                  .computeIfAbsent(scenario, s -> new LinkedHashMap<>())
                                  .computeIfAbsent(track, t -> new LinkedHashMap<>())
                                  .put(label, values.quantiles()))));
      return new FrameLatencyCdfs(quantiles);
    }
  }

  public boolean isEmpty() {
    return quantiles.isEmpty();
  }

  /** The scenarios with frames, in the order read. */
  public List<String> scenarios() {
    return List.copyOf(quantiles.keySet());
  }

  /** Per track of {@code scenario}, per label, the latency quantiles in µs (0, 1/200, … 1). */
  public Map<String, Map<String, double[]>> of(String scenario) {
    return quantiles.getOrDefault(scenario, Map.of());
  }

  /** A growable array of longs: a run of a long media scenario has tens of thousands of frames. */
  private static final class LongList {
    private long[] values = new long[1024];
    private int size;

    void add(long value) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = value;
    }

    double[] quantiles() {
      double[] sorted = new double[size];
      for (int i = 0; i < size; i++) {
        sorted[i] = values[i];
      }
      Arrays.sort(sorted);
      double[] result = new double[POINTS + 1];
      for (int i = 0; i <= POINTS; i++) {
        result[i] = Summary.quantileOfSorted(sorted, (double) i / POINTS);
      }
      return result;
    }
  }
}

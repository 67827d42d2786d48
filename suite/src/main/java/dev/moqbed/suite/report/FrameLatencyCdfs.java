package dev.moqbed.suite.report;

import dev.moqbed.output.Csv;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.Workload;
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
 * The per-frame latencies of the media runs of one or more sweep directories, read from their
 * {@link FramesDirectory}: per scenario and track, one distribution per controller and workload
 * ({@code c4}, {@code c4 (moq)}), over every frame of every run that arrived and that the
 * statistics count, kept as its complementary CDF ({@link Ccdf}); and the latency of each frame of
 * one run over time ({@link Timeline}), that run being the first read of each scenario and label.
 */
public final class FrameLatencyCdfs {
  /**
   * Points of a CCDF per decade of the fraction: 20 from 1 to 0.1, 20 more to 0.01, and so on down
   * to one frame in all.
   */
  static final int POINTS_PER_DECADE = 20;

  /** Most points of a timeline; a longer run is thinned evenly. */
  static final int TIMELINE_POINTS = 4000;

  /**
   * The complementary CDF of a set of latencies: at {@code latencyMicros[i]}, at most a fraction
   * {@code fractionLater[i]} of the frames arrived later. The fractions fall by {@link
   * #POINTS_PER_DECADE} per decade from 1 to 1/frames; each latency is the smallest frame latency
   * with that property, so the points are exact for the frames read, not interpolated.
   */
  public record Ccdf(double[] latencyMicros, double[] fractionLater, int frames) {}

  /** One run's frames of one track in the order they were captured: when, and how late. */
  public record Timeline(int run, double[] captureMicros, double[] latencyMicros) {}

  /** scenario → track → label → distribution */
  private final Map<String, Map<String, Map<String, Ccdf>>> ccdfs;

  /** scenario → track → label → one run's frames */
  private final Map<String, Map<String, Map<String, Timeline>>> timelines;

  private FrameLatencyCdfs(
      Map<String, Map<String, Map<String, Ccdf>>> ccdfs,
      Map<String, Map<String, Map<String, Timeline>>> timelines) {
    this.ccdfs = ccdfs;
    this.timelines = timelines;
  }

  /** No distributions: a report without frames. */
  public static FrameLatencyCdfs none() {
    return new FrameLatencyCdfs(Map.of(), Map.of());
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
          readRun(file, builder, record.scenario(), label(record), record.run());
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

  private static void readRun(Path file, Builder builder, String scenario, String label, int run)
      throws IOException {
    try (Csv.Rows rows =
        Csv.read(
            new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8),
            file.toString())) {
      for (Csv.Row row : rows) {
        boolean arrived = row.getLong("arrival_us") >= 0;
        if (arrived && !row.getBoolean("cancelled") && row.getBoolean("counted")) {
          builder.add(
              scenario,
              label,
              row.get("track"),
              run,
              row.getLong("expected_us"),
              row.getLong("latency_us"));
        }
      }
    }
  }

  /** Gathers latencies frame by frame, from files or from runs in memory. */
  public static final class Builder {
    /** scenario → track → label → latencies in µs */
    private final Map<String, Map<String, Map<String, LongList>>> samples = new LinkedHashMap<>();

    /** scenario → track → label → capture time and latency of the timeline run's frames */
    private final Map<String, Map<String, Map<String, LongList[]>>> timed = new LinkedHashMap<>();

    /** scenario + label → the run whose frames make the timeline: the first one added */
    private final Map<String, Integer> timelineRuns = new LinkedHashMap<>();

    /** One frame that arrived and counts, for the distribution only. */
    public void add(String scenario, String label, String track, long latencyMicros) {
      samples
          .computeIfAbsent(scenario, s -> new LinkedHashMap<>())
          .computeIfAbsent(track, t -> new LinkedHashMap<>())
          .computeIfAbsent(label, l -> new LongList())
          .add(latencyMicros);
    }

    /**
     * One frame that arrived and counts, of run {@code run}, captured (or due) at {@code
     * captureMicros}: in the distribution, and in the timeline when it is of the first run added
     * for this scenario and label.
     */
    public void add(
        String scenario,
        String label,
        String track,
        int run,
        long captureMicros,
        long latencyMicros) {
      add(scenario, label, track, latencyMicros);
      if (timelineRuns.computeIfAbsent(scenario + '\u0000' + label, k -> run) == run) {
        LongList[] points =
            timed
                .computeIfAbsent(scenario, s -> new LinkedHashMap<>())
                .computeIfAbsent(track, t -> new LinkedHashMap<>())
                .computeIfAbsent(label, l -> new LongList[] {new LongList(), new LongList()});
        points[0].add(captureMicros);
        points[1].add(latencyMicros);
      }
    }

    public FrameLatencyCdfs build() {
      Map<String, Map<String, Map<String, Ccdf>>> ccdfs = new LinkedHashMap<>();
      samples.forEach(
          (scenario, byTrack) ->
              byTrack.forEach(
                  (track, byLabel) ->
                      byLabel.forEach(
                          (label, values) ->
                              ccdfs
                                  .computeIfAbsent(scenario, s -> new LinkedHashMap<>())
                                  .computeIfAbsent(track, t -> new LinkedHashMap<>())
                                  .put(label, ccdf(values.sorted())))));
      Map<String, Map<String, Map<String, Timeline>>> timelines = new LinkedHashMap<>();
      timed.forEach(
          (scenario, byTrack) ->
              byTrack.forEach(
                  (track, byLabel) ->
                      byLabel.forEach(
                          (label, points) ->
                              timelines
                                  .computeIfAbsent(scenario, s -> new LinkedHashMap<>())
                                  .computeIfAbsent(track, t -> new LinkedHashMap<>())
                                  .put(
                                      label,
                                      timeline(
                                          timelineRuns.get(scenario + '\u0000' + label),
                                          points)))));
      return new FrameLatencyCdfs(ccdfs, timelines);
    }
  }

  /** The CCDF of sorted latencies (see {@link Ccdf}); exposed for tests. */
  static Ccdf ccdf(double[] sorted) {
    int n = sorted.length;
    List<double[]> points = new java.util.ArrayList<>();
    for (int k = 0; ; k++) {
      double fraction = Math.pow(10, -(double) k / POINTS_PER_DECADE);
      if (fraction * n < 1 - 1e-6) {
        break;
      }
      // 10^-k × n is often an integer a rounding error away: make it one
      double later = fraction * n;
      later = Math.abs(later - Math.rint(later)) < 1e-6 ? Math.rint(later) : later;
      // the smallest sorted[i] with at most fraction × n frames after it: i ≥ n − 1 − fraction × n
      int index = (int) Math.max(0, Math.ceil(n - 1 - later));
      points.add(new double[] {sorted[index], fraction});
    }
    double[] latencies = new double[points.size()];
    double[] fractions = new double[points.size()];
    for (int i = 0; i < points.size(); i++) {
      latencies[i] = points.get(i)[0];
      fractions[i] = points.get(i)[1];
    }
    return new Ccdf(latencies, fractions, n);
  }

  /** The timeline's points by capture time, thinned evenly to {@link #TIMELINE_POINTS}. */
  private static Timeline timeline(int run, LongList[] points) {
    int n = points[0].size;
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(points[0].values[a], points[0].values[b]));
    int kept = Math.min(n, TIMELINE_POINTS);
    double[] capture = new double[kept];
    double[] latency = new double[kept];
    for (int i = 0; i < kept; i++) {
      int from = order[(int) ((long) i * n / kept)];
      capture[i] = points[0].values[from];
      latency[i] = points[1].values[from];
    }
    return new Timeline(run, capture, latency);
  }

  public boolean isEmpty() {
    return ccdfs.isEmpty();
  }

  /** The scenarios with frames, in the order read. */
  public List<String> scenarios() {
    return List.copyOf(ccdfs.keySet());
  }

  /** Per track of {@code scenario}, per label, the latency distribution. */
  public Map<String, Map<String, Ccdf>> of(String scenario) {
    return ccdfs.getOrDefault(scenario, Map.of());
  }

  /** Per track of {@code scenario}, per label, one run's frames over time. */
  public Map<String, Map<String, Timeline>> timelines(String scenario) {
    return timelines.getOrDefault(scenario, Map.of());
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

    double[] sorted() {
      double[] sorted = new double[size];
      for (int i = 0; i < size; i++) {
        sorted[i] = values[i];
      }
      Arrays.sort(sorted);
      return sorted;
    }
  }
}

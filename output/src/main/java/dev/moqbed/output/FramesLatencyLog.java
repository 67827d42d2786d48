package dev.moqbed.output;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Writes the {@link LatencyIntervalLog} ({@code .hlog}) of a frames file once it is complete, from
 * the file itself, so that the log holds exactly the frames the CSV holds: the subscriber's {@code
 * --out} layout and the frames files of {@code live run --out} and {@code chain --out} ({@code
 * .csv.gz}) name the same three columns, {@code track}, {@code arrival_us} and {@code latency_us}.
 * Rows without an arrival (a frame that never came: {@code -1}) or without a latency (a reconnect's
 * {@code GAP} row) are left out. Rows are put in arrival order first: a run's frames table lists
 * frames in the order they were sent, and a late frame would otherwise fall in a later interval's
 * histogram. One interval per second; StartTime is the first frame's arrival (the live clock is the
 * wall clock), 0 in a log without frames.
 */
public final class FramesLatencyLog {
  /** One second: the interval the issue asked for and HdrHistogram's plotter expects. */
  static final long INTERVAL_MICROS = 1_000_000;

  private FramesLatencyLog() {}

  private record Arrival(String track, long arrivalMicros, long latencyMicros) {}

  /**
   * Reads {@code framesFile} (gzip-compressed when its name ends in {@code .gz}) and writes its log
   * beside it ({@link LatencyIntervalLog#besideFrames}); returns the frames the log holds.
   *
   * @throws IllegalArgumentException when the file lacks one of the three columns or a cell is no
   *     number
   */
  public static long writeBeside(Path framesFile) throws IOException {
    List<Arrival> arrivals;
    try (InputStream in = open(framesFile);
        Reader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      arrivals = arrivals(reader, framesFile.toString());
    }
    arrivals.sort(Comparator.comparingLong(Arrival::arrivalMicros));
    // no frame, no time to date the log by: StartTime 0 (output reads no clock)
    long start = arrivals.isEmpty() ? 0 : arrivals.get(0).arrivalMicros / 1000;
    try (LatencyIntervalLog log =
        LatencyIntervalLog.open(
            LatencyIntervalLog.besideFrames(framesFile), start, INTERVAL_MICROS)) {
      for (Arrival arrival : arrivals) {
        log.frame(arrival.track, arrival.arrivalMicros, arrival.latencyMicros);
      }
      return log.frames();
    }
  }

  private static InputStream open(Path file) throws IOException {
    InputStream in = Files.newInputStream(file);
    return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(in) : in;
  }

  private static List<Arrival> arrivals(Reader reader, String name) throws IOException {
    List<Arrival> arrivals = new ArrayList<>();
    try (Csv.Rows rows = Csv.read(reader, name)) {
      for (String column : new String[] {"track", "arrival_us", "latency_us"}) {
        if (!rows.hasColumn(column)) {
          throw new IllegalArgumentException(name + ": no " + column + " column");
        }
      }
      for (Csv.Row row : rows) {
        if (row.get("latency_us").isEmpty() || row.get("arrival_us").isEmpty()) {
          continue;
        }
        long arrival = row.getLong("arrival_us");
        if (arrival >= 0) {
          arrivals.add(new Arrival(row.get("track"), arrival, row.getLong("latency_us")));
        }
      }
    }
    return arrivals;
  }
}

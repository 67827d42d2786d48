package dev.moqbed.output;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Frame latency as HdrHistogram's own interval log ({@code .hlog}, written by its {@link
 * HistogramLogWriter}): per interval of the run one histogram per track, tagged with the track's
 * name, values in microseconds. HdrHistogram's {@code HistogramLogProcessor} and its plotter read
 * it (docs/metrics.md). Frames are given in arrival order on one thread; only the interval under
 * way is held in memory, one histogram per track, however long the run.
 */
public final class LatencyIntervalLog implements AutoCloseable {
  /** HistogramLogWriter's max column divided by this: microseconds printed as milliseconds. */
  private static final double MICROS_PER_MILLISECOND = 1_000.0;

  private static final int SIGNIFICANT_DIGITS = 3;

  private final HistogramLogWriter writer;
  private final long intervalMicros;
  private final Map<String, Histogram> tracks = new LinkedHashMap<>();
  private long originMicros = -1;
  private long interval;
  private long frames;

  /**
   * @param out where the log goes (closed by {@link #close()})
   * @param startTimeMillis the wall-clock time the run started, for the log's StartTime header
   * @param intervalMicros the length of one interval
   */
  public LatencyIntervalLog(OutputStream out, long startTimeMillis, long intervalMicros) {
    if (intervalMicros <= 0) {
      throw new IllegalArgumentException("interval must be positive, got " + intervalMicros);
    }
    this.intervalMicros = intervalMicros;
    this.writer = new HistogramLogWriter(new PrintStream(out, false, StandardCharsets.UTF_8));
    writer.outputComment(
        "moqbed frame latency in microseconds: one histogram per track (Tag) and interval of "
            + intervalMicros / 1e6
            + " s, timestamps in seconds since the first frame");
    writer.outputLogFormatVersion();
    writer.outputStartTime(startTimeMillis);
    writer.outputLegend();
  }

  /**
   * The log beside a frames CSV: {@code frames.csv} gives {@code frames.hlog}, {@code
   * run-0001.csv.gz} gives {@code run-0001.hlog}.
   */
  public static Path besideFrames(Path framesFile) {
    String name = framesFile.getFileName().toString();
    String stem = name;
    for (String suffix : new String[] {".gz", ".csv"}) {
      stem = stem.endsWith(suffix) ? stem.substring(0, stem.length() - suffix.length()) : stem;
    }
    return framesFile.resolveSibling(stem + ".hlog");
  }

  /** Opens {@code file} for writing (replacing it). */
  public static LatencyIntervalLog open(Path file, long startTimeMillis, long intervalMicros)
      throws IOException {
    return new LatencyIntervalLog(Files.newOutputStream(file), startTimeMillis, intervalMicros);
  }

  /**
   * One frame that arrived at {@code arrivalMicros} (the receiver's clock) {@code latencyMicros}
   * after its capture. A negative latency (clocks not in step) is recorded as 0; a frame a little
   * out of order counts in the interval under way.
   */
  public void frame(String track, long arrivalMicros, long latencyMicros) {
    if (originMicros < 0) {
      originMicros = arrivalMicros;
    }
    long index = Math.max(0, arrivalMicros - originMicros) / intervalMicros;
    if (index > interval) {
      flush();
      interval = index;
    }
    tracks
        .computeIfAbsent(track, name -> new Histogram(SIGNIFICANT_DIGITS))
        .recordValue(Math.max(0, latencyMicros));
    frames++;
  }

  /** Frames recorded so far. */
  public long frames() {
    return frames;
  }

  /** Writes the interval under way (each track with frames) and starts the next one empty. */
  private void flush() {
    double start = interval * intervalMicros / 1e6;
    double end = (interval + 1) * intervalMicros / 1e6;
    for (Map.Entry<String, Histogram> track : tracks.entrySet()) {
      Histogram histogram = track.getValue();
      if (histogram.getTotalCount() > 0) {
        // The log's format separates fields with commas and blanks: a tag may hold neither.
        histogram.setTag(track.getKey().replaceAll("[,\\s]", "_"));
        writer.outputIntervalHistogram(start, end, histogram, MICROS_PER_MILLISECOND);
        histogram.reset();
      }
    }
  }

  /** Writes the last interval and closes the output. */
  @Override
  public void close() {
    if (originMicros >= 0) {
      flush();
    }
    writer.close();
  }
}

package dev.moqbed.app;

import dev.moqbed.media.FrameKind;
import dev.moqbed.output.FramesLatencyLog;
import dev.moqbed.output.Measure;
import dev.moqbed.output.Table;
import dev.moqbed.subscriber.FrameRecord;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * The frames a browser page measured, as it posts them: lines of the Java subscriber's frames CSV
 * ({@code track,group,object,kind,size_bytes,capture_us,arrival_us,latency_us,relay_arrivals_us}),
 * checked one by one, written to the frames file as they come and counted per track and kind. A
 * line that is not a frame is counted and dropped (the page is ours, but the port is reachable by
 * any local process).
 */
final class BrowserFrames implements AutoCloseable {
  /** The frames file's header, the Java subscriber's. */
  static final String HEADER =
      "track,group,object,kind,size_bytes,capture_us,arrival_us,latency_us,relay_arrivals_us";

  /** Distinct tracks kept: a page subscribes to a handful. */
  private static final int MAX_TRACKS = 64;

  private static final long HIGHEST_LATENCY_MICROS = 3_600_000_000L;

  private final BufferedWriter out;
  private final Path file;
  private final Consumer<FrameRecord> listener;
  private final Map<String, Map<FrameKind, Histogram>> latencies = new LinkedHashMap<>();
  private long frames;
  private long rejectedLines;

  /**
   * @param file the frames file, or null to keep only the counts
   */
  BrowserFrames(Path file) throws IOException {
    this(file, frame -> {});
  }

  /**
   * @param file the frames file, or null to keep only the counts
   * @param listener receives every frame taken, on the page server's thread
   */
  BrowserFrames(Path file, Consumer<FrameRecord> listener) throws IOException {
    this.listener = listener;
    this.file = file;
    this.out = file == null ? null : Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    if (out != null) {
      out.write(HEADER + "\n");
    }
  }

  /** Takes one posted batch: CSV lines without the header. */
  synchronized void accept(String batch) {
    for (String line : batch.split("\n")) {
      if (!line.isBlank()) {
        acceptLine(line.strip());
      }
    }
    flush();
  }

  private void acceptLine(String line) {
    String[] cells = line.split(",", -1);
    if (cells.length != 9 || !cells[0].matches("[A-Za-z0-9_.-]{1,64}")) {
      rejectedLines++;
      return;
    }
    FrameRecord frame;
    try {
      frame = frame(cells);
    } catch (IllegalArgumentException e) {
      rejectedLines++;
      return;
    }
    long latency = frame.latencyMicros();
    FrameKind kind = frame.kind();
    if (!latencies.containsKey(cells[0]) && latencies.size() >= MAX_TRACKS) {
      rejectedLines++;
      return;
    }
    Histogram histogram =
        latencies
            .computeIfAbsent(cells[0], track -> new EnumMap<>(FrameKind.class))
            .computeIfAbsent(kind, k -> new Histogram(HIGHEST_LATENCY_MICROS, 3));
    histogram.recordValue(Math.max(0, Math.min(latency, HIGHEST_LATENCY_MICROS)));
    frames++;
    listener.accept(frame);
    if (out != null) {
      try {
        out.write(line);
        out.write('\n');
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The frame of a line's nine cells; IllegalArgumentException when one is not what it says. */
  private static FrameRecord frame(String[] cells) {
    List<Long> relayArrivals = new ArrayList<>();
    for (String stamp : cells[8].split(";")) {
      if (!stamp.isEmpty()) {
        relayArrivals.add(Long.parseLong(stamp));
      }
    }
    long size = Long.parseLong(cells[4]);
    if (size < 0 || size > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("size " + size);
    }
    return new FrameRecord(
        cells[0],
        Long.parseLong(cells[1]),
        Long.parseLong(cells[2]),
        FrameKind.valueOf(cells[3]),
        (int) size,
        Long.parseLong(cells[5]),
        Long.parseLong(cells[6]),
        Long.parseLong(cells[7]),
        relayArrivals);
  }

  private void flush() {
    if (out != null) {
      try {
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Frames taken so far. */
  synchronized long frames() {
    return frames;
  }

  /** Frames received of a track and kind. */
  synchronized long received(String track, FrameKind kind) {
    Histogram histogram = latencies.getOrDefault(track, Map.of()).get(kind);
    return histogram == null ? 0 : histogram.getTotalCount();
  }

  /** Lines that were not frames. */
  synchronized long rejectedLines() {
    return rejectedLines;
  }

  /**
   * The Java subscriber's summary table over what the page measured; STOP_SENDING counts per track
   * as the page reported them ({@code stopSending}, empty when it did not).
   */
  synchronized Table table(Map<String, Long> stopSending) {
    Table table =
        new Table(
            "track", "kind", "received", "p50_us", "p90_us", "p99_us", "max_us", "stop_sending");
    for (Map.Entry<String, Map<FrameKind, Histogram>> track : latencies.entrySet()) {
      for (Map.Entry<FrameKind, Histogram> kind : track.getValue().entrySet()) {
        Histogram latency = kind.getValue();
        table.row(
            track.getKey(),
            kind.getKey().name(),
            latency.getTotalCount(),
            Measure.micros(latency.getValueAtPercentile(50)),
            Measure.micros(latency.getValueAtPercentile(90)),
            Measure.micros(latency.getValueAtPercentile(99)),
            Measure.micros(latency.getMaxValue()),
            stopSending.get(track.getKey()));
      }
    }
    return table;
  }

  /** The tracks seen, in order of their first frame. */
  synchronized List<String> tracks() {
    return List.copyOf(latencies.keySet());
  }

  @Override
  public synchronized void close() throws IOException {
    if (out != null) {
      out.close();
      FramesLatencyLog.writeBeside(file); // the latency log beside the CSV, as the subscriber's
    }
  }
}

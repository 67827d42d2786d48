package dev.moqbed.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FramesLatencyLogTest {
  @TempDir Path directory;

  /** Frames per tag and the number of intervals, read back with HdrHistogram's own reader. */
  static Map<String, Long> countsPerTrack(Path hlog, Map<String, Long> maxima) throws IOException {
    Map<String, Long> counts = new TreeMap<>();
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      while (reader.hasNext()) {
        Histogram interval = (Histogram) reader.nextIntervalHistogram();
        counts.merge(interval.getTag(), interval.getTotalCount(), Long::sum);
        maxima.merge(interval.getTag(), interval.getMaxValue(), Math::max);
        assertEquals(1_000, interval.getEndTimeStamp() - interval.getStartTimeStamp(), "1 s");
      }
    }
    return counts;
  }

  @Test
  void shouldLogEveryFrameOfASubscribersCsvButItsGapRows() throws IOException {
    StringBuilder csv =
        new StringBuilder(
            "track,group,object,kind,size_bytes,capture_us,arrival_us,latency_us,"
                + "relay_arrivals_us\n");
    long base = 1_765_000_000_000_000L;
    for (int i = 0; i < 150; i++) { // 3 s of audio every 20 ms
      long arrival = base + i * 20_000L;
      csv.append("a1,").append(i).append(",0,AUDIO,200,").append(arrival - 3_000).append(',');
      csv.append(arrival).append(",3000,\n");
    }
    for (int i = 0; i < 90; i++) { // 3 s of video every 33 ms
      long arrival = base + 5_000 + i * 33_000L;
      long latency = i == 40 ? 400_000 : 12_000;
      csv.append("vmid,0,").append(i).append(",DELTA,9000,").append(arrival - latency);
      csv.append(',').append(arrival).append(',').append(latency).append(",1;2\n");
    }
    csv.append("vmid,0,89,GAP,,,").append(base + 3_500_000).append(",,lost=3;resumed_group=1\n");
    Path frames = directory.resolve("frames.csv");
    Files.writeString(frames, csv);

    assertEquals(240, FramesLatencyLog.writeBeside(frames));

    Path hlog = directory.resolve("frames.hlog");
    Map<String, Long> maxima = new TreeMap<>();
    assertEquals(Map.of("a1", 150L, "vmid", 90L), countsPerTrack(hlog, maxima));
    assertEquals(400_000, maxima.get("vmid"), 400);
    assertEquals(3_000, maxima.get("a1"), 3);
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      reader.nextIntervalHistogram();
      assertEquals(base / 1e6, reader.getStartTimeSec(), 0.001, "StartTime: the first arrival");
    }
  }

  @Test
  void shouldLogAFramesTableInArrivalOrderAndLeaveOutFramesThatNeverCame() throws IOException {
    // A run's frames table lists frames as sent; frame 1 arrived 2.5 s late, after frames 2..9.
    StringBuilder csv =
        new StringBuilder(
            "run,track,copy,group,frame,kind,size_bytes,expected_us,arrival_us,latency_us,"
                + "cancelled,counted\n");
    for (int i = 0; i < 10; i++) {
      long expected = 10_000_000 + i * 100_000L;
      long latency = i == 1 ? 2_500_000 : 20_000;
      long arrival = i == 7 ? -1 : expected + latency;
      csv.append("0,video,0,0,").append(i).append(",DELTA,100,").append(expected).append(',');
      csv.append(arrival).append(',').append(arrival < 0 ? -1 : latency);
      csv.append(',').append(arrival < 0).append(",true\n");
    }
    Path frames = directory.resolve("run-0001.csv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(frames))) {
      out.write(csv.toString().getBytes(StandardCharsets.UTF_8));
    }

    assertEquals(9, FramesLatencyLog.writeBeside(frames));

    Path hlog = directory.resolve("run-0001.hlog");
    assertEquals(Map.of("video", 9L), countsPerTrack(hlog, new TreeMap<>()));
    long lastIntervalFrames = 0;
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      Histogram last = null;
      while (reader.hasNext()) {
        last = (Histogram) reader.nextIntervalHistogram();
      }
      lastIntervalFrames = last.getTotalCount();
      assertTrue(last.getMaxValue() >= 2_499_000, "the late frame in the interval it arrived");
    }
    assertEquals(1, lastIntervalFrames, "arrived 2.58 s after the first: alone in interval 2");
  }

  @Test
  void shouldRefuseAFileWithoutLatencies() throws IOException {
    Path frames = directory.resolve("other.csv");
    Files.writeString(frames, "track,arrival_us\nvideo,5\n");
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> FramesLatencyLog.writeBeside(frames));
    assertTrue(error.getMessage().endsWith("no latency_us column"), error.getMessage());
  }
}

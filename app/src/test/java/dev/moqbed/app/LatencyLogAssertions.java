package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.output.Csv;
import dev.moqbed.output.LatencyIntervalLog;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** Checks a frames file's {@code .hlog} with HdrHistogram's own reader. */
final class LatencyLogAssertions {
  private LatencyLogAssertions() {}

  /**
   * The {@code .hlog} beside {@code framesFile} holds, tag by tag, as many latencies as the file
   * holds frames that arrived, in intervals of one second.
   */
  static void assertLogsEveryFrame(Path framesFile) throws IOException {
    Path hlog = LatencyIntervalLog.besideFrames(framesFile);
    assertTrue(Files.isRegularFile(hlog), hlog + " beside " + framesFile);
    Map<String, Long> written = new TreeMap<>();
    try (InputStream file = Files.newInputStream(framesFile);
        InputStream in = framesFile.toString().endsWith(".gz") ? new GZIPInputStream(file) : file;
        Csv.Rows rows =
            Csv.read(new InputStreamReader(in, StandardCharsets.UTF_8), framesFile.toString())) {
      for (Csv.Row row : rows) {
        if (!row.get("latency_us").isEmpty() && row.getLong("arrival_us") >= 0) {
          written.merge(row.get("track"), 1L, Long::sum);
        }
      }
    }
    Map<String, Long> logged = new TreeMap<>();
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      while (reader.hasNext()) {
        Histogram interval = (Histogram) reader.nextIntervalHistogram();
        assertEquals(
            1_000, interval.getEndTimeStamp() - interval.getStartTimeStamp(), hlog + ": 1 s");
        logged.merge(interval.getTag(), interval.getTotalCount(), Long::sum);
      }
    }
    assertFalse(written.isEmpty(), framesFile + " has frames");
    assertEquals(written, logged, hlog + ": frames per track");
  }
}

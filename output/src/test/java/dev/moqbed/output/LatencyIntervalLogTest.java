package dev.moqbed.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;

class LatencyIntervalLogTest {
  @Test
  void shouldWriteALogThatHdrHistogramsReaderParsesBackWithEveryFrame() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (LatencyIntervalLog log = new LatencyIntervalLog(bytes, 1_700_000_000_000L, 1_000_000)) {
      // 3.5 s in arrival order: audio every 20 ms at 2 ms, video every 33 ms at 10 ms, one
      // video frame late.
      long audioAt = 5_000_000;
      long videoAt = 5_000_000;
      while (audioAt < 8_500_000 || videoAt < 8_500_000) {
        if (audioAt <= videoAt) {
          log.frame("a1", audioAt, 2_000);
          audioAt += 20_000;
        } else {
          log.frame("vmid", videoAt, videoAt == 5_000_000 + 33_000 * 40 ? 250_000 : 10_000);
          videoAt += 33_000;
        }
      }
      assertEquals(175 + 107, log.frames());
    }
    HistogramLogReader reader =
        new HistogramLogReader(new ByteArrayInputStream(bytes.toByteArray()));
    List<Histogram> intervals = new ArrayList<>();
    while (reader.hasNext()) {
      intervals.add((Histogram) reader.nextIntervalHistogram());
    }
    assertEquals(1_700_000_000.0, reader.getStartTimeSec());
    long audio = 0;
    long video = 0;
    long videoMax = 0;
    for (Histogram interval : intervals) {
      if ("a1".equals(interval.getTag())) {
        audio += interval.getTotalCount();
        assertEquals(2_000, interval.getValueAtPercentile(50), 2);
      } else {
        assertEquals("vmid", interval.getTag());
        video += interval.getTotalCount();
        videoMax = Math.max(videoMax, interval.getMaxValue());
      }
      assertTrue(interval.getEndTimeStamp() - interval.getStartTimeStamp() == 1_000, "1 s");
    }
    assertEquals(175, audio);
    assertEquals(107, video);
    assertEquals(250_000, videoMax, 250);
    assertEquals(8, intervals.size(), "4 intervals (the last a half) of 2 tracks");
  }

  @Test
  void shouldSitBesideTheFramesCsv() {
    assertEquals(
        Path.of("out/frames.hlog"), LatencyIntervalLog.besideFrames(Path.of("out/frames.csv")));
    assertEquals(Path.of("f.txt.hlog"), LatencyIntervalLog.besideFrames(Path.of("f.txt")));
  }
}

package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsCsvWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FrameLatencyCdfsTest {
  @TempDir Path directory;

  /** One MoQ run of {@code media}: vmid frames with latencies 1..count ms, the last cancelled. */
  private void writeRun(int run, int count) throws IOException {
    TrackName vmid = new TrackName("live", "vmid");
    List<MediaObject> sent = new ArrayList<>();
    List<FrameRecord> received = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long capture = i * 33_333L;
      sent.add(new MediaObject(vmid, 0, 0, i, 6, 900, capture, FrameKind.P, i == count - 1));
      if (i < count - 1) {
        long latency = (i + 1) * 1000L;
        received.add(
            new FrameRecord(
                "vmid", 0, i, FrameKind.P, 900, capture, capture + latency, latency, List.of()));
      }
    }
    FrameTable frames = new FrameTable();
    frames.add(run, sent, received);
    new FramesDirectory(directory).write("media", "c4", run, frames);
  }

  private static double latencyAt(FrameLatencyCdfs.Ccdf ccdf, double fraction) {
    for (int i = 0; i < ccdf.fractionLater().length; i++) {
      if (Math.abs(ccdf.fractionLater()[i] - fraction) < 1e-12) {
        return ccdf.latencyMicros()[i];
      }
    }
    throw new AssertionError("no point at " + fraction);
  }

  @Test
  void shouldGiveTheExactFractionLaterAtEachDecadeOfASyntheticInput() {
    double[] sorted = new double[1000];
    for (int i = 0; i < sorted.length; i++) {
      sorted[i] = i + 1; // 1..1000 µs
    }
    FrameLatencyCdfs.Ccdf ccdf = FrameLatencyCdfs.ccdf(sorted);
    assertEquals(1, latencyAt(ccdf, 1.0));
    assertEquals(500, latencyAt(ccdf, Math.pow(10, -6.0 / 20)), 1, "10^-0.3 ≈ 0.501: the median");
    assertEquals(900, latencyAt(ccdf, 0.1), "100 of 1000 frames are later than 900 µs");
    assertEquals(990, latencyAt(ccdf, 0.01));
    assertEquals(999, latencyAt(ccdf, 0.001), "p99.9: one frame is later");
    assertEquals(
        3 * FrameLatencyCdfs.POINTS_PER_DECADE + 1,
        ccdf.fractionLater().length,
        "down to one frame in 1000, no further");
    for (int i = 1; i < ccdf.latencyMicros().length; i++) {
      assertTrue(ccdf.latencyMicros()[i] >= ccdf.latencyMicros()[i - 1], "x ascending");
      assertTrue(ccdf.fractionLater()[i] < ccdf.fractionLater()[i - 1], "y descending");
    }
  }

  @Test
  void shouldKeepTheDistributionOfEveryArrivedFrameOfEveryRunWhenReadingASweep()
      throws IOException {
    writeRun(0, 101);
    writeRun(1, 101);
    try (RunsCsvWriter runs =
        RunsCsvWriter.open(directory.resolve(RunsCsv.FILE_NAME), 0, List.of("workload"))) {
      for (int run = 0; run < 2; run++) {
        runs.append(
            new RunRecord(
                "media", "c4", run, 1, 1L, 1L, 1L, 0.1, 1L, 1L, Map.of("workload", "moq")));
      }
      // a scenario without frames on disk contributes nothing
      runs.append(
          new RunRecord("alone", "c4", 0, 1, 1L, 1L, 1L, 0.1, null, null, Map.of("workload", "")));
    }

    FrameLatencyCdfs cdfs = FrameLatencyCdfs.read(List.of(directory));

    assertEquals(List.of("media"), cdfs.scenarios());
    FrameLatencyCdfs.Ccdf ccdf = cdfs.of("media").get("vmid").get("c4 (moq)");
    // 200 arrived frames, each latency twice: 1..100 ms; the cancelled frame is left out
    assertEquals(200, ccdf.frames());
    assertEquals(1000, ccdf.latencyMicros()[0], "every frame is later than nothing below 1 ms");
    assertEquals(1.0, ccdf.fractionLater()[0]);
    // at most 10 % of 1,1,2,2,…,100,100 ms are later than 90 ms (exactly 20 frames)
    assertEquals(90_000, latencyAt(ccdf, 0.1));
    // at most 1 % (2 frames) are later than 99 ms
    assertEquals(99_000, latencyAt(ccdf, 0.01));
    // the timeline is run 0's, each frame at its capture time
    FrameLatencyCdfs.Timeline timeline = cdfs.timelines("media").get("vmid").get("c4 (moq)");
    assertEquals(0, timeline.run());
    assertEquals(100, timeline.latencyMicros().length, "run 0's arrived frames only");
    assertEquals(33_333, timeline.captureMicros()[1]);
    assertEquals(2000, timeline.latencyMicros()[1]);
    assertTrue(
        HtmlReport.render(TinyCase.model(false), cdfs).contains("vmid: frames later than x"));
    assertArrayEquals(new String[0], FrameLatencyCdfs.none().scenarios().toArray());
  }
}

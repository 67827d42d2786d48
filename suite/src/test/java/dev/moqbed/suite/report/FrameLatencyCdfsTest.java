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

  @Test
  void shouldKeepQuantilesOfEveryArrivedFrameOfEveryRunWhenReadingASweep() throws IOException {
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
    double[] quantiles = cdfs.of("media").get("vmid").get("c4 (moq)");
    assertEquals(FrameLatencyCdfs.POINTS + 1, quantiles.length);
    // 200 arrived frames, each latency twice: 1..100 ms; the cancelled frame is left out
    assertEquals(1000, quantiles[0]);
    assertEquals(100_000, quantiles[FrameLatencyCdfs.POINTS]);
    // the median sits at position 0.5 × 199 = 99.5 of 1,1,2,2,…: halfway between 50 and 51 ms
    assertEquals(50_500, quantiles[100], 1e-9);
    assertTrue(HtmlReport.render(TinyCase.model(false), cdfs).contains("vmid frame latency CDF"));
    assertArrayEquals(new String[0], FrameLatencyCdfs.none().scenarios().toArray());
  }
}

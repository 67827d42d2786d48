package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.NativeQuic;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.moq.ChainFairness;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code live run fair_cubic} with 3 s of media, one run, Cubic on the project's stack for both the
 * media and the bulk download, through the emulator: the download crosses the down link beside the
 * media and is waited for, and the row carries the fairness columns the report's fairness table
 * reads. Bounds are loose: a loaded host slows the run, not the link's rate.
 */
@Tag("network")
class LiveFairnessNetworkTest {
  @TempDir Path directory;

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldDownloadTheBulkFlowBesideTheMediaAndWriteAFairnessRow() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    Path out = directory.resolve("live");
    Path qlog = directory.resolve("qlog");
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "live",
              "run",
              "fair_cubic",
              "--cc",
              "cubic",
              "--duration",
              "3s",
              "--warmup",
              "0",
              "--format",
              "csv",
              "--out",
              out.toString(),
              "--qlog",
              qlog.toString()
            },
            new PrintWriter(stdout),
            new PrintWriter(stderr));
    assertEquals(0, exitCode, stderr.toString());
    String progress = stderr.toString();
    assertTrue(
        progress.contains("bulk download of 15000000 bytes (cubic on moqbed's QUIC stack)"),
        progress);
    assertTrue(progress.contains("bulk 15000000 of 15000000 bytes in "), progress);
    // the relay's, the publisher's and the subscriber's ends, and both ends of the download
    assertTrue(progress.contains("live: 6 qlog files"), progress);
    try (Stream<Path> files = Files.list(qlog)) {
      assertEquals(
          List.of("cubic-run0-bulk_client", "cubic-run0-bulk_server"),
          files
              .map(file -> file.getFileName().toString())
              .filter(name -> name.startsWith("cubic-run0-bulk"))
              .map(name -> name.substring(0, name.indexOf('_', name.indexOf('_') + 1)))
              .sorted()
              .collect(Collectors.toList()));
    }

    RunsFile runs = RunsCsv.read(out.resolve(RunsCsv.FILE_NAME));
    assertEquals(ChainFairness.EXTRA_COLUMNS, runs.extraColumns());
    assertEquals(1, runs.records().size());
    RunRecord record = runs.records().get(0);
    assertEquals("live:cubic", record.controller());
    assertEquals("moq", record.extra().get("workload"));
    assertEquals("330", record.extra().get("frames_sent"), "3 s of the draft's mix");
    long stalls = Long.parseLong(record.extra().get("media_stalls"));
    // 150 audio datagrams and the 84 vlow frames from 200 ms are checked
    assertTrue(stalls >= 0 && stalls <= 234, "stalls " + stalls);
    long bulk = Long.parseLong(record.extra().get("bulk_completion_us"));
    // 15 MB through a 20 Mbit/s link takes 6 s at the least; the run waits 60 s at most
    assertTrue(bulk > 5_900_000 && bulk < 60_000_000, "bulk completion " + bulk);
    assertTrue(Files.isRegularFile(new FramesDirectory(out).file("fair_cubic", "live:cubic", 0)));

    StringWriter report = new StringWriter();
    StringWriter reportErr = new StringWriter();
    int reportExit =
        MoqbedCommand.run(
            new String[] {"report", out.toString()},
            new PrintWriter(report),
            new PrintWriter(reportErr));
    assertEquals(0, reportExit, reportErr.toString());
    assertTrue(
        report.toString().contains("| fair_cubic | live:cubic (moq) | 1 | "), report.toString());
  }
}

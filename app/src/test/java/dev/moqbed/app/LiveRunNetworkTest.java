package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.NativeQuic;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsFile;
import dev.moqbed.suite.report.FrameLatencyCdfs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code live run media_wb} for 3 s, one run, Cubic on the project's stack, through the emulator:
 * end to end, and its runs.csv and frames file read by the report's own code.
 */
@Tag("network")
class LiveRunNetworkTest {
  @TempDir Path directory;

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldWriteARunTheReportReadsAsALiveMoqChainRun() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    Path out = directory.resolve("live");
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "live",
              "run",
              "media_wb",
              "--cc",
              "cubic",
              "--transport",
              "moqbed",
              "--duration",
              "3s",
              "--warmup",
              "0",
              "--format",
              "csv",
              "--out",
              out.toString()
            },
            new PrintWriter(stdout),
            new PrintWriter(stderr));
    assertEquals(0, exitCode, stderr.toString());
    assertTrue(stderr.toString().contains("cubic on moqbed, run 1/1"), stderr.toString());
    assertTrue(stdout.toString().contains("media_wb,live:cubic,0,1,a1,"), stdout.toString());

    RunsFile runs = RunsCsv.read(out.resolve(RunsCsv.FILE_NAME));
    assertEquals(MoqChainSimulation.EXTRA_COLUMNS, runs.extraColumns());
    List<RunRecord> records = runs.records();
    assertEquals(1, records.size());
    RunRecord record = records.get(0);
    assertEquals("live:cubic", record.controller());
    assertEquals("true", record.extra().get("completed"));
    assertEquals(MoqChainSimulation.WORKLOAD, record.extra().get("workload"));
    // 3 s of the draft's mix: 150 audio datagrams, 90 frames per video layer, all sent
    assertEquals("330", record.extra().get("frames_sent"));
    assertTrue(record.mediaAverageLatencyMicros() > 1_000, record.toString());
    // from the first object to the chain's end: the 3 s of media less at most one frame interval
    assertTrue(record.completionTimeMicros() >= 2_960_000, record.toString());

    Path frames = new FramesDirectory(out).file("media_wb", "live:cubic", 0);
    assertTrue(Files.isRegularFile(frames), frames.toString());
    LatencyLogAssertions.assertLogsEveryFrame(frames);
    FrameLatencyCdfs cdfs = FrameLatencyCdfs.read(List.of(out));
    assertEquals(List.of("media_wb"), cdfs.scenarios());
    var audio = cdfs.of("media_wb").get("a1").get("live:cubic (moq)");
    assertTrue(audio.frames() > 100, "audio frames charted: " + audio.frames());

    Path html = directory.resolve("report.html");
    StringWriter reportErr = new StringWriter();
    int reportExit =
        MoqbedCommand.run(
            new String[] {"report", out.toString(), "--html", html.toString()},
            new PrintWriter(new StringWriter()),
            new PrintWriter(reportErr));
    assertEquals(0, reportExit, reportErr.toString());
    assertTrue(Files.readString(html).contains("live:cubic"));
  }
}

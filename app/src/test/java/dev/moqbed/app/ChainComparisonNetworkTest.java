package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.output.Json;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.report.ControllerTraces;
import dev.moqbed.suite.report.FrameLatencyCdfs;
import dev.moqbed.suite.report.HtmlReport;
import dev.moqbed.suite.report.ReportModel;
import dev.moqbed.suite.report.RunSet;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code moqbed chain --cc LIST}: chains per controller in rotated rounds, each on its stack; one
 * table of runs for tools, medians, verdicts and the host's noise for people, no winner in A/A.
 */
@Tag("network")
class ChainComparisonNetworkTest {

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldRunOneChainPerControllerAndRoundOnItsOwnStackAndPrintOneTable() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--cc",
              "c4,quiche:cubic",
              "--runs",
              "1",
              "--duration",
              "2s",
              "--subscribers",
              "1",
              "--warmup",
              "0s",
              "--late",
              "0",
              "--format",
              "csv"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    assertTrue(err.toString().contains("run 1/2: c4, round 1/1"), err.toString());
    assertTrue(err.toString().contains("run 2/2: quiche:cubic, round 1/1"), err.toString());
    assertTrue(err.toString().contains("warning: no --link"), err.toString());
    List<String> lines = Arrays.asList(out.toString().strip().split("\r?\n"));
    List<String> header = Arrays.asList(lines.get(0).split(","));
    assertEquals(
        List.of("cc", "round", "repeated", "a1_p50_us", "a1_p99_us", "vlow_mean_us"),
        header.subList(0, 6));
    int audioDelivered = header.indexOf("a1_delivered_pct");
    int vlowDelivered = header.indexOf("vlow_delivered_pct");
    assertEquals(3, lines.size(), out.toString());
    for (String line : lines.subList(1, 3)) {
      String[] cells = line.split(",");
      assertTrue(List.of("c4", "quiche:cubic").contains(cells[0]), line);
      // every audio datagram and every vlow frame of 2 s
      assertEquals(100.0, Double.parseDouble(cells[audioDelivered]), line);
      assertEquals(100.0, Double.parseDouble(cells[vlowDelivered]), line);
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldWriteOneRunPerControllerThatReportReadsAndCharts(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("live");
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--cc",
              "c4,quiche:cubic",
              "--runs",
              "1",
              "--duration",
              "2s",
              "--subscribers",
              "2",
              "--warmup",
              "0s",
              "--format",
              "csv",
              "--out",
              out.toString()
            },
            new PrintWriter(new StringWriter()),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    RunSet runs = RunSet.read(List.of(out));
    assertEquals(2, runs.records().size(), "one run per controller");
    for (String controller : List.of("c4", "quiche:cubic")) {
      RunRecord run = runs.runs("live", controller).get(0);
      assertEquals("true", run.extra().get("completed"), controller);
      assertEquals(
          controller.startsWith("quiche") ? "loopback-quiche" : "loopback-moqbed",
          run.extra().get("host"));
      // both subscribers' frames: 2 s of audio at 50 per second, twice
      assertTrue(run.extra().get("media_streams").startsWith("a1:200:"), run.extra().toString());
      assertEquals("0", run.extra().get("records_dropped"));
      for (Path frames : new FramesDirectory(out).runFiles("live", controller)) {
        LatencyLogAssertions.assertLogsEveryFrame(frames);
      }
      assertEquals(1, new FramesDirectory(out).runFiles("live", controller).size(), controller);
    }
    ReportModel model = ReportModel.build(List.of(out.toString()), runs, null);
    assertEquals(2, model.moqChain().rows().size(), "one row per controller");
    FrameLatencyCdfs cdfs = FrameLatencyCdfs.read(List.of(out));
    for (String controller : List.of("c4", "quiche:cubic")) {
      FrameLatencyCdfs.Ccdf audio = cdfs.of("live").get("a1").get(controller + " (moq)");
      assertEquals(200, audio.frames(), controller);
    }
    String html = HtmlReport.render(model, cdfs, ControllerTraces.read(List.of(out)));
    assertTrue(html.contains("c4 (moq)") && html.contains("quiche:cubic (moq)"));
  }

  /**
   * The same controller twice, six rounds: whatever the host does, no winner may be declared (the
   * minimum effect and the intervals are what keep the host's noise from ranking controllers).
   */
  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  @SuppressWarnings("unchecked")
  void shouldDeclareNoWinnerWhenTheSameControllerRunsTwice() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--cc",
              "c4,c4",
              "--runs",
              "6",
              "--duration",
              "2s",
              "--subscribers",
              "1",
              "--warmup",
              "1s",
              "--format",
              "json"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    assertTrue(!err.toString().contains("warning: no --link"), "A/A needs no bottleneck warning");
    Map<String, Object> document = (Map<String, Object>) Json.parse(out.toString());
    List<Map<String, Object>> controllers = (List<Map<String, Object>>) document.get("controllers");
    assertEquals(List.of("c4#1", "c4#2"), controllers.stream().map(c -> c.get("cc")).toList());
    for (Map<String, Object> controller : controllers) {
      assertEquals(6, ((List<Object>) controller.get("runs")).size());
    }
    List<Map<String, Object>> verdicts = (List<Map<String, Object>>) document.get("verdicts");
    assertTrue(verdicts.size() >= 11, "every metric of the draft mix: " + verdicts.size());
    for (Map<String, Object> verdict : verdicts) {
      assertTrue(verdict.get("winner") == null, "A/A declared a winner: " + verdict);
      assertTrue(
          List.of("no_difference").contains(verdict.get("outcome")),
          "six pairs give an interval: " + verdict);
    }
    assertTrue(
        ((List<String>) document.get("notes")).stream().anyMatch(n -> n.startsWith("A/A")),
        document.get("notes").toString());
  }

  /** SIGTERM (as Ctrl-C) in the middle of the rounds: the runs so far are summarized, not lost. */
  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldSummarizeTheRunsSoFarWhenStopped(@TempDir Path directory) throws Exception {
    Path stdout = directory.resolve("out.txt");
    String javaBinary = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                javaBinary,
                "-cp",
                System.getProperty("java.class.path"),
                MoqbedCommand.class.getName(),
                "chain",
                "--cc",
                "c4,cubic",
                "--runs",
                "6",
                "--duration",
                "2s",
                "--subscribers",
                "1",
                "--warmup",
                "0",
                "--interval",
                "0")
            .redirectOutput(stdout.toFile())
            .start();
    StringBuilder err = new StringBuilder();
    try (java.io.BufferedReader lines =
        new java.io.BufferedReader(
            new java.io.InputStreamReader(
                process.getErrorStream(), java.nio.charset.StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        err.append(line).append('\n');
        if (line.contains("run 3/12")) {
          process.toHandle().destroy(); // SIGTERM (the JVM runs its hooks), streams left open
        }
      }
    }
    assertTrue(process.waitFor(30, TimeUnit.SECONDS), "ended");
    String out = java.nio.file.Files.readString(stdout);
    assertTrue(err.toString().contains("interrupted after 2 of 12 runs"), err.toString());
    assertTrue(out.contains("Per controller, the median over its runs"), out);
    assertTrue(
        out.contains("2 run(s) per controller") || out.contains("1 run(s) per controller"), out);
  }

  @Test
  void shouldRefuseSeparateStacksWithAListOfControllers() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {"chain", "--cc", "c4,cubic", "--relay-transport", "moqbed"},
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(2, exitCode, err.toString());
    assertTrue(err.toString().contains("drop --relay-transport"), err.toString());
  }
}

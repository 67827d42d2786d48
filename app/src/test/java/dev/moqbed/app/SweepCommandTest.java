package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {
  @TempDir Path temporary;

  private record Result(int exitCode, String out, String err) {
    void assertOneLineError(int expectedExit, String expectedStart) {
      assertEquals(expectedExit, exitCode, err);
      assertEquals("", out);
      assertTrue(err.startsWith("moqbed: " + expectedStart), err);
      assertEquals(1, err.lines().count(), err);
    }
  }

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  private String out(String name) {
    return temporary.resolve(name).toString();
  }

  @Test
  void shouldExitTwoWhenShardIsNotIOverN() {
    run("sweep", "--out", out("a"), "--shard", "4/4")
        .assertOneLineError(2, "Invalid value for option '--shard': shard must be I/N");
    run("sweep", "--out", out("a"), "--shard", "two")
        .assertOneLineError(2, "Invalid value for option '--shard'");
    assertFalse(Files.exists(temporary.resolve("a")), "nothing made for bad arguments");
  }

  @Test
  void shouldExitTwoWhenScenarioIsUnknown() {
    run("sweep", "--out", out("a"), "--scenarios", "alone,nowhere")
        .assertOneLineError(2, "unknown scenario 'nowhere' in suite c4-test; valid: alone, ");
  }

  @Test
  void shouldExitTwoWhenTheMoqWorkloadIsAskedForAScenarioWithoutMedia() {
    run("sweep", "--out", out("a"), "--workload", "moq", "--scenarios", "media,alone")
        .assertOneLineError(
            2,
            "scenario 'alone' cannot run with the moq workload: it needs media, and alone carries"
                + " none");
    run("sweep", "--out", out("a"), "--workload", "quicperf")
        .assertOneLineError(2, "Invalid value for option '--workload': unknown workload");
    assertFalse(Files.exists(temporary.resolve("a")));
  }

  @Test
  void shouldExitTwoWhenTheFairnessSuiteIsAskedForADraftScenario() {
    run("sweep", "--suite", "fairness", "--out", out("f"), "--scenarios", "alone")
        .assertOneLineError(2, "unknown scenario 'alone' in suite fairness; valid: fair_newreno, ");
    run("sweep", "--suite", "nope", "--out", out("f"))
        .assertOneLineError(2, "unknown suite 'nope'; valid: c4-test, fairness");
    assertFalse(Files.exists(temporary.resolve("f")));
  }

  @Test
  void shouldRunTheMediaScenariosThroughTheMoqChainAndWriteTheirFramesWhenAskedTo()
      throws java.io.IOException {
    Result result =
        run(
            "sweep",
            "--out",
            out("m"),
            "--workload",
            "moq",
            "--cc",
            "c4",
            "--runs",
            "2",
            "--scenarios",
            "media");
    assertEquals(0, result.exitCode(), result.err());
    RunsFile runs = RunsCsv.read(temporary.resolve("m/runs.csv"));
    assertEquals(2, runs.records().size());
    assertEquals("moq", runs.records().get(0).extra().get("workload"));
    assertTrue(Files.isRegularFile(temporary.resolve("m/frames/media/c4/run-0001.csv.gz")));
    Result report = run("report", out("m"));
    assertEquals(0, report.exitCode(), report.err());
    assertTrue(report.out().contains("## The MoQ chain"), report.out());
  }

  @Test
  void shouldExitTwoWhenControllerOrSuiteIsUnknown() {
    run("sweep", "--out", out("a"), "--cc", "c4,vegas")
        .assertOneLineError(2, "unknown congestion controller 'vegas'");
    run("sweep", "--out", out("a"), "--suite", "other")
        .assertOneLineError(2, "unknown suite 'other'; valid: c4-test");
  }

  @Test
  void shouldRunResumeAndReportASmallRealSweep() throws Exception {
    String directory = out("real");
    Result first =
        run(
            "sweep",
            "--scenarios",
            "alone_512k",
            "--cc",
            "cubic,cubic:flavor=rfc,hystart=off",
            "--runs",
            "1",
            "--out",
            directory,
            "--threads",
            "2");
    assertEquals(0, first.exitCode(), first.err());
    assertTrue(first.out().contains("2 runs of shard 0/1 (0 were already there, 2 run now)"));
    RunsFile runs = RunsCsv.read(Path.of(directory, RunsCsv.FILE_NAME));
    assertEquals(2, runs.records().size());
    assertEquals(
        List.of(
            "completed",
            "main_packets_lost",
            "main_bytes_sent",
            "events",
            "simulated_us",
            "media_passed",
            "media_streams",
            "stop_sending",
            "frames_cancelled"),
        runs.extraColumns());
    assertTrue(
        runs.records().stream()
            .allMatch(
                r -> r.completionTimeMicros() != null && r.completionTimeMicros() > 15_000_000),
        "1 MB at 512 kbit/s takes more than 15 s");

    Result again =
        run(
            "sweep",
            "--scenarios",
            "alone_512k",
            "--cc",
            "cubic,cubic:flavor=rfc,hystart=off",
            "--runs",
            "1",
            "--out",
            directory);
    assertEquals(0, again.exitCode(), again.err());
    assertTrue(again.out().contains("(2 were already there, 0 run now)"), again.out());

    Result mismatched =
        run(
            "sweep",
            "--scenarios",
            "alone_512k",
            "--cc",
            "cubic",
            "--runs",
            "1",
            "--out",
            directory);
    mismatched.assertOneLineError(
        2,
        directory
            + " holds another sweep (cc cubic here, cubic,cubic:flavor=rfc,hystart=off in "
            + directory
            + "): resume it with its own arguments, or choose another --out");

    Result report =
        run("report", directory, "--reference", "../reference/c4-test-05-published.csv");
    assertEquals(0, report.exitCode(), report.err());
    assertTrue(report.out().contains("| alone_512k | "), report.out());
    assertTrue(report.out().contains("| cubic:flavor=rfc,hystart=off |"), report.out());

    Path html = temporary.resolve("report.html");
    Result withHtml = run("report", directory, "--format", "csv", "--html", html.toString());
    assertEquals(0, withHtml.exitCode(), withHtml.err());
    assertTrue(withHtml.out().startsWith("group,scenario,metric,cc,"), withHtml.out());
    assertTrue(Files.readString(html).contains("\"kind\":\"bars\""), "the charts' data");
  }

  @Test
  void shouldExitTwoWhenReportInputIsMissingOrFormatUnknown() {
    run("report", out("nothing")).assertOneLineError(2, out("nothing") + ": no such directory");
    run("report", out("nothing"), "--format", "pdf")
        .assertOneLineError(2, "Invalid value for option '--format'");
  }

  @Test
  void shouldSplitControllerOptionsFromTheListOfControllers() {
    assertEquals(
        List.of("c4", "cubic:flavor=rfc,hystart=off", "bbr"),
        SweepCommand.controllers("c4, cubic:flavor=rfc,hystart=off ,bbr,c4"));
  }

  /**
   * SIGTERM (as Ctrl-C) in the middle of a sweep: it says how many runs are kept and that the same
   * command resumes, and the same command then completes the sweep.
   */
  @Test
  @org.junit.jupiter.api.Timeout(value = 120, unit = java.util.concurrent.TimeUnit.SECONDS)
  void shouldSayWhatIsKeptWhenStoppedAndResume(@org.junit.jupiter.api.io.TempDir Path directory)
      throws Exception {
    Path out = directory.resolve("sweep");
    String[] sweep = {
      "sweep",
      "--suite",
      "c4-test",
      "--scenarios",
      "alone",
      "--cc",
      "c4,bbr,cubic",
      "--runs",
      "40",
      "--threads",
      "1",
      "--out",
      out.toString()
    };
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                MoqbedCommand.class.getName()));
    command.addAll(List.of(sweep));
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(directory.resolve("err.txt").toFile())
            .start();
    Path runs = out.resolve("runs.csv");
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < deadline
        && (!java.nio.file.Files.exists(runs)
            || java.nio.file.Files.readAllLines(runs).size() < 4)) {
      Thread.sleep(20);
    }
    process.toHandle().destroy(); // SIGTERM: the JVM runs its shutdown hooks
    assertTrue(process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
    String err = java.nio.file.Files.readString(directory.resolve("err.txt"));
    assertTrue(err.contains("moqbed sweep: interrupted: "), err);
    assertTrue(err.contains("runs kept"), err);
    assertTrue(err.contains("run the same command to resume"), err);
    // the same command completes what is missing
    StringWriter resumedOut = new StringWriter();
    StringWriter resumedErr = new StringWriter();
    assertEquals(
        0,
        MoqbedCommand.run(sweep, new PrintWriter(resumedOut), new PrintWriter(resumedErr)),
        resumedErr.toString());
    assertTrue(resumedOut.toString().contains("120 runs of shard"), resumedOut.toString());
  }
}

package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.RunsCsv;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --background-cc} from the command line: refused values, a sweep that records it and is
 * resumed only with it, {@code scenario run} giving the same run, and {@code report
 * --against-reference} on the result.
 */
class BackgroundCcOptionTest {
  private static final Path MASTER_REFERENCE =
      Path.of("..", "reference", "picoquic-d199d45b-c4-30runs.csv");

  @TempDir Path temporary;

  private record Result(int exitCode, String out, String err) {
    void assertOneLineError(String expectedStart) {
      assertEquals(2, exitCode, err);
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

  private String path(String name) {
    return temporary.resolve(name).toString();
  }

  @Test
  void shouldRefuseAValueThatNamesNoRuleBeforeAnyRun() {
    String option = "Invalid value for option '--background-cc': ";
    run("sweep", "--out", path("a"), "--background-cc", "vegas")
        .assertOneLineError(option + "unknown congestion controller 'vegas'; valid: ");
    run("sweep", "--out", path("a"), "--background-cc", "c4:variant=v4,c4")
        .assertOneLineError(option + "two controllers of the c4 family (c4:variant=v4, c4)");
    run("sweep", "--out", path("a"), "--background-cc", "")
        .assertOneLineError(option + "empty: give file, same or a controller spec");
    run("scenario", "run", "vs_c4", "--background-cc", "same,c4:variant=v4")
        .assertOneLineError(option + "'same' stands alone, not in a list of controllers");
    assertFalse(Files.exists(temporary.resolve("a")), "nothing made for a bad value");
  }

  @Test
  void shouldRecordTheRuleResumeOnlyWithItAndCompareWithTheReference() throws IOException {
    String sweep = path("v4");
    String[] arguments = {
      "sweep",
      "--scenarios",
      "vs_c4,vs_cubic",
      "--cc",
      "c4:variant=v4",
      "--background-cc",
      "same",
      "--runs",
      "2",
      "--threads",
      "1",
      "--out",
      sweep
    };
    Result made = run(arguments);
    assertEquals(0, made.exitCode(), made.err());
    assertTrue(
        Files.readString(temporary.resolve("v4/sweep.json"), StandardCharsets.UTF_8)
            .contains("\"background_cc\": \"same\""));
    List<RunRecord> rows = RunsCsv.read(temporary.resolve("v4/runs.csv")).records();
    assertEquals(4, rows.size());
    for (RunRecord row : rows) {
      assertEquals(
          row.scenario().equals("vs_c4") ? "c4:variant=v4" : "cubic",
          row.extra().get("background_cc"),
          row.toString());
    }
    arguments[6] = "file";
    run(arguments)
        .assertOneLineError(
            sweep + " holds another sweep (background_cc file here, same in " + sweep + ")");

    Result report =
        run(
            "report",
            sweep,
            "--against-reference",
            MASTER_REFERENCE.toString(),
            "--reference-cc",
            "c4=c4:variant=v4");
    assertEquals(0, report.exitCode(), report.err());
    assertTrue(
        report
            .out()
            .contains(
                "note:  "
                    + temporary.resolve("v4/runs.csv")
                    + ": background connections ran c4:variant=v4 in 2 runs, cubic in 2"
                    + " (--background-cc)"),
        report.out());
    assertTrue(report.out().contains("vs_c4     c4:variant=v4  time"), report.out());
  }

  @Test
  void shouldRunWhatTheSweepRunsWhenScenarioRunIsGivenTheSameRule() throws IOException {
    Result sweep =
        run(
            "sweep",
            "--scenarios",
            "vs_c4",
            "--cc",
            "c4:variant=v4",
            "--background-cc",
            "c4:variant=v4",
            "--runs",
            "1",
            "--out",
            path("s"));
    assertEquals(0, sweep.exitCode(), sweep.err());
    Result single =
        run(
            "scenario",
            "run",
            "vs_c4",
            "--cc",
            "c4:variant=v4",
            "--background-cc",
            "same",
            "--runs",
            "1",
            "--out",
            path("r"));
    assertEquals(0, single.exitCode(), single.err());
    assertTrue(
        single
            .err()
            .contains(
                "scenario run: the background connections run c4:variant=v4 (--background-cc"
                    + " same)"),
        single.err());
    RunRecord swept = RunsCsv.read(temporary.resolve("s/runs.csv")).records().get(0);
    RunRecord alone = RunsCsv.read(temporary.resolve("r/runs.csv")).records().get(0);
    assertEquals(swept.completionTimeMicros(), alone.completionTimeMicros());
    assertEquals(swept.rttAverageMicros(), alone.rttAverageMicros());
    assertEquals("c4:variant=v4", alone.extra().get("background_cc"));
    // a spec file takes the rule too (its qlog_dir line dropped, so nothing is written beside)
    Path spec = temporary.resolve("c4_vs_c4.txt");
    Files.writeString(
        spec,
        Files.readString(Path.of("..", "reference", "sim_specs", "c4_vs_c4.txt"))
            .replaceAll("(?m)^qlog_dir:.*$", ""));
    Result fromFile =
        run(
            "scenario",
            "run",
            "--spec",
            spec.toString(),
            "--cc",
            "c4:variant=v4",
            "--background-cc",
            "same",
            "--runs",
            "1",
            "--out",
            path("p"));
    assertEquals(0, fromFile.exitCode(), fromFile.err());
    assertFalse(fromFile.err().contains("qlog"), fromFile.err());
    RunRecord specRow = RunsCsv.read(temporary.resolve("p/runs.csv")).records().get(0);
    assertEquals(alone.completionTimeMicros(), specRow.completionTimeMicros());
    assertEquals("c4:variant=v4", specRow.extra().get("background_cc"));
    Result noBackground =
        run("scenario", "run", "alone_512k", "--background-cc", "same", "--runs", "1");
    assertEquals(0, noBackground.exitCode(), noBackground.err());
    assertTrue(
        noBackground
            .err()
            .contains(
                "scenario run: alone_512k has no background connection; --background-cc changes"
                    + " nothing"),
        noBackground.err());
    Result without =
        run("scenario", "run", "vs_c4", "--cc", "c4:variant=v4", "--runs", "1", "--out", path("f"));
    assertEquals(0, without.exitCode(), without.err());
    RunRecord file = RunsCsv.read(temporary.resolve("f/runs.csv")).records().get(0);
    assertFalse(file.extra().containsKey("background_cc"));
    assertFalse(
        file.completionTimeMicros().equals(alone.completionTimeMicros()),
        "a v4 background is not the file's c4");
  }
}

package dev.moqbed.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.RunRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepTest {
  private static final SweepArguments ARGUMENTS =
      new SweepArguments(
          "c4-test",
          Workload.DRAFT,
          List.of("alone", "media"),
          List.of("c4", "cubic:flavor=rfc,hystart=off"),
          5,
          7,
          Shard.WHOLE);

  @TempDir Path temporary;

  private static Sweep sweep(ScenarioRunner runner, int threads) {
    return new Sweep(runner, TestRunner.EXTRA_COLUMNS, threads, SweepProgress.silent());
  }

  /** The data lines of a runs.csv, sorted: the content, whatever the order of completion. */
  private static List<String> sortedRows(Path directory) throws IOException {
    String text = Files.readString(directory.resolve(RunsCsv.FILE_NAME), StandardCharsets.UTF_8);
    RunsFile file = RunsCsv.parse(text, "runs.csv");
    assertFalse(file.partialLastLine());
    List<String> rows = new ArrayList<>();
    for (RunRecord record : file.records()) {
      rows.add(RunsCsv.recordLine(record, TestRunner.EXTRA_COLUMNS));
    }
    Collections.sort(rows);
    return rows;
  }

  @Test
  void shouldWriteEveryJobOnceWhenSweepCompletes() throws IOException {
    TestRunner runner = new TestRunner();
    Sweep.Outcome outcome = sweep(runner, 3).run(ARGUMENTS, temporary);

    assertEquals(new Sweep.Outcome(20, 0, 20), outcome);
    assertEquals(20, runner.calls.get());
    RunsFile file = RunsCsv.read(temporary.resolve(RunsCsv.FILE_NAME));
    Set<SweepJob> jobs = new HashSet<>();
    for (RunRecord record : file.records()) {
      assertEquals(
          TestRunner.record(record.scenario(), record.controller(), record.run(), 7), record);
      jobs.add(SweepJob.of(record));
    }
    assertEquals(new HashSet<>(ARGUMENTS.allJobs()), jobs);
    assertEquals(20, file.records().size());
    assertEquals(
        ARGUMENTS.toJson(),
        Files.readString(temporary.resolve(Sweep.ARGUMENTS_FILE), StandardCharsets.UTF_8));
  }

  @Test
  void shouldWriteSameRowsWhateverTheThreadCount() throws IOException {
    sweep(new TestRunner(), 1).run(ARGUMENTS, temporary.resolve("one"));
    sweep(new TestRunner(), 8).run(ARGUMENTS, temporary.resolve("eight"));
    assertEquals(sortedRows(temporary.resolve("one")), sortedRows(temporary.resolve("eight")));
  }

  @Test
  void shouldResumeWithoutLossWhenKilledInTheMiddleOfALine() throws IOException {
    Path whole = temporary.resolve("whole");
    sweep(new TestRunner(), 2).run(ARGUMENTS, whole);
    String wholeText = Files.readString(whole.resolve(RunsCsv.FILE_NAME), StandardCharsets.UTF_8);

    // what a kill leaves: the arguments, the header, 8 complete rows and half of the 9th
    Path killed = temporary.resolve("killed");
    Files.createDirectories(killed);
    Files.copy(whole.resolve(Sweep.ARGUMENTS_FILE), killed.resolve(Sweep.ARGUMENTS_FILE));
    int end = 0;
    for (int line = 0; line < 1 + 8; line++) {
      end = wholeText.indexOf("\r\n", end) + 2; // no cell of the test runner holds a line break
    }
    int nextEnd = wholeText.indexOf("\r\n", end) + 2;
    String cut = wholeText.substring(0, end + (nextEnd - end) / 2);
    Files.writeString(killed.resolve(RunsCsv.FILE_NAME), cut, StandardCharsets.UTF_8);

    TestRunner runner = new TestRunner();
    Sweep.Outcome outcome = sweep(runner, 2).run(ARGUMENTS, killed);

    assertEquals(new Sweep.Outcome(20, 8, 12), outcome);
    assertEquals(12, runner.calls.get());
    assertEquals(sortedRows(whole), sortedRows(killed));
    assertTrue(
        Files.readString(killed.resolve(RunsCsv.FILE_NAME), StandardCharsets.UTF_8)
            .startsWith(wholeText.substring(0, end)),
        "the complete rows before the kill stay as they were");
  }

  @Test
  void shouldRunNothingWhenSweepIsRunAgainAfterItCompleted() throws IOException {
    sweep(new TestRunner(), 2).run(ARGUMENTS, temporary);
    byte[] before = Files.readAllBytes(temporary.resolve(RunsCsv.FILE_NAME));
    TestRunner runner = new TestRunner();

    Sweep.Outcome outcome = sweep(runner, 2).run(ARGUMENTS, temporary);

    assertEquals(new Sweep.Outcome(20, 20, 0), outcome);
    assertEquals(0, runner.calls.get());
    assertTrue(
        java.util.Arrays.equals(before, Files.readAllBytes(temporary.resolve(RunsCsv.FILE_NAME))));
  }

  @Test
  void shouldWriteEveryMediaRunsFramesBesideRunsCsvAndKeepThemOnResume() throws IOException {
    ScenarioRunner failing =
        (scenario, controller, run, seed) -> {
          if (scenario.equals("media") && controller.equals("c4") && run == 3) {
            throw new IllegalStateException("boom");
          }
          return TestRunner.completed(scenario, controller, run, seed);
        };
    assertThrows(SweepFailure.class, () -> sweep(failing, 1).run(ARGUMENTS, temporary));
    FramesDirectory frames = new FramesDirectory(temporary);
    assertEquals(3, frames.runFiles("media", "c4").size(), "media/c4 #0..#2 before the failure");
    assertEquals(List.of(), frames.runFiles("alone", "c4"), "no frames without media");

    sweep(new TestRunner(), 2).run(ARGUMENTS, temporary);

    assertEquals(5, frames.runFiles("media", "c4").size());
    List<Path> rfc = frames.runFiles("media", "cubic:flavor=rfc,hystart=off");
    assertEquals(5, rfc.size());
    assertEquals(
        temporary.resolve("frames/media/cubic_flavor=rfc+hystart=off/run-0004.csv.gz"), rfc.get(4));
    String run4;
    try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(rfc.get(4)))) {
      run4 = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertEquals(
        "run,track,copy,group,frame,kind,size_bytes,expected_us,arrival_us,latency_us,cancelled,"
            + "counted\n"
            + "4,vmid,0,4,0,I,1000,0,25004,25004,false,true\n"
            + "4,vmid,0,4,1,P,500,33333,-1,-1,true,true\n",
        run4);
    try (var files = Files.walk(temporary)) {
      assertEquals(0, files.filter(f -> f.toString().endsWith(".tmp")).count());
    }
  }

  @Test
  void shouldKeepWrittenRunsWhenARunFailsAndFinishOnResume() throws IOException {
    ScenarioRunner failing =
        (scenario, controller, run, seed) -> {
          if (scenario.equals("media") && run == 3) {
            throw new IllegalStateException("boom");
          }
          return TestRunner.completed(scenario, controller, run, seed);
        };
    SweepFailure failure =
        assertThrows(SweepFailure.class, () -> sweep(failing, 1).run(ARGUMENTS, temporary));
    assertTrue(failure.getMessage().startsWith("run media/c4/#3 failed: "), failure.getMessage());
    RunsFile partial = RunsCsv.read(temporary.resolve(RunsCsv.FILE_NAME));
    assertEquals(13, partial.records().size(), "10 alone runs and media/c4 #0..#2");

    sweep(new TestRunner(), 2).run(ARGUMENTS, temporary);

    Path whole = temporary.resolve("whole");
    sweep(new TestRunner(), 2).run(ARGUMENTS, whole);
    assertEquals(sortedRows(whole), sortedRows(temporary));
  }

  @Test
  void shouldRefuseToResumeWhenArgumentsDiffer() throws IOException {
    sweep(new TestRunner(), 2).run(ARGUMENTS, temporary);
    SweepArguments other =
        new SweepArguments(
            "c4-test",
            Workload.DRAFT,
            ARGUMENTS.scenarios(),
            ARGUMENTS.controllers(),
            6,
            8,
            Shard.WHOLE);
    TestRunner runner = new TestRunner();

    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> sweep(runner, 2).run(other, temporary));

    assertEquals(
        temporary
            + " holds another sweep (runs 6 here, 5 in "
            + temporary
            + "; seed 8 here, 7 in "
            + temporary
            + "): resume it with its own arguments, or choose another --out",
        error.getMessage());
    assertEquals(0, runner.calls.get());
  }

  @Test
  void shouldRefuseDirectoryWhenItHasRunsButNoArguments() throws IOException {
    Files.writeString(
        temporary.resolve(RunsCsv.FILE_NAME), RunsCsv.headerLine(TestRunner.EXTRA_COLUMNS));
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> sweep(new TestRunner(), 1).run(ARGUMENTS, temporary));
    assertTrue(error.getMessage().contains("no sweep.json"), error.getMessage());
  }

  @Test
  void shouldFailWhenRunnerAnswersAnotherJob() {
    ScenarioRunner confused =
        (scenario, controller, run, seed) ->
            CompletedRun.of(TestRunner.record(scenario, controller, run + 1, seed));
    SweepFailure failure =
        assertThrows(SweepFailure.class, () -> sweep(confused, 1).run(ARGUMENTS, temporary));
    assertTrue(
        failure.getMessage().contains("the runner answered alone/c4/#1"), failure.getMessage());
  }

  @Test
  void shouldRefuseThreadCountBelowOne() {
    assertThrows(IllegalArgumentException.class, () -> sweep(new TestRunner(), 0));
  }
}

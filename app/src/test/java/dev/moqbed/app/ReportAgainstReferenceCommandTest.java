package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.report.ReferenceRuns;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report DIR --against-reference FILE|DIR} from the command line: one sweep of 6 runs of
 * {@code alone} with c4, compared with itself, with its own {@code runs.csv}, with runs 20 %
 * slower, and with broken reference files.
 */
class ReportAgainstReferenceCommandTest {
  @TempDir static Path directory;
  private static Path sweep;
  private static List<RunRecord> records;

  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @BeforeAll
  static void sweep() throws IOException {
    sweep = directory.resolve("sweep");
    Result made =
        run("scenario", "run", "alone", "--cc", "c4", "--runs", "6", "--out", sweep.toString());
    assertEquals(0, made.exitCode(), made.err());
    records = RunsCsv.read(sweep.resolve(RunsCsv.FILE_NAME)).records();
    assertEquals(6, records.size());
  }

  /** A reference CSV of the sweep's runs with each time multiplied by {@code factor}. */
  private static Path reference(String name, double factor, int runs) throws IOException {
    return reference(name, "c4", factor, runs);
  }

  /** The same, the runs under the controller name {@code controller}. */
  private static Path reference(String name, String controller, double factor, int runs)
      throws IOException {
    StringBuilder csv = new StringBuilder(ReferenceRuns.HEADER + "\n");
    for (RunRecord record : records.subList(0, runs)) {
      csv.append(
          String.format(
              Locale.ROOT,
              "alone,%s,%d,%d,%d,%s,%n",
              controller,
              record.run(),
              Math.round(record.completionTimeMicros() * factor),
              record.rttAverageMicros(),
              record.load() == null ? "" : record.load().toString()));
    }
    return Files.writeString(directory.resolve(name), csv);
  }

  @Test
  void theSweepAgainstItselfIsWithinToleranceInEveryCell() {
    Result same = run("report", sweep.toString(), "--against-reference", sweep.toString());
    assertEquals(0, same.exitCode(), same.err());
    assertTrue(
        same.out().endsWith("\n3 cells: 3 within tolerance, 0 off, 0 not distinguishable\n"),
        same.out());
    assertTrue(
        same.out().contains("alone     c4  time     6/6  4.48 s  4.48 s  1.000"), same.out());
    Result runsCsv =
        run(
            "report",
            sweep.toString(),
            "--against-reference",
            sweep.resolve("runs.csv").toString(),
            "--format",
            "json");
    assertEquals(0, runsCsv.exitCode(), runsCsv.err());
    assertTrue(runsCsv.out().contains("\"within\": 3"), "a runs.csv is a reference file");
  }

  @Test
  void runsTwentyPercentSlowerAreOff() throws IOException {
    Result off =
        run(
            "report",
            sweep.toString(),
            "--against-reference",
            reference("slower.csv", 1.2, 6).toString(),
            "--format",
            "csv");
    assertEquals(0, off.exitCode(), off.err());
    List<String> lines = off.out().lines().toList();
    assertEquals(4, lines.size(), off.out());
    assertTrue(lines.get(1).startsWith("alone,c4,completion_time_us,6,6,"), lines.get(1));
    // decided cells: a mark, and no runs to decide nor leaning after the spreads and the fewest
    assertTrue(lines.get(1).matches(".*,off,[0-9.]+,[0-9.]+,[0-9]+,,$"), lines.get(1));
    assertTrue(lines.get(2).startsWith("alone,c4,rtt_avg_us,6,6,"), lines.get(2));
    assertTrue(lines.get(2).matches(".*,within,[0-9.]+,[0-9.]+,[0-9]+,,$"), lines.get(2));
    assertTrue(lines.get(3).startsWith("alone,c4,load,6,6,"), lines.get(3));
  }

  @Test
  void referenceCcSaysWhichOfTheReferencesControllersTheSweepsStandsFor() throws IOException {
    String other = reference("renamed.csv", "c4:variant=v5", 1, 6).toString();
    Result unmatched = run("report", sweep.toString(), "--against-reference", other);
    assertEquals(2, unmatched.exitCode());
    assertEquals(
        "moqbed: no (scenario, controller) of [" + sweep + "] is in " + other + "\n",
        unmatched.err());
    Result matched =
        run(
            "report",
            sweep.toString(),
            "--against-reference",
            other,
            "--reference-cc",
            "c4:variant=v5=c4");
    assertEquals(0, matched.exitCode(), matched.err());
    assertTrue(
        matched.out().endsWith("\n3 cells: 3 within tolerance, 0 off, 0 not distinguishable\n"),
        matched.out());
    assertTrue(matched.out().contains("alone     c4  time     6/6  4.48 s  4.48 s  1.000"));
    Result wrong =
        run("report", sweep.toString(), "--against-reference", other, "--reference-cc", "c4=c4");
    assertEquals(2, wrong.exitCode());
    assertEquals(
        "moqbed: --reference-cc c4=c4: expected REFERENCE_CC=CC, the reference's controller"
            + " (c4:variant=v5) = the sweep's (c4)\n",
        wrong.err());
    Result alone = run("report", sweep.toString(), "--reference-cc", "c4:variant=v5=c4");
    assertEquals(2, alone.exitCode());
  }

  @Test
  void picoSimResultLinesCompareTheTimes() throws IOException {
    StringBuilder lines = new StringBuilder();
    for (RunRecord record : records) {
      lines.append(
          String.format(
              Locale.ROOT,
              "Success, %d, %d, 0, 0, c4_alone%n",
              record.run(),
              record.completionTimeMicros()));
    }
    Path output = Files.writeString(directory.resolve("pico_sim.out"), lines);
    Result result = run("report", sweep.toString(), "--against-reference", output.toString());
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(
        result
            .out()
            .endsWith(
                "\n1 cell: 1 within tolerance, 0 off, 0 not distinguishable\n"
                    + "Not compared: 2 cells only one side measured, e.g. alone c4 RTT (sweep"
                    + " only).\n"),
        result.out());
  }

  @Test
  void writeReferenceKeepsTheRunsItReadAsACsvThatComparesTheSame() throws IOException {
    StringBuilder lines = new StringBuilder("picoquic_ns_n (./c4_alone.txt, 6) returns 0\n");
    for (RunRecord record : records) {
      // in reverse: the file lists runs by number whatever order pico_sim printed them in
      lines.insert(
          0,
          String.format(
              Locale.ROOT,
              "Success, %d, %d, 0, 0, c4_alone%n",
              record.run(),
              record.completionTimeMicros() + 1000));
    }
    Path output = Files.writeString(directory.resolve("pico_sim_kept.out"), lines);
    Path kept = directory.resolve("kept.csv");
    String[] fromLines = {"report", sweep.toString(), "--against-reference", output.toString()};
    Result first = run(concat(fromLines, "--write-reference", kept.toString()));
    assertEquals(0, first.exitCode(), first.err());
    StringBuilder expected = new StringBuilder(ReferenceRuns.HEADER + "\n");
    for (RunRecord record : records) {
      expected.append(
          String.format(
              Locale.ROOT,
              "alone,c4,%d,%d,,,%n",
              record.run(),
              record.completionTimeMicros() + 1000));
    }
    assertEquals(expected.toString(), Files.readString(kept));
    Result again = run("report", sweep.toString(), "--against-reference", kept.toString());
    assertEquals(first.out(), again.out().replace(kept.toString(), output.toString()));
    Result alone = run("report", sweep.toString(), "--write-reference", kept.toString());
    assertEquals(2, alone.exitCode());
    assertEquals(
        "moqbed: --write-reference writes what --against-reference read: give both\n", alone.err());
  }

  private static String[] concat(String[] first, String... more) {
    String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }

  @Test
  void badReferencesGetOneLineErrors() throws IOException {
    Result missing = run("report", sweep.toString(), "--against-reference", "no-such.csv");
    assertEquals(2, missing.exitCode());
    assertEquals("moqbed: --against-reference no-such.csv: no such file\n", missing.err());
    Path columns = Files.writeString(directory.resolve("columns.csv"), "scenario,cc,run,time\n");
    Result header = run("report", sweep.toString(), "--against-reference", columns.toString());
    assertEquals(2, header.exitCode());
    assertEquals(
        "moqbed: "
            + columns
            + ": no column completion_time_us, rtt_avg_us, load, media_avg_latency_us; the header"
            + " needs "
            + ReferenceRuns.HEADER
            + " (runs.csv's names and units)\n",
        header.err());
    Path one = reference("one.csv", 1, 1);
    Result single = run("report", sweep.toString(), "--against-reference", one.toString());
    assertEquals(2, single.exitCode());
    assertEquals(
        "moqbed: alone c4 time: 1 run in the reference "
            + one
            + "; a cell needs 2 runs on each side for an interval\n",
        single.err());
  }
}

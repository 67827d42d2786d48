package dev.moqbed.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunsCsvTest {
  private static final List<String> EXTRA = List.of("note", "events");

  private static RunRecord quoted() {
    return new RunRecord(
        "alone",
        "cubic:flavor=rfc,hystart=off",
        7,
        -3,
        4_500_000L,
        95_000L,
        12_345L,
        0.9692385969843198,
        null,
        null,
        Map.of("note", "a \"quoted\", multi\nline\r\nnote"));
  }

  @Test
  void shouldWriteStandardColumnsThenExtraColumnsInHeader() {
    assertEquals(
        "scenario,cc,run,seed,completion_time_us,rtt_avg_us,rtt_stddev_us,load,"
            + "media_avg_latency_us,media_max_latency_us,note,events\r\n",
        RunsCsv.headerLine(EXTRA));
  }

  @Test
  void shouldQuoteCellsWithCommasQuotesAndLineBreaksWhenWritingRecord() {
    assertEquals(
        "alone,\"cubic:flavor=rfc,hystart=off\",7,-3,4500000,95000,12345,0.9692385969843198,,,"
            + "\"a \"\"quoted\"\", multi\nline\r\nnote\",\r\n",
        RunsCsv.recordLine(quoted(), EXTRA));
  }

  @Test
  void shouldReadBackWhatItWroteWhenCellsNeedQuoting() {
    List<RunRecord> records = new ArrayList<>();
    records.add(quoted());
    for (int run = 0; run < 20; run++) {
      records.add(TestRunner.record("media_wb", "c4", run, 42));
    }
    StringBuilder text = new StringBuilder(RunsCsv.headerLine(EXTRA));
    records.forEach(r -> text.append(RunsCsv.recordLine(r, EXTRA)));

    RunsFile file = RunsCsv.parse(text.toString(), "runs.csv");

    assertEquals(RunsCsv.columns(EXTRA), file.columns());
    assertEquals(EXTRA, file.extraColumns());
    assertEquals(records, file.records());
    assertFalse(file.partialLastLine());
    assertEquals(text.toString().getBytes(StandardCharsets.UTF_8).length, file.completeBytes());
  }

  @Test
  void shouldReadLineFeedOnlyFiles() {
    String text =
        "scenario,cc,run,seed,completion_time_us,rtt_avg_us,rtt_stddev_us,load,"
            + "media_avg_latency_us,media_max_latency_us\n"
            + "alone,bbr,0,1,4682038,97812,9675,0.91,,\n";
    RunsFile file = RunsCsv.parse(text, "runs.csv");
    assertEquals(
        List.of(
            new RunRecord(
                "alone", "bbr", 0, 1, 4682038L, 97812L, 9675L, 0.91, null, null, Map.of())),
        file.records());
  }

  @Test
  void shouldIgnoreOnlyTheCutLineWhenFileIsCutAnywhere() {
    // every prefix of a valid file is what a kill can leave: the complete lines must read back,
    // the rest must be reported as partial, and nothing may throw
    List<RunRecord> records = List.of(quoted(), TestRunner.record("alone", "c4", 1, 9));
    String header = RunsCsv.headerLine(EXTRA);
    String first = RunsCsv.recordLine(records.get(0), EXTRA);
    String second = RunsCsv.recordLine(records.get(1), EXTRA);
    String text = header + first + second;
    int[] ends = {header.length(), header.length() + first.length(), text.length()};
    for (int cut = 0; cut <= text.length(); cut++) {
      RunsFile file = RunsCsv.parse(text.substring(0, cut), "runs.csv");
      int completeLines = 0;
      while (completeLines < ends.length && ends[completeLines] <= cut) {
        completeLines++;
      }
      int completeChars = completeLines == 0 ? 0 : ends[completeLines - 1];
      assertEquals(
          completeLines == 0 ? List.of() : RunsCsv.columns(EXTRA), file.columns(), "cut " + cut);
      assertEquals(
          records.subList(0, Math.max(0, completeLines - 1)), file.records(), "cut " + cut);
      assertEquals(completeChars, file.completeBytes(), "cut " + cut);
      assertEquals(cut > completeChars, file.partialLastLine(), "cut " + cut);
    }
  }

  @Test
  void shouldKeepAbsentExtraValuesEmpty() {
    RunRecord record =
        new RunRecord("alone", "c4", 0, 1, null, null, null, null, null, null, Map.of());
    assertEquals("alone,c4,0,1,,,,,,,,\r\n", RunsCsv.recordLine(record, EXTRA));
  }

  @Test
  void shouldRefuseRecordWhenItHasAnUndeclaredColumn() {
    RunRecord record =
        new RunRecord("alone", "c4", 0, 1, null, null, null, null, null, null, Map.of("x", "1"));
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> RunsCsv.recordLine(record, EXTRA));
    assertTrue(error.getMessage().contains("column 'x'"), error.getMessage());
  }

  @Test
  void shouldNameLineAndColumnWhenCompleteLineIsMalformed() {
    String header = RunsCsv.headerLine(List.of());
    IllegalArgumentException count =
        assertThrows(
            IllegalArgumentException.class,
            () -> RunsCsv.parse(header + "alone,c4,0,1\r\n", "runs.csv"));
    assertEquals("runs.csv line 2: 4 fields for 10 columns", count.getMessage());
    IllegalArgumentException number =
        assertThrows(
            IllegalArgumentException.class,
            () -> RunsCsv.parse(header + "alone,c4,0,1,12.5,,,,,\r\n", "runs.csv"));
    assertEquals(
        "runs.csv line 2: completion_time_us must be an integer, got '12.5'", number.getMessage());
  }

  @Test
  void shouldRefuseFileWhenHeaderIsNotOurs() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class, () -> RunsCsv.parse("a,b,c\r\n1,2,3\r\n", "x.csv"));
    assertTrue(error.getMessage().startsWith("x.csv: the header must start with"));
  }

  @Test
  void shouldRefuseExtraColumnWhenItRepeatsAStandardOne() {
    assertThrows(IllegalArgumentException.class, () -> RunsCsv.columns(List.of("load")));
  }
}

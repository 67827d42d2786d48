package dev.moqbed.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TableTest {
  private final Table table =
      new Table("name", "value")
          .row("plain", 12)
          .row("with, comma \"quoted\"", 1.5)
          .row("none", null);

  @Test
  void shouldAlignNumbersRightAndTextLeft() {
    assertEquals(
        String.join(
            "\n",
            "name                  value",
            "--------------------  -----",
            "plain                    12",
            "with, comma \"quoted\"    1.5",
            "none                      –",
            ""),
        table.render(OutputFormat.TABLE));
  }

  @Test
  void shouldQuoteCsvCellsPerRfc4180() {
    assertEquals(
        "name,value\nplain,12\n\"with, comma \"\"quoted\"\"\",1.5\nnone,\n",
        table.render(OutputFormat.CSV));
  }

  @Test
  void shouldWriteJsonWithNumbersNullsAndEscapes() {
    assertEquals(
        "[\n  {\"name\": \"plain\", \"value\": 12},\n"
            + "  {\"name\": \"with, comma \\\"quoted\\\"\", \"value\": 1.5},\n"
            + "  {\"name\": \"none\", \"value\": null}\n]\n",
        table.render(OutputFormat.JSON));
  }

  @Test
  void shouldRejectRowOfWrongWidth() {
    assertThrows(IllegalArgumentException.class, () -> table.row("only one"));
  }

  @Test
  void shouldSplitAWideTableIntoBlocksWithinTheTerminalsWidthRepeatingTheKeys() {
    java.util.List<String> columns = new java.util.ArrayList<>(java.util.List.of("who", "track"));
    for (int i = 0; i < 20; i++) {
      columns.add("hop" + i + "_p50_us");
    }
    Table wide = new Table(columns).keyColumns(2);
    for (String who : java.util.List.of("1", "2")) {
      Object[] cells = new Object[columns.size()];
      cells[0] = who;
      cells[1] = "vmid";
      for (int i = 2; i < cells.length; i++) {
        cells[i] = Measure.micros(4_497_899L * i);
      }
      wide.row(cells);
    }
    String text = wide.render(OutputFormat.TABLE);
    for (String line : text.split("\n")) {
      assertTrue(line.length() <= 120, line.length() + ": " + line);
    }
    assertTrue(text.lines().filter(line -> line.startsWith("who  track")).count() > 1, text);
    assertTrue(text.contains("hop19_p50"), text);
    assertTrue(text.contains("9.00 s"), text); // 8995798 µs with 3 significant digits
    for (int i = 0; i < 20; i++) {
      String name = "hop" + i + "_p50";
      long headers =
          text.lines()
              .flatMap(line -> java.util.Arrays.stream(line.split("\\s+")))
              .filter(name::equals)
              .count();
      assertEquals(1, headers, name + " in exactly one block");
    }
    assertTrue(wide.render(OutputFormat.CSV).contains(",8995798,"), "CSV keeps exact µs");
  }

  @Test
  void shouldPrintSentinelsAsADashOnTheTerminalOnly() {
    Table sentinels =
        new Table("what", "raw", "rate_bps", "time_us", "ratio")
            .row(
                "a",
                Long.MAX_VALUE,
                Measure.bitsPerSecond(Long.MAX_VALUE),
                Measure.micros(-1),
                Double.NaN)
            .row("b", 7L, Measure.bitsPerSecond(2_345_678), Measure.micros(12_345), 0.5);
    String text = sentinels.render(OutputFormat.TABLE);
    assertFalse(text.contains(Long.toString(Long.MAX_VALUE)), text);
    assertFalse(text.contains("NaN") || text.contains("-1"), text);
    assertEquals("a       –            –        –      –", text.lines().toList().get(2));
    assertEquals("b       7  2.35 Mbit/s  12.3 ms    0.5", text.lines().toList().get(3));
    assertTrue(text.startsWith("what  raw         rate     time  ratio\n"), text);
    assertEquals(
        "what,raw,rate_bps,time_us,ratio\na,9223372036854775807,9223372036854775807,-1,NaN\n"
            + "b,7,2345678,12345,0.5\n",
        sentinels.render(OutputFormat.CSV));
  }

  @Test
  void shouldWrapALastColumnOfProseBesideItsRowRatherThanSplitIt() {
    String description = "word ".repeat(40).strip();
    Table prose = new Table("key", "value", "what").row("latency", "40000 (40 ms)", description);
    String text = prose.render(OutputFormat.TABLE);
    java.util.List<String> lines = text.lines().toList();
    assertTrue(lines.get(2).startsWith("latency  40000 (40 ms)  word word"), text);
    assertTrue(lines.size() > 3, text);
    for (String line : lines) {
      assertTrue(line.length() <= 120, line.length() + ": " + line);
    }
    assertEquals(40, text.split("word", -1).length - 1, "every word kept");
  }

  @Test
  void shouldWrapALastColumnOfProseInItsOwnBlockBesideALongValue() {
    // scenario show's parameters: one value too wide to share a line, so the meanings get a block
    // of their own; a 160-character meaning there still wraps
    String longValue = "v".repeat(110);
    String meaning = "word ".repeat(32).strip();
    Table parameters =
        new Table("key", "value", "meaning")
            .row("main_scenario_text", longValue, "short")
            .row("qlog_dir", "cclog", meaning);
    String text = parameters.render(OutputFormat.TABLE);
    java.util.List<String> over = text.lines().filter(line -> line.length() > 120).toList();
    assertEquals(java.util.List.of("main_scenario_text  " + longValue), over, text);
    assertTrue(text.contains("\nqlog_dir            word word"), text);
    assertEquals(32, text.split("word", -1).length - 1, "every word kept");
  }

  @Test
  void shouldSplitManyNarrowColumnsBeforeAShortTextColumnIntoBlocks() {
    // bench loopback's shape: 20 numeric columns, then a short text one (the socket kind)
    java.util.List<String> columns = new java.util.ArrayList<>();
    columns.add("pairing");
    java.util.List<Object> row = new java.util.ArrayList<>();
    row.add("moqbed->moqbed");
    for (int c = 0; c < 20; c++) {
      columns.add("figure_number_" + c);
      row.add(1234.5 + c);
    }
    columns.add("socket");
    row.add("epoll+GSO");
    Table wide = new Table(columns.toArray(String[]::new)).row(row.toArray());
    String text = wide.render(OutputFormat.TABLE);
    for (String line : text.split("\n")) {
      assertTrue(line.length() <= 120, line.length() + " columns: " + line);
    }
    assertTrue(text.contains("epoll+GSO"), text);
    assertTrue(text.split("moqbed->moqbed", -1).length - 1 > 1, "the key repeated: " + text);
  }

  @Test
  void shouldKeepEveryOtherLineWithinTheTerminalBesideOneLongValue() {
    // scenario list's shape: one link described in 141 characters, the others short
    String longLink = "link ".repeat(28).strip();
    Table list =
        new Table("name", "group", "link", "traffic", "metrics", "source")
            .row("alone", "network_events", "20 Mbit/s", "main 10 MB download", "time_avg_us", "§3")
            .row("suspension", "network_events", longLink, "main 10 MB", "time_avg_us", "§3")
            .row("media", "media", "100 Mbit/s", "main media", "media_latency_avg_us", "§3");
    String text = list.render(OutputFormat.TABLE);
    java.util.List<String> over = text.lines().filter(line -> line.length() > 120).toList();
    assertEquals(1, over.size(), text);
    assertTrue(over.get(0).startsWith("suspension") && over.get(0).endsWith(longLink), text);
  }
}

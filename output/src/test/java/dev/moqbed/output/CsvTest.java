package dev.moqbed.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {
  @Test
  void shouldWritePlainCellsAsTheyAreAndQuoteOnlyWhatNeedsIt() throws Exception {
    StringBuilder out = new StringBuilder();
    Csv.appendRecord(out, 0, "a1", -12L, true, null, 1.5);
    Csv.appendRecord(out, 1, "cam,front", "say \"hi\"", "two\nlines");
    assertEquals(
        "0,a1,-12,true,,1.5\n1,\"cam,front\",\"say \"\"hi\"\"\",\"two\nlines\"\n", out.toString());
    assertEquals("x,\"y,z\"\r\n", Csv.recordLine(List.of("x", "y,z"), "\r\n"));
  }

  @Test
  void shouldReadBackWhatItWroteWhateverTheCellsHold() throws Exception {
    StringBuilder out = new StringBuilder();
    Csv.appendRecord(out, "track", "latency_us");
    Csv.appendRecord(out, "cam,front \"left\"", 42);
    Csv.appendRecord(out, "a1", 7);
    List<String> tracks = new ArrayList<>();
    try (Csv.Rows rows = Csv.read(new StringReader(out.toString()), "f.csv")) {
      assertEquals(List.of("track", "latency_us"), rows.columns());
      assertTrue(rows.hasColumn("track"));
      assertFalse(rows.hasColumn("size"));
      for (Csv.Row row : rows) {
        tracks.add(row.get("track") + "=" + row.getLong("latency_us"));
      }
    }
    assertEquals(List.of("cam,front \"left\"=42", "a1=7"), tracks);
  }

  @Test
  void shouldNameTheFileLineAndColumnOfABadCell() throws Exception {
    try (Csv.Rows rows = Csv.read(new StringReader("run,counted\n1,true\nx,maybe\n"), "f.csv")) {
      Iterator<Csv.Row> lines = rows.iterator();
      Csv.Row first = lines.next();
      assertEquals(2, first.line());
      assertTrue(first.getBoolean("counted"));
      Csv.Row second = lines.next();
      assertEquals(
          "f.csv line 3: run must be an integer, got 'x'",
          assertThrows(IllegalArgumentException.class, () -> second.getLong("run")).getMessage());
      assertEquals(
          "f.csv line 3: counted must be true or false, got 'maybe'",
          assertThrows(IllegalArgumentException.class, () -> second.getBoolean("counted"))
              .getMessage());
      assertEquals(
          "f.csv line 3: no column 'size'",
          assertThrows(IllegalArgumentException.class, () -> second.get("size")).getMessage());
    }
  }

  @Test
  void shouldRefuseAnUnclosedQuoteWithOneLineNamingTheFile() throws Exception {
    try (Csv.Rows rows = Csv.read(new StringReader("a,b\n1,\"open\n"), "f.csv")) {
      IllegalArgumentException error =
          assertThrows(IllegalArgumentException.class, () -> rows.iterator().hasNext());
      assertTrue(error.getMessage().startsWith("f.csv line "), error.getMessage());
    }
  }
}

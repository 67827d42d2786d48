package dev.moqbed.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
            "none                       ",
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
}

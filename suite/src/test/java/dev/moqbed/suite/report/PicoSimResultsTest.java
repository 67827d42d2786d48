package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PicoSimResultsTest {
  private static ReferenceRuns parse(String text) throws Exception {
    return PicoSimResults.parse(new BufferedReader(new StringReader(text)), "pico.out");
  }

  @Test
  void readsTimesAndMediaLatenciesPerSpecAndRepetition() throws Exception {
    ReferenceRuns runs =
        parse(
            "Success, 0, 4529189, 0, 0, c4_alone\n"
                + "Fail, 1, 4809379, 0, 0, c4_alone\n"
                + "picoquic_ns_n (c4_alone.txt, 2) returns -1\n"
                + "Success, 0, 10402101, 30495, 40986, bbr_media_short_long\n");
    assertArrayEquals(
        new double[] {4_529_189, 4_809_379},
        runs.values("alone", "c4", ReferenceMetric.TIME),
        "a Fail line is a finished run that missed a target");
    assertEquals(0, runs.values("alone", "c4", ReferenceMetric.MEDIA_LATENCY).length, "0: none");
    assertEquals(0, runs.values("alone", "c4", ReferenceMetric.RTT).length);
    assertArrayEquals(
        new double[] {30_495},
        runs.values("media_short_long", "bbr", ReferenceMetric.MEDIA_LATENCY));
  }

  @Test
  void namesWhatItCannotRead() {
    assertEquals(
        "pico.out line 2: repetition 0 of c4_alone twice",
        assertThrows(
                IllegalArgumentException.class,
                () -> parse("Success, 0, 1, 0, 0, c4_alone\nSuccess, 0, 2, 0, 0, c4_alone\n"))
            .getMessage());
    assertEquals(
        "pico.out line 1: spec name 'alone' is not <cc>_<scenario>",
        assertThrows(IllegalArgumentException.class, () -> parse("Success, 0, 1, 0, 0, alone\n"))
            .getMessage());
    assertEquals(
        "pico.out line 1: no spec name; run pico_sim on ./NAME.txt, not NAME.txt, and it prints one",
        assertThrows(IllegalArgumentException.class, () -> parse("Success, 0, 4680275, 0, 0, \n"))
            .getMessage());
    assertEquals(
        "pico.out: no pico_sim result line",
        assertThrows(IllegalArgumentException.class, () -> parse("Cannot open file <x>\n"))
            .getMessage());
  }

  @Test
  void tellsResultLinesFromACsv(@TempDir Path directory) throws Exception {
    Path lines = Files.writeString(directory.resolve("a.out"), "\nSuccess, 0, 1, 0, 0, c4_alone\n");
    Path csv = Files.writeString(directory.resolve("b.csv"), ReferenceRuns.HEADER + "\n");
    assertTrue(PicoSimResults.isResultLines(lines));
    assertFalse(PicoSimResults.isResultLines(csv));
    assertEquals(1, ReferenceRuns.read(lines).values("alone", "c4", ReferenceMetric.TIME).length);
  }
}

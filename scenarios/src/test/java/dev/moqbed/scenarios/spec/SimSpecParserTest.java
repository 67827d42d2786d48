package dev.moqbed.scenarios.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class SimSpecParserTest {
  /** The repository's reference spec files; tests run in the module directory. */
  static final Path SPEC_DIRECTORY = Path.of("..", "reference", "sim_specs");

  private static final String MINIMAL =
      "main_cc_algo: c4\nmain_scenario_text: =b1:*1:397:10000000;\nnb_connections: 1\n";

  private final SimSpecParser parser = new SimSpecParser();

  static Stream<Path> specFiles() throws IOException {
    try (Stream<Path> files = Files.list(SPEC_DIRECTORY)) {
      return files.filter(f -> f.toString().endsWith(".txt")).sorted().toList().stream();
    }
  }

  @Test
  void shouldFindAllReferenceSpecFiles() throws IOException {
    assertEquals(129, specFiles().count());
  }

  @ParameterizedTest
  @MethodSource("specFiles")
  void shouldParseEveryReferenceSpecFileWhenReadFromTheRepository(Path file) {
    SimSpec spec = parser.parse(file);
    String name = file.getFileName().toString();
    assertEquals(name.substring(0, name.indexOf('_')), spec.mainCcAlgo(), name);
    assertTrue(spec.linkSchedule().size() >= 1, name);
    assertFalse(spec.mainScenario().items().isEmpty(), name);
  }

  @Test
  void shouldReadEveryKeyOfAloneWhenParsingIt() {
    SimSpec spec = parser.parse(SPEC_DIRECTORY.resolve("c4_alone.txt"));
    assertEquals("c4", spec.mainCcAlgo());
    assertNull(spec.mainCcOptions());
    assertEquals(0, spec.mainStartMicros());
    assertEquals("=b1:*1:397:10000000;", spec.mainScenarioText());
    assertEquals(1, spec.connectionCount());
    assertEquals(5_500_000, spec.mainTargetMicros());
    assertEquals(0.02, spec.rateGbps());
    assertEquals(40_000, spec.latencyMicros());
    assertEquals(2_000, spec.jitterMicros());
    assertFalse(spec.wifiJitter());
    assertEquals(80_000, spec.queueDelayMaxMicros());
    assertEquals(0, spec.l4sMaxMicros());
    assertEquals("ccc0c40000000000", spec.icid());
    assertEquals("cclog", spec.qlogDir());
    assertNull(spec.linkScenario());
    assertNull(spec.backgroundCcAlgo());
    assertFalse(spec.hasBackground());
    assertEquals(20_000_000, spec.nominalRateBitsPerSecond());
  }

  @Test
  void shouldReadMediaAndSeedKeysWhenPresent() {
    SimSpec media = parser.parse(SPEC_DIRECTORY.resolve("bbr_media_short_long.txt"));
    assertEquals(5_000_000, media.mediaStatsStartMicros());
    assertEquals(1_100_000, media.mediaLatencyAverageMicros());
    assertEquals(4_600_000, media.mediaLatencyMaxMicros());
    assertEquals(List.of("vhigh", "vmid", "vlast"), media.mediaExcluded());
    assertEquals("bbr_media_sl_qperflog.csv", media.qperfLog());
    SimSpec satellite = parser.parse(SPEC_DIRECTORY.resolve("cubic_satellite.txt"));
    assertEquals(18_750_000, satellite.seedCwinBytes());
    assertEquals(600_123, satellite.seedRttMicros());
    assertTrue(satellite.seeded());
    SimSpec wifi = parser.parse(SPEC_DIRECTORY.resolve("c4_wifi_bad.txt"));
    assertEquals("", wifi.mainCcOptions());
    assertTrue(wifi.wifiJitter());
    SimSpec backload = parser.parse(SPEC_DIRECTORY.resolve("c4_media_backload.txt"));
    assertEquals("cubic", backload.backgroundCcAlgo());
    assertEquals(2_000_000, backload.backgroundStartMicros());
    assertEquals("=b1:10000000:128;", backload.backgroundScenarioText());
    assertEquals(2, backload.connectionCount());
  }

  @Test
  void shouldKeepTheLastValueWhenAKeyIsRepeated() {
    SimSpec ecn = parser.parse(SPEC_DIRECTORY.resolve("cubic_ecn_bbr.txt"));
    assertEquals(1_000_000, ecn.mainStartMicros());
    SimSpec spec = parser.parse("t", MINIMAL + "latency: 5\nlatency: 7\nmain_cc_algo: bbr\n");
    assertEquals(7, spec.latencyMicros());
    assertEquals("bbr", spec.mainCcAlgo());
  }

  @Test
  void shouldIgnoreBackgroundLinesWhenOnlyOneConnection() {
    SimSpec bloat = parser.parse(SPEC_DIRECTORY.resolve("c4_bbloat.txt"));
    assertFalse(bloat.hasBackground());
    assertTrue(bloat.backgroundScenario().isEmpty());
    assertEquals("=b1:*1:397:20000000;", bloat.backgroundScenarioText());
  }

  @Test
  void shouldAcceptSpacesAroundColonCarriageReturnsAndBlankLines() {
    SimSpec spec =
        parser.parse(
            "t",
            "main_cc_algo :  cubic:flavor=rfc  \r\n\r\n"
                + "main_scenario_text: =b1:*1:397:1000;\r\n"
                + "nb_connections: 1\r\n"
                + "media_excluded: a , b,,c\n"
                + "wifi_jitter: 2\n"
                + "icid: ABC\n");
    assertEquals("cubic:flavor=rfc", spec.mainCcAlgo());
    assertEquals(List.of("a", "b", "c"), spec.mediaExcluded());
    assertTrue(spec.wifiJitter());
    assertEquals("abc0000000000000", spec.icid());
  }

  @Test
  void shouldUseTheDefaultRateWhenNoneIsGiven() {
    SimSpec spec = parser.parse("t", MINIMAL);
    assertEquals(0, spec.rateGbps());
    assertEquals(0.01, spec.nominalRateGbps());
    assertEquals(0.01, spec.linkSchedule().phase(0).downRateGbps());
    assertEquals(0.01, spec.linkSchedule().phase(0).upRateGbps());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      ignoreLeadingAndTrailingWhitespace = false,
      value = {
        "foo: 1|spec t line 4: unknown key 'foo'",
        "latncy: 1|spec t line 4: unknown key 'latncy'; did you mean 'latency'?",
        "latency|spec t line 4: missing ':' and value after 'latency'",
        "latency:|spec t line 4: missing value for 'latency' (microseconds)",
        "latency: 4O000|spec t line 4: latency: '4O000' is not a whole number of microseconds",
        "latency: -5|spec t line 4: latency: '-5' is not a whole number of microseconds",
        "latency: 99999999999999999999|spec t line 4: latency: '99999999999999999999' is too"
            + " large",
        "seed_cwin: 1.5|spec t line 4: seed_cwin: '1.5' is not a whole number of bytes",
        "nb_connections: 6|spec t line 4: nb_connections: 6 is out of range (1 = main only, up"
            + " to 5 connections)",
        "nb_connections: 0|spec t line 4: nb_connections: 0 is out of range (1 = main only, up"
            + " to 5 connections)",
        "data_rate_in_gbps: 1e3|spec t line 4: data_rate_in_gbps: '1e3' is not a decimal number"
            + " of Gbit/s (0.02 = 20 Mbit/s)",
        "data_rate_in_gbps: .|spec t line 4: data_rate_in_gbps: '.' is not a decimal number of"
            + " Gbit/s (0.02 = 20 Mbit/s)",
        "data_rate_in_gbps: 0.0000001|spec t line 4: data_rate_in_gbps: 0.0000001 Gbit/s is"
            + " below the 1 kbit/s minimum",
        "icid: ccxx|spec t line 4: icid: 'ccxx' is not hexadecimal",
        "icid: 0123456789abcdef0|spec t line 4: icid: '0123456789abcdef0' has more than 16 hex"
            + " digits",
        "wifi_jitter: 999999999|spec t line 4: wifi_jitter: '999999999' is too large",
        "# a comment|spec t line 4: comments are not allowed in spec files (picoquic_ns rejects"
            + " them too)",
        " latency: 5|spec t line 4: a line must start with its key (picoquic_ns rejects leading"
            + " spaces)",
        "main_cc_algo: prague|spec t line 4: main_cc_algo: unknown congestion controller"
            + " 'prague'; valid: c4, bbr, cubic, newreno",
        "main_cc_algo:|spec t line 4: missing value for 'main_cc_algo' (controller)",
        "main_scenario_text: =a1:d50:p2:S:x250:80;|spec t line 4: main_scenario_text: media"
            + " spec: position 14 ('x250'): expected a frame size in bytes (at most 16777215)",
        "link_scenario: 1000:X5|spec t line 4: link_scenario: neither a built-in scenario (none,"
            + " black_hole, drop_and_back, low_and_up, wifi_fade, wifi_suspension) nor valid"
            + " custom text: link schedule, character 6 (phase 1): unknown field 'X5' (valid:"
            + " duration first, then U, D, L, J, W, Q, S, B, P)",
      })
  void shouldReportOneLineWithTheLineNumberWhenALineIsBad(String line, String message) {
    SimSpecException error =
        assertThrows(SimSpecException.class, () -> parser.parse("t", MINIMAL + line + "\n"));
    assertEquals(message, error.getMessage());
    assertEquals(4, error.lineNumber());
    assertEquals("t", error.sourceName());
  }

  @Test
  void shouldNameTheMissingKeyWhenARequiredKeyIsAbsent() {
    assertEquals(
        "spec t: missing key 'nb_connections' (1 = main only, 2 = main + background)",
        assertThrows(
                SimSpecException.class,
                () -> parser.parse("t", "main_cc_algo: c4\nmain_scenario_text: =b1:1:2;\n"))
            .getMessage());
    assertEquals(
        "spec t: missing key 'main_cc_algo'",
        assertThrows(
                SimSpecException.class,
                () -> parser.parse("t", "main_scenario_text: =b1:1:2;\nnb_connections: 1\n"))
            .getMessage());
    SimSpecException background =
        assertThrows(
            SimSpecException.class,
            () ->
                parser.parse(
                    "t", MINIMAL + "nb_connections: 2\nbackground_scenario_text: =b1:1:2;\n"));
    assertEquals(
        "spec t: missing key 'background_cc_algo' (nb_connections is 2)", background.getMessage());
    assertEquals(0, background.lineNumber());
  }

  @Test
  void shouldNameTheFileWhenItDoesNotExist() {
    Path missing = Path.of("no-such-dir", "x.txt");
    assertEquals(
        "spec " + missing + ": no such file",
        assertThrows(SimSpecException.class, () -> parser.parse(missing)).getMessage());
  }

  @Test
  void shouldBeAnIllegalArgumentSoTheCommandLineExitsWithTwo() {
    assertTrue(
        IllegalArgumentException.class.isAssignableFrom(SimSpecException.class),
        "ErrorReporter maps IllegalArgumentException to exit code 2");
  }

  @Test
  void shouldReplaceTheMainControllerAndDropItsOptionsWhenAskedTo() {
    SimSpec wf = parser.parse(SPEC_DIRECTORY.resolve("c4_media_wf.txt"));
    assertEquals("D", wf.mainCcOptions());
    SimSpec replaced = wf.withMainController("newreno");
    assertEquals("newreno", replaced.mainCcAlgo());
    assertNull(replaced.mainCcOptions());
    assertEquals(wf.toBuilder().mainCcAlgo("newreno").mainCcOptions(null).build(), replaced);
    assertEquals(wf.mediaLatencyMaxMicros(), replaced.mediaLatencyMaxMicros());
  }

  @Test
  void shouldKnowEveryKeyOfTheReference() {
    // pico_sim.c's params table: 26 keys
    assertEquals(26, SimSpecKey.values().length);
    for (SimSpecKey key : SimSpecKey.values()) {
      assertEquals(key, SimSpecKey.byId(key.id()));
    }
    assertNull(SimSpecKey.byId("LATENCY"));
  }
}

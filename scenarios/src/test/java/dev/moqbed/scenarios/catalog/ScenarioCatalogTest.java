package dev.moqbed.scenarios.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.spec.SimSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioCatalogTest {
  private static final Path REFERENCE = Path.of("..", "reference");

  private static final ScenarioCatalog CATALOG =
      new ScenarioCatalog(
          ReferenceSpecs.inDirectory(REFERENCE.resolve("sim_specs")),
          ControllerRegistry.standard());

  static Stream<Arguments> scenariosAndControllers() {
    List<Arguments> arguments = new ArrayList<>();
    for (Scenario scenario : CATALOG.scenarios()) {
      for (String controller : List.of("c4", "bbr", "cubic", "newreno")) {
        arguments.add(Arguments.of(scenario.name(), controller));
      }
    }
    return arguments.stream();
  }

  @Test
  void shouldListTheDraftTablesRowsInOrder() {
    List<String> names = CATALOG.scenarios().stream().map(Scenario::name).toList();
    assertEquals(
        List.of(
            "alone",
            "alone_200",
            "alone_1_5M",
            "alone_512k",
            "low_and_up",
            "drop_and_back",
            "blackhole",
            "short_long",
            "satellite",
            "vs_bbr",
            "vs_c4",
            "vs_cubic",
            "after_c4",
            "before_c4",
            "vs_c4_lg",
            "vs_c4_lg2",
            "vs_bbr_lg",
            "vs_bbr_lg2",
            "vs_cubic_lg",
            "vs_cubic_lg2",
            "bbloat",
            "bbloat_c4",
            "bbloat_bbr",
            "bbloat_cubic",
            "wifi_bad",
            "wifi_fade",
            "wifi_suspension",
            "wifi_bad_bbr",
            "wifi_bad_c4",
            "wifi_bad_cubic",
            "ecn",
            "ecn_c4",
            "ecn_cubic",
            "ecn_bbr",
            "media",
            "media10",
            "media_600fr",
            "media_short_long",
            "media_wb",
            "media_wf",
            "media_ws",
            "media_ecn",
            "media_backload"),
        names);
  }

  @Test
  void shouldMatchThePublishedResultsGroupsAndMetricsWhenComparedScenarioByScenario()
      throws IOException {
    Map<String, String> publishedGroup = new TreeMap<>();
    Map<String, Set<String>> publishedMetrics = new TreeMap<>();
    List<String> lines = Files.readAllLines(REFERENCE.resolve("c4-test-05-published.csv"));
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      publishedGroup.put(cells[1], cells[0]);
      publishedMetrics.computeIfAbsent(cells[1], k -> new TreeSet<>()).add(cells[2]);
    }
    assertEquals(43, publishedGroup.size());
    for (Scenario scenario : CATALOG.scenarios()) {
      assertEquals(publishedGroup.get(scenario.name()), scenario.group().id(), scenario.name());
      Set<String> metrics = new TreeSet<>();
      scenario.metrics().forEach(m -> metrics.add(m.id()));
      assertEquals(publishedMetrics.get(scenario.name()), metrics, scenario.name());
    }
  }

  @Test
  void shouldDescribeEveryScenarioWithinItsGroupsSection() {
    for (Scenario scenario : CATALOG.scenarios()) {
      assertTrue(
          scenario.draftSection().startsWith(scenario.group().draftSection() + "."),
          scenario.name());
      assertTrue(scenario.purpose().length() > 40, scenario.name());
    }
  }

  @ParameterizedTest
  @MethodSource("scenariosAndControllers")
  void shouldResolveEveryScenarioWhenTheControllerIsADraftColumnOrNewReno(
      String name, String controller) {
    ResolvedScenario resolved = CATALOG.resolve(name, controller);
    boolean own = !controller.equals("newreno");
    assertEquals(own, resolved.ownFile());
    assertEquals((own ? controller : "c4") + "_" + name + ".txt", resolved.specFile().name());
    assertEquals(controller, resolved.spec().mainCcAlgo());
    assertEquals(controller, resolved.controller());
    assertTrue(resolved.spec().linkSchedule().size() >= 1);
    assertFalse(SpecSummary.traffic(resolved.spec()).isEmpty());
  }

  @Test
  void shouldUseEachAlgorithmsOwnFileWhenItDiffersBeyondTheAlgorithm() {
    assertEquals(80_000, CATALOG.resolve("alone", "c4").spec().queueDelayMaxMicros());
    assertEquals(30_000, CATALOG.resolve("alone", "bbr").spec().queueDelayMaxMicros());
    assertEquals(80_000, CATALOG.resolve("alone", "cubic").spec().queueDelayMaxMicros());
    assertEquals(250_000, CATALOG.resolve("wifi_bad", "c4").spec().queueDelayMaxMicros());
    assertEquals(80_000, CATALOG.resolve("wifi_bad", "bbr").spec().queueDelayMaxMicros());
    assertEquals(105_000, CATALOG.resolve("media_backload", "c4").spec().queueDelayMaxMicros());
    assertEquals(100_000, CATALOG.resolve("media_backload", "cubic").spec().queueDelayMaxMicros());
    assertEquals(410_000_000, CATALOG.resolve("vs_c4_lg", "bbr").spec().mainTargetMicros());
    assertEquals(44_000, CATALOG.resolve("media", "cubic").spec().mediaLatencyMaxMicros());
  }

  @Test
  void shouldUseTheC4FileWithTheMainControllerReplacedWhenTheDraftHasNoFile() {
    ResolvedScenario newReno = CATALOG.resolve("alone", "newreno");
    assertEquals(80_000, newReno.spec().queueDelayMaxMicros());
    assertEquals(5_500_000, newReno.spec().mainTargetMicros());
    ResolvedScenario v4 = CATALOG.resolve("media_wf", "c4:variant=v4");
    assertFalse(v4.ownFile());
    assertEquals("c4_media_wf.txt", v4.specFile().name());
    assertEquals("c4:variant=v4", v4.spec().mainCcAlgo());
    assertNull(v4.spec().mainCcOptions(), "the picoquic option string 'D' is dropped");
    ResolvedScenario draftBbr = CATALOG.resolve("alone", "bbr:flavor=draft");
    assertEquals("c4_alone.txt", draftBbr.specFile().name());
    assertEquals(80_000, draftBbr.spec().queueDelayMaxMicros());
  }

  @Test
  void shouldTakeTheBackgroundControllerFromTheScenario() {
    SimSpec spec = CATALOG.resolve("vs_bbr", "newreno").spec();
    assertEquals("bbr", spec.backgroundCcAlgo());
    assertEquals("newreno", spec.mainCcAlgo());
    assertEquals("cubic", CATALOG.resolve("media_backload", "bbr").spec().backgroundCcAlgo());
    assertEquals("c4", CATALOG.resolve("ecn_c4", "cubic").spec().backgroundCcAlgo());
  }

  @Test
  void shouldNameTheValidChoicesWhenScenarioOrControllerIsUnknown() {
    IllegalArgumentException scenario =
        assertThrows(IllegalArgumentException.class, () -> CATALOG.resolve("alone2", "c4"));
    assertTrue(
        scenario.getMessage().startsWith("unknown scenario 'alone2'; valid: alone, alone_200,"),
        scenario.getMessage());
    IllegalArgumentException controller =
        assertThrows(IllegalArgumentException.class, () -> CATALOG.resolve("alone", "vegas"));
    assertEquals(
        "unknown congestion controller 'vegas'; valid: c4, bbr, cubic, newreno",
        controller.getMessage());
  }

  @Test
  void shouldPackageEveryReferenceFileUnchangedInTheJar() throws IOException {
    ReferenceSpecs packaged = ReferenceSpecs.packaged();
    int count = 0;
    try (Stream<Path> files = Files.list(REFERENCE.resolve("sim_specs"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".txt")).toList()) {
        SpecFile copy = packaged.load(file.getFileName().toString());
        assertEquals(Files.readString(file), copy.text(), file.toString());
        assertTrue(copy.origin().startsWith("classpath:"), copy.origin());
        count++;
      }
    }
    assertEquals(129, count);
  }

  @Test
  void shouldFindTheRepositorysFilesFromTheWorkingDirectory() {
    ReferenceSpecs located = ReferenceSpecs.locate();
    assertTrue(located.directory().endsWith(Path.of("reference", "sim_specs")));
    assertTrue(located.load("c4_alone.txt").origin().endsWith("c4_alone.txt"));
  }

  @Test
  void shouldUseTheDirectoryOfTheSystemPropertyWhenSet() {
    String previous = System.getProperty(ReferenceSpecs.PROPERTY);
    try {
      System.setProperty(ReferenceSpecs.PROPERTY, REFERENCE.toString());
      assertEquals(REFERENCE.resolve("sim_specs"), ReferenceSpecs.locate().directory());
      System.setProperty(ReferenceSpecs.PROPERTY, "no-such-directory");
      assertThrows(IllegalArgumentException.class, ReferenceSpecs::locate);
    } finally {
      if (previous == null) {
        System.clearProperty(ReferenceSpecs.PROPERTY);
      } else {
        System.setProperty(ReferenceSpecs.PROPERTY, previous);
      }
    }
  }

  @Test
  void shouldFailWithTheFileNameWhenASpecFileIsNowhere() {
    UncheckedIOException error =
        assertThrows(UncheckedIOException.class, () -> ReferenceSpecs.packaged().load("x.txt"));
    assertTrue(error.getMessage().startsWith("reference spec file x.txt not found"));
  }

  @Test
  void shouldSummariseLinkAndTrafficInWords() {
    assertEquals(
        "20 Mbit/s, RTT 80 ms, queue 80 ms, jitter 2 ms",
        SpecSummary.link(CATALOG.resolve("alone", "c4").spec()));
    assertEquals(
        "10 Mbit/s, RTT 2 ms, queue 250 ms, Wi-Fi jitter 7 ms",
        SpecSummary.link(CATALOG.resolve("wifi_bad_c4", "c4").spec()));
    assertEquals(
        "custom: down 100 Mbit/s, up 10 Mbit/s, RTT 30 ms, queue 100 ms for 1 s; then down 100"
            + " Mbit/s, up 10 Mbit/s, RTT 100 ms, queue 200 ms for 60 s",
        SpecSummary.link(CATALOG.resolve("media_short_long", "c4").spec()));
    assertEquals(
        "1.536 Mbit/s, RTT 40 ms, queue 50 ms",
        SpecSummary.link(CATALOG.resolve("alone_1_5M", "c4").spec()));
    assertEquals(
        "main 10 MB download at 1 s vs bbr 20 MB download at 0",
        SpecSummary.traffic(CATALOG.resolve("ecn_bbr", "c4").spec()));
    assertEquals(
        "main media a0+a1+vlow+vmid (12 s) vs cubic 10 MB upload at 2 s",
        SpecSummary.traffic(CATALOG.resolve("media_backload", "c4").spec()));
  }
}

package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.scenarios.catalog.ScenarioGroup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PublishedResultsTest {
  /** Maven runs the tests in the module's directory; the file is at the repository's root. */
  static final Path PUBLISHED = Path.of("..", "reference", "c4-test-05-published.csv");

  @Test
  void shouldReadEveryLineOfThePublishedFile() throws IOException {
    PublishedResults published = PublishedResults.read(PUBLISHED);

    assertEquals(782, published.values().size());
    Map<Metric, Integer> perMetric = new HashMap<>();
    published.values().forEach(v -> perMetric.merge(v.metric(), 1, Integer::sum));
    assertEquals(136, perMetric.get(Metric.TIME_AVG));
    assertEquals(136, perMetric.get(Metric.RTT_PLUS_SD_P90));
    assertEquals(84, perMetric.get(Metric.LOAD_P90));
    assertEquals(35, perMetric.get(Metric.MEDIA_LATENCY_MAX_P90));
    assertEquals(4637997L, published.value("alone", Metric.TIME_AVG, "c4"));
    assertEquals(4502535L, published.value("alone", Metric.TIME_AVG, "c4_draft_04"));
    assertEquals(97L, published.value("bbloat", Metric.LOAD_AVG, "c4"));
    assertEquals(82950L, published.value("media_backload", Metric.MEDIA_LATENCY_MAX_P90, "c4"));
    assertNull(published.value("media_backload", Metric.MEDIA_LATENCY_AVG, "c4_draft_04"));
    assertNull(published.value("alone", Metric.LOAD_AVG, "c4"), "no load for network events");
  }

  @Test
  void shouldHoldExactlyTheDraftMetricsOfEachGroupForTheThreeMainColumns() throws IOException {
    PublishedResults published = PublishedResults.read(PUBLISHED);
    Set<String> scenarios = new LinkedHashSet<>();
    for (PublishedResults.Value value : published.values()) {
      ScenarioGroup group = ScenarioGroup.of(value.scenario());
      assertNotNull(group, value.scenario());
      assertEquals(group.id(), value.group(), value.scenario());
      scenarios.add(value.scenario());
    }
    assertEquals(new HashSet<>(ScenarioGroup.allScenarios()), scenarios);
    for (String scenario : scenarios) {
      ScenarioGroup group = ScenarioGroup.of(scenario);
      for (Metric metric : Metric.values()) {
        for (String algorithm : new String[] {"c4", "bbr", "cubic"}) {
          boolean reported = Metric.forGroup(group).contains(metric);
          assertEquals(
              reported,
              published.value(scenario, metric, algorithm) != null,
              scenario + " " + metric + " " + algorithm);
        }
      }
    }
  }

  @Test
  void shouldNameTheLineWhenALineIsBad() {
    String header = PublishedResults.HEADER + "\n";
    assertEquals(
        "p.csv line 2: unknown metric 'speed'",
        assertThrows(
                IllegalArgumentException.class,
                () -> PublishedResults.parse(header + "wifi,wifi_bad,speed,c4,1\n", "p.csv"))
            .getMessage());
    assertEquals(
        "p.csv line 2: value '1.5' is not an integer",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    PublishedResults.parse(header + "wifi,wifi_bad,time_avg_us,c4,1.5\n", "p.csv"))
            .getMessage());
    assertEquals(
        "p.csv line 3: same scenario, metric and algorithm as line 2",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    PublishedResults.parse(
                        header + "wifi,wifi_bad,time_avg_us,c4,1\nwifi,wifi_bad,time_avg_us,c4,2\n",
                        "p.csv"))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> PublishedResults.parse("a,b\n", "p.csv"));
    assertThrows(
        IllegalArgumentException.class,
        () -> PublishedResults.parse(header + "wifi,wifi_bad,time_avg_us,c4\n", "p.csv"));
  }

  @Test
  void shouldPutControllersBesideTheDraftColumnOfTheirAlgorithm() {
    assertEquals("c4", PublishedResults.columnFor("c4"));
    assertEquals("c4", PublishedResults.columnFor("c4:variant=v5"));
    assertEquals("c4", PublishedResults.columnFor("c4:variant=v5-short-rtt"));
    assertEquals("c4_draft_04", PublishedResults.columnFor("c4:variant=v4"));
    assertEquals("bbr", PublishedResults.columnFor("bbr"));
    assertEquals("cubic", PublishedResults.columnFor("cubic"));
    assertNull(PublishedResults.columnFor("cubic:flavor=rfc"));
    assertNull(PublishedResults.columnFor("newreno"));
  }
}

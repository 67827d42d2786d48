package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.relay.SessionSnapshot;
import dev.moqbed.session.transport.ControllerState;
import dev.moqbed.session.transport.PathStats;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The /metrics text itself: types, names, labels and counts, without a network. */
class RelayMetricsTextTest {
  private static SessionSnapshot session(String peer, long packets, long lost, long bytes) {
    Map<String, Long> values = new LinkedHashMap<>();
    values.put("nominal_rate_bytes_per_second", 4_000_000L);
    values.put("cwnd_bytes", 30_000L);
    values.put("pacing_rate_bytes_per_second", 5_000_000L);
    PathStats path =
        new PathStats(
            900,
            30_000,
            100_000,
            packets,
            lost,
            bytes,
            5_000_000,
            400,
            950,
            1_200,
            new ControllerState("cruising", values));
    return new SessionSnapshot(peer, false, 3, 0, 0, 1, path);
  }

  @Test
  void shouldTypeEveryMonotonicSeriesAsACounterNamedTotal() {
    try (RelayMetrics metrics = new RelayMetrics(true)) {
      metrics.track("live/a1").onObjectForwarded(100, 50);
      String text = metrics.scrape(List.of(session("127.0.0.1:50000", 10, 1, 12_000)), 1);
      for (String line : text.lines().toList()) {
        if (line.startsWith("# TYPE moqbed_relay_")) {
          String[] words = line.split(" ");
          String name = words[2];
          boolean counter = words[3].equals("counter");
          assertEquals(counter, name.endsWith("_total"), line);
        }
      }
      assertTrue(text.contains("# TYPE moqbed_relay_path_sent_packets_total counter"), text);
      assertTrue(text.contains("# TYPE moqbed_relay_path_lost_packets_total counter"), text);
      assertTrue(text.contains("# TYPE moqbed_relay_path_sent_bytes_total counter"), text);
      assertFalse(text.contains("moqbed_relay_path_sent_packets{"), "no per-session gauge");
    }
  }

  /** A group lost because its stream waited too long for its SUBSCRIBE_OK is counted. */
  @Test
  void shouldCountEarlySubgroupStreamsStoppedAtTheirDeadline() {
    try (RelayMetrics metrics = new RelayMetrics(false)) {
      String before = metrics.scrape(List.of(), 0);
      assertTrue(before.contains("moqbed_relay_early_subgroups_expired_total 0.0"), before);
      metrics.onEarlySubgroupExpired();
      metrics.onEarlySubgroupExpired();
      String after = metrics.scrape(List.of(), 0);
      assertTrue(after.contains("moqbed_relay_early_subgroups_expired_total 2.0"), after);
    }
  }

  @Test
  void shouldExportPerSessionSeriesOnlyWhenAskedFor() {
    List<SessionSnapshot> sessions =
        List.of(session("127.0.0.1:50000", 10, 1, 12_000), session("127.0.0.1:50001", 5, 0, 6));
    try (RelayMetrics metrics = new RelayMetrics()) {
      String text = metrics.scrape(sessions, 1);
      assertFalse(text.contains("session=\""), text);
      assertEquals(2, new PrometheusText(text).value("moqbed_relay_sessions"));
    }
    try (RelayMetrics metrics = new RelayMetrics(true)) {
      PrometheusText text = new PrometheusText(metrics.scrape(sessions, 1));
      assertEquals(2, text.values("moqbed_relay_path_rtt_seconds").size(), text.toString());
      assertEquals(
          1, text.values("moqbed_relay_path_cwnd_bytes", "session=127.0.0.1:50001").size());
    }
  }

  @Test
  void shouldExportNoSeriesTwice() {
    try (RelayMetrics metrics = new RelayMetrics(true)) {
      String text = metrics.scrape(List.of(session("127.0.0.1:50000", 10, 1, 12_000)), 1);
      Set<String> types = new HashSet<>();
      Set<String> series = new HashSet<>();
      for (String line : text.lines().toList()) {
        if (line.startsWith("# TYPE ")) {
          assertTrue(types.add(line.split(" ")[2]), "typed twice: " + line);
        } else if (!line.startsWith("#") && !line.isBlank()) {
          assertTrue(series.add(line.substring(0, line.lastIndexOf(' '))), "twice: " + line);
        }
      }
      // The window and the pacing rate have series of their own, not a second one as cc_value.
      assertTrue(text.contains("name=\"nominal_rate_bytes_per_second\""), text);
      assertFalse(text.contains("name=\"cwnd_bytes\""), text);
      assertFalse(text.contains("name=\"pacing_rate_bytes_per_second\""), text);
      assertTrue(text.contains("moqbed_relay_path_pacing_rate_bytes_per_second{"), text);
    }
  }

  @Test
  void shouldKeepCountingPacketsAcrossScrapesSessionsLeavingAndNewConnections() {
    try (RelayMetrics metrics = new RelayMetrics()) {
      metrics.scrape(List.of(session("127.0.0.1:50000", 10, 1, 12_000)), 1);
      metrics.scrape(
          List.of(session("127.0.0.1:50000", 25, 2, 30_000), session("127.0.0.1:50001", 4, 0, 500)),
          1);
      // Both left; then a new connection from the first address and port counts from zero.
      metrics.scrape(List.of(), 0);
      PrometheusText text =
          new PrometheusText(metrics.scrape(List.of(session("127.0.0.1:50000", 3, 0, 100)), 1));
      assertEquals(25 + 4 + 3, text.value("moqbed_relay_path_sent_packets_total"));
      assertEquals(2, text.value("moqbed_relay_path_lost_packets_total"));
      assertEquals(30_000 + 500 + 100, text.value("moqbed_relay_path_sent_bytes_total"));
    }
  }
}

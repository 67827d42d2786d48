package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.relay.DropReason;
import dev.moqbed.subscriber.SubscriberReport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The relay's Prometheus endpoint during a live chain on loopback: two subscribers, the second with
 * a clock 2 s behind so that its {@code vmid} groups are stopped. Scraped over HTTP while the media
 * runs and after it.
 */
@Tag("network")
class RelayMetricsNetworkTest {

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldServeSessionsTracksQueuesPathsDropsAndLatencyHistogramsOnMetrics() throws Exception {
    // The live default, C4 on the project's stack: every series the docs name, the controller's
    // own state included (quiche gives none of it), is served.
    LiveStack c4 = LiveStack.of(LiveTransport.MOQBED, "c4");
    List<String> log = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> secondGroup = new CompletableFuture<>();
    ChainOptions options =
        ChainOptions.builder()
            .media(MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX))
            .durationMicros(3_000_000)
            .subscribers(2)
            .stacks(c4, c4)
            .lateMicros(1_000_000)
            .clockOffsetsMicros(List.of(0L, -2_000_000L))
            .log(log::add)
            .frames(
                (subscriber, frame) -> {
                  if (frame.track().equals("vlow") && frame.groupId() == 1) {
                    secondGroup.complete(null);
                  }
                })
            .build();
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try (RelayMetrics metrics = new RelayMetrics(true);
        MetricsEndpoint endpoint = MetricsEndpoint.start(0, metrics)) {
      Future<LiveChain.Result> chain = runner.submit(() -> LiveChain.run(options, metrics));
      secondGroup.get(30, TimeUnit.SECONDS);
      PrometheusText during = scrape(endpoint.port());
      LiveChain.Result result = chain.get(40, TimeUnit.SECONDS);
      PrometheusText after = scrape(endpoint.port());

      assertEquals(3, during.value("moqbed_relay_sessions"), "publisher and two subscribers");
      assertEquals(6, during.value("moqbed_relay_subscriptions"), "three tracks each");
      assertEquals(3, during.value("moqbed_relay_tracks"));
      assertTrue(during.value("moqbed_relay_open_streams") >= 0);
      assertEquals(3, during.values("moqbed_relay_subscriber_queue_bytes").size(), "per session");
      assertEquals(3, during.values("moqbed_relay_subscriber_queue_objects").size());
      List<Double> rtts = during.values("moqbed_relay_path_rtt_seconds", "role=subscriber");
      assertEquals(2, rtts.size(), during.toString());
      for (double rtt : rtts) {
        assertTrue(rtt > 0 && rtt < 1, "loopback RTT in seconds: " + rtt);
      }
      assertEquals(2, during.values("moqbed_relay_path_cwnd_bytes", "role=subscriber").size());
      assertEquals(
          2,
          during
              .values("moqbed_relay_path_delivery_rate_bytes_per_second", "role=subscriber")
              .size());
      assertTrue(during.value("moqbed_relay_path_sent_packets_total") > 0, during.toString());
      assertTrue(during.value("moqbed_relay_path_sent_bytes_total") > 0, during.toString());
      assertTrue(during.value("moqbed_relay_objects_forwarded_total", "track=live/a1") > 0);
      assertEquals(
          16,
          during.values("moqbed_relay_added_latency_seconds_bucket", "track=live/a1").size(),
          "15 bounds and +Inf");
      for (DropReason reason : DropReason.values()) {
        during.value(
            "moqbed_relay_groups_dropped_total", "track=live/vmid", "reason=" + reason.label());
      }
      assertTrue(during.value("jvm_memory_used_bytes", "area=heap", "id=G1 Eden Space") >= 0);
      // Every relay metric the documentation and the Grafana dashboard name is served.
      for (String document : List.of("../docs/metrics.md", "../deploy/grafana/moqbed-relay.json")) {
        Set<String> names = metricNames(Files.readString(Path.of(document)));
        assertTrue(names.size() >= 10, document + ": " + names);
        for (String name : names) {
          assertTrue(
              during.toString().contains("\n" + name),
              document + " names " + name + ", which /metrics does not serve");
        }
      }

      // After the run: the relay is gone, its counters stay.
      SubscriberReport onTime = result.subscribers().get(0);
      SubscriberReport late = result.subscribers().get(1);
      assertEquals(0, after.value("moqbed_relay_sessions"));
      assertEquals(0, after.values("moqbed_relay_path_rtt_seconds").size(), "no stale sessions");
      // Counters only grow, though every connection they counted has gone.
      assertTrue(
          after.value("moqbed_relay_path_sent_packets_total")
              >= during.value("moqbed_relay_path_sent_packets_total"));
      assertEquals(
          onTime.track("vlow").received() + late.track("vlow").received(),
          after.value("moqbed_relay_objects_forwarded_total", "track=live/vlow"),
          "every vlow frame forwarded once per subscriber");
      assertEquals(
          result.publisher().tracks().stream()
                  .filter(t -> t.track().equals("vlow"))
                  .mapToLong(t -> t.bytesSent())
                  .sum()
              * 2,
          after.value("moqbed_relay_bytes_forwarded_total", "track=live/vlow"));
      assertEquals(
          after.value("moqbed_relay_objects_forwarded_total", "track=live/vlow"),
          after.value("moqbed_relay_added_latency_seconds_count", "track=live/vlow"),
          "one latency sample per forwarded object");
      // Netty shows the relay a STOP_SENDING only through a later write that fails, and on
      // loopback quiche has often forgotten the stopped stream by then (docs/metrics.md): the
      // count is at most what the subscriber sent. RelayObserverTest checks the exact count.
      double stopped = after.value("moqbed_relay_stop_sending_received_total", "track=live/vmid");
      assertTrue(
          stopped <= late.track("vmid").stopSendingSent(),
          stopped + " > " + late.track("vmid").stopSendingSent());
      assertTrue(late.track("vmid").stopSendingSent() >= 1, "the late subscriber stopped groups");
      assertEquals(
          3, after.value("moqbed_relay_sessions_opened_total"), "publisher, 2 subscribers");
      assertEquals(0, after.value("moqbed_relay_sessions_refused_total"));
    } finally {
      runner.shutdownNow();
    }
  }

  private static Set<String> metricNames(String text) {
    Set<String> names = new TreeSet<>();
    Matcher matcher = Pattern.compile("moqbed_relay_[a-z_]*[a-z]").matcher(text);
    while (matcher.find()) {
      names.add(matcher.group());
    }
    return names;
  }

  static PrometheusText scrape(int port) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode());
    assertTrue(
        response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"),
        response.headers().toString());
    return new PrometheusText(response.body());
  }
}

package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.NativeQuic;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code moqbed chain --format csv} on loopback: the columns and one row per subscriber track. */
@Tag("network")
class ChainCommandNetworkTest {

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldPrintOneCsvRowPerSubscriberAndTrackWithTheIssuesColumns() {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--duration",
              "2s",
              "--subscribers",
              "2",
              "--cc",
              "quiche:bbr",
              "--late",
              "0",
              "--format",
              "csv"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    String[] lines = out.toString().split("\n");
    assertEquals(
        "cc,subscriber,track,sent,received,cancelled,p50_us,p90_us,p99_us,max_us,stop_sending,"
            + "hop1_p50_us,hop1_p99_us,hop2_p50_us,hop2_p99_us",
        lines[0]);
    assertEquals(7, lines.length, out.toString());
    assertEquals(
        "quiche:bbr,1,a1,100,100,0",
        String.join(",", java.util.Arrays.copyOf(lines[1].split(","), 6)));
    assertEquals(
        "quiche:bbr,2,vmid,60,60,0",
        String.join(",", java.util.Arrays.copyOf(lines[6].split(","), 6)));
  }

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldServeTheRelaysMetricsWhileTheChainRunsWithMetricsPort() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    java.util.concurrent.ExecutorService runner =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<Integer> chain =
          runner.submit(
              () ->
                  MoqbedCommand.run(
                      new String[] {
                        "chain",
                        "--duration",
                        "4s",
                        "--subscribers",
                        "2",
                        "--warmup",
                        "0",
                        "--metrics-port",
                        "0",
                        "--metrics-per-session"
                      },
                      new PrintWriter(out, true),
                      new PrintWriter(err, true)));
      java.util.regex.Pattern announced =
          java.util.regex.Pattern.compile("relay metrics on :(\\d+)/metrics");
      String body = "";
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (System.nanoTime() < deadline && !chain.isDone()) {
        java.util.regex.Matcher port = announced.matcher(out.toString());
        if (port.find()) {
          body = get("http://127.0.0.1:" + port.group(1) + "/metrics");
          // Scraped while the media runs: both subscribers subscribed, vlow forwarded. The vlow
          // counter appears at 0 with the first subscription, before the others are set up.
          if (metric(body, "moqbed_relay_objects_forwarded_total{track=\"live/vlow\"}") > 0
              && body.contains("moqbed_relay_sessions 3.0")
              && body.contains("moqbed_relay_subscriptions 6.0")) {
            break;
          }
        }
        Thread.sleep(200);
      }
      assertEquals(0, chain.get(60, TimeUnit.SECONDS), err.toString());
      assertTrue(body.contains("moqbed_relay_sessions 3.0"), out + " / " + body);
      assertTrue(body.contains("moqbed_relay_subscriptions 6.0"), body);
      assertTrue(
          body.contains("moqbed_relay_added_latency_seconds_bucket{track=\"live/a1\""), body);
      assertTrue(body.contains("moqbed_relay_path_rtt_seconds{role=\"subscriber\""), body);
    } finally {
      runner.shutdownNow();
    }
  }

  /** A sample's value in a Prometheus text body, or -1 when the body has none. */
  private static double metric(String body, String sample) {
    for (String line : body.split("\n")) {
      if (line.startsWith(sample + " ")) {
        return Double.parseDouble(line.substring(sample.length() + 1).trim());
      }
    }
    return -1;
  }

  private static String get(String url) {
    try {
      java.net.http.HttpResponse<String> response =
          java.net.http.HttpClient.newHttpClient()
              .send(
                  java.net.http.HttpRequest.newBuilder(java.net.URI.create(url)).build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString());
      return response.body();
    } catch (java.io.IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}

package dev.moqbed.scenarios.live;

import com.sun.net.httpserver.HttpServer;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.SubscriberStats;
import dev.moqbed.runtime.Scheduler;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The relay's counters in Prometheus text format on {@code /metrics}: sessions, tracks, queued
 * bytes, and per subscription objects forwarded, streams opened, STOP_SENDING received and groups
 * dropped. Read on the relay's event loop, served from the JDK's HTTP server thread.
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final HttpServer server;

  private MetricsEndpoint(HttpServer server) {
    this.server = server;
  }

  /** Serves the relay's metrics on {@code port} (0 = any free port). */
  public static MetricsEndpoint start(int port, Relay relay, Scheduler relayLoop) {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
      server.createContext(
          "/metrics",
          exchange -> {
            byte[] body = render(relay, relayLoop).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          });
      server.start();
      return new MetricsEndpoint(server);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serve metrics on port " + port, e);
    }
  }

  public int port() {
    return server.getAddress().getPort();
  }

  private static String render(Relay relay, Scheduler relayLoop) {
    CompletableFuture<String> text = new CompletableFuture<>();
    relayLoop.execute(() -> text.complete(snapshot(relay)));
    try {
      return text.get(2, TimeUnit.SECONDS);
    } catch (Exception e) {
      return "# relay did not answer: " + e + "\n";
    }
  }

  private static String snapshot(Relay relay) {
    StringBuilder out = new StringBuilder();
    gauge(out, "moqbed_relay_sessions", "Open sessions.", relay.sessionCount());
    gauge(out, "moqbed_relay_tracks", "Tracks with an upstream subscription.", relay.trackCount());
    gauge(
        out,
        "moqbed_relay_queued_bytes",
        "Bytes waiting in subscribers' queues.",
        relay.queuedBytes());
    List<SubscriberStats> stats = relay.subscriberStats();
    counterHeader(out, "moqbed_relay_objects_forwarded_total", "Objects handed to a subscriber.");
    for (SubscriberStats s : stats) {
      sample(out, "moqbed_relay_objects_forwarded_total", s, s.objectsForwarded());
    }
    counterHeader(
        out, "moqbed_relay_streams_opened_total", "Subgroup streams opened to a subscriber.");
    for (SubscriberStats s : stats) {
      sample(out, "moqbed_relay_streams_opened_total", s, s.streamsOpened());
    }
    counterHeader(
        out, "moqbed_relay_stop_sending_total", "STOP_SENDING received from a subscriber.");
    for (SubscriberStats s : stats) {
      sample(out, "moqbed_relay_stop_sending_total", s, s.stopSendingReceived());
    }
    counterHeader(out, "moqbed_relay_groups_dropped_total", "Groups dropped from a full queue.");
    for (SubscriberStats s : stats) {
      sample(out, "moqbed_relay_groups_dropped_total", s, s.groupsDropped());
    }
    return out.toString();
  }

  private static void gauge(StringBuilder out, String name, String help, long value) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(" gauge\n");
    out.append(name).append(' ').append(value).append('\n');
  }

  private static void counterHeader(StringBuilder out, String name, String help) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(" counter\n");
  }

  private static void sample(StringBuilder out, String name, SubscriberStats s, long value) {
    out.append(name)
        .append("{session=\"")
        .append(escape(s.session()))
        .append("\",track=\"")
        .append(escape(s.track()))
        .append("\"} ")
        .append(value)
        .append('\n');
  }

  private static String escape(String label) {
    return label.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

package dev.moqbed.live;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * Serves {@link RelayMetrics#scrape()} on {@code http://0.0.0.0:PORT/metrics} from the JDK's HTTP
 * server (its own thread; the relay's levels are read on the relay's event loop).
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final HttpServer server;

  private MetricsEndpoint(HttpServer server) {
    this.server = server;
  }

  /** Serves {@code metrics} on {@code port} (0 = any free port) of every interface. */
  public static MetricsEndpoint start(int port, RelayMetrics metrics) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("--metrics-port must be 0..65535, got " + port);
    }
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
      server.createContext(
          "/metrics",
          exchange -> {
            byte[] body = metrics.scrape().getBytes(StandardCharsets.UTF_8);
            exchange
                .getResponseHeaders()
                .add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          });
      server.start();
      return new MetricsEndpoint(server);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot serve metrics on port " + port + ": " + e.getMessage(), e);
    }
  }

  public int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

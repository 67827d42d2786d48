package dev.moqbed.live;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * Serves {@link RelayMetrics#scrape()} on {@code http://ADDRESS:PORT/metrics} from the JDK's HTTP
 * server (its own thread; the relay's levels are read on the relay's event loop). The endpoint has
 * no authentication, so it binds to loopback ({@link #DEFAULT_BIND}) unless told otherwise.
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final HttpServer server;
  // As given: a wildcard address prints as "[::]" once bound, which is not what the operator typed.
  private final String bind;

  private MetricsEndpoint(HttpServer server, String bind) {
    this.server = server;
    this.bind = bind;
  }

  /** Where the endpoint listens unless {@code --metrics-bind} says otherwise. */
  public static final String DEFAULT_BIND = "127.0.0.1";

  /** Serves {@code metrics} on {@code port} (0 = any free port) of the loopback interface. */
  public static MetricsEndpoint start(int port, RelayMetrics metrics) {
    return start(DEFAULT_BIND, port, metrics);
  }

  /**
   * Serves {@code metrics} on {@code port} (0 = any free port) of the interface with address {@code
   * bind} ({@code 0.0.0.0} for every interface).
   */
  public static MetricsEndpoint start(String bind, int port, RelayMetrics metrics) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("--metrics-port must be 0..65535, got " + port);
    }
    InetAddress address = bindAddress(bind);
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 0);
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
      return new MetricsEndpoint(server, bind);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot serve metrics on port " + port + ": " + e.getMessage(), e);
    }
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** The address and port it listens on, as {@code host:port}. */
  public String listening() {
    String host = bind.replace("[", "").replace("]", "");
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port();
  }

  /** A literal IP address (no name lookup: a typo must not bind somewhere unexpected). */
  private static InetAddress bindAddress(String bind) {
    boolean ipv4 = bind != null && bind.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    boolean ipv6 = bind != null && bind.contains(":") && bind.matches("\\[?[0-9a-fA-F:.]+]?");
    if (!ipv4 && !ipv6) {
      throw new IllegalArgumentException(
          "--metrics-bind must be an IP address (127.0.0.1, 0.0.0.0, ::1), got '" + bind + "'");
    }
    try {
      return InetAddress.getByName(bind.replace("[", "").replace("]", ""));
    } catch (java.net.UnknownHostException e) {
      throw new IllegalArgumentException(
          "--metrics-bind must be an IP address (127.0.0.1, 0.0.0.0, ::1), got '" + bind + "'");
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}

package dev.moqbed.app;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.moqbed.output.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;

/**
 * The local web server of {@code moqbed watch}: the browser page and its scripts from the jar's
 * resources, and the two endpoints the page reports to: {@code POST /frames} (CSV lines) and {@code
 * POST /done} (why it ended). It serves a secure context (http on a loopback address) so the page
 * may use WebTransport toward a relay on any host. Bodies are bounded; every other request gets 404
 * or 405.
 */
final class WatchServer implements AutoCloseable {
  /** How the page ended: its reason, its error (null when none), STOP_SENDING per track. */
  record Ending(String reason, String error, Map<String, Long> stopSending) {}

  private static final String RESOURCES = "/dev/moqbed/app/watch/";
  private static final int MAX_FRAMES_BODY_BYTES = 4 << 20;
  private static final int MAX_DONE_BODY_BYTES = 64 << 10;
  private static final Map<String, String> CONTENT_TYPES =
      Map.of(
          "html", "text/html; charset=utf-8",
          "js", "text/javascript; charset=utf-8",
          "mjs", "text/javascript; charset=utf-8",
          "css", "text/css; charset=utf-8");

  private final HttpServer server;
  private final BrowserFrames frames;
  private final CompletableFuture<Ending> ended = new CompletableFuture<>();

  private WatchServer(HttpServer server, BrowserFrames frames) {
    this.server = server;
    this.frames = frames;
  }

  /** Listens on {@code port} (0: any) of the loopback address. */
  static WatchServer start(int port, BrowserFrames frames) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
    WatchServer watch = new WatchServer(server, frames);
    server.createContext("/", watch::handle);
    server.setExecutor(Executors.newSingleThreadExecutor(WatchServer::daemon));
    server.start();
    return watch;
  }

  private static Thread daemon(Runnable task) {
    Thread thread = new Thread(task, "moqbed-watch-http");
    thread.setDaemon(true);
    return thread;
  }

  /** {@code http://127.0.0.1:PORT}. */
  String origin() {
    InetSocketAddress address = server.getAddress();
    return "http://" + address.getAddress().getHostAddress() + ":" + address.getPort();
  }

  /** Completes when the page posted {@code /done}. */
  CompletableFuture<Ending> ended() {
    return ended;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      String method = exchange.getRequestMethod();
      if (path.equals("/frames") || path.equals("/done")) {
        if (!method.equals("POST")) {
          respond(exchange, 405, "POST only");
          return;
        }
        boolean isFrames = path.equals("/frames");
        byte[] body =
            readBounded(
                exchange.getRequestBody(), isFrames ? MAX_FRAMES_BODY_BYTES : MAX_DONE_BODY_BYTES);
        if (body == null) {
          respond(exchange, 413, "too large");
          return;
        }
        String text = new String(body, StandardCharsets.UTF_8);
        if (isFrames) {
          frames.accept(text);
        } else {
          ended.complete(ending(text));
        }
        respond(exchange, 204, "");
        return;
      }
      if (!method.equals("GET")) {
        respond(exchange, 405, "GET only");
        return;
      }
      serveResource(exchange, path.equals("/") ? "index.html" : path.substring(1));
    }
  }

  private void serveResource(HttpExchange exchange, String name) throws IOException {
    int dot = name.lastIndexOf('.');
    String type = dot < 0 ? null : CONTENT_TYPES.get(name.substring(dot + 1));
    if (type == null || !name.matches("[a-z0-9_-]+\\.[a-z]+")) {
      respond(exchange, 404, "not found");
      return;
    }
    try (InputStream resource = WatchServer.class.getResourceAsStream(RESOURCES + name)) {
      if (resource == null) {
        respond(exchange, 404, "not found");
        return;
      }
      byte[] bytes = resource.readAllBytes();
      exchange.getResponseHeaders().set("Content-Type", type);
      exchange.getResponseHeaders().set("Cache-Control", "no-store");
      exchange.sendResponseHeaders(200, bytes.length);
      try (OutputStream body = exchange.getResponseBody()) {
        body.write(bytes);
      }
    }
  }

  /** The page's {@code /done} JSON; a body that is not one still ends the wait, as an error. */
  @SuppressWarnings("unchecked")
  static Ending ending(String text) {
    Object parsed;
    try {
      parsed = Json.parse(text);
    } catch (RuntimeException e) {
      return new Ending("unreadable report", "the page's /done was not JSON", Map.of());
    }
    if (!(parsed instanceof Map<?, ?> fields)) {
      return new Ending("unreadable report", "the page's /done was not a JSON object", Map.of());
    }
    Map<String, Long> stopSending = new LinkedHashMap<>();
    if (fields.get("stopSending") instanceof Map<?, ?> counts) {
      counts.forEach(
          (track, count) -> {
            if (count instanceof Number number) {
              stopSending.put(String.valueOf(track), number.longValue());
            }
          });
    }
    Object error = fields.get("error");
    Object reason = fields.get("reason");
    return new Ending(
        reason == null ? "" : String.valueOf(reason),
        error == null ? null : String.valueOf(error),
        stopSending);
  }

  private static byte[] readBounded(InputStream in, int limit) throws IOException {
    byte[] bytes = in.readNBytes(limit + 1);
    return bytes.length > limit ? null : bytes;
  }

  private static void respond(HttpExchange exchange, int status, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    exchange.sendResponseHeaders(status, status == 204 ? -1 : bytes.length);
    if (status != 204) {
      try (OutputStream body = exchange.getResponseBody()) {
        body.write(bytes);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
  }
}

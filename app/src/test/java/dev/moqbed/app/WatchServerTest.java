package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watch page's local server: what it serves, what it takes from the page, and its bounds. */
class WatchServerTest {
  private final HttpClient http = HttpClient.newHttpClient();

  private HttpResponse<String> post(WatchServer server, String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(server.origin() + path))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(WatchServer server, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(server.origin() + path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void shouldWriteTheFramesThePagePostsAndCountThemPerTrackAndKind(@TempDir Path directory)
      throws Exception {
    Path file = directory.resolve("frames.csv");
    try (BrowserFrames frames = new BrowserFrames(file);
        WatchServer server = WatchServer.start(0, frames)) {
      assertTrue(server.origin().startsWith("http://127.0.0.1:"), server.origin());
      String batch =
          "a1,0,0,AUDIO,80,1000,3000,2000,1500\n"
              + "vlow,0,0,I,9000,1000,9000,8000,2000;2500\n"
              + "not a frame\n"
              + "vlow,0,1,X,9000,1000,9000,8000,\n";
      assertEquals(204, post(server, "/frames", batch).statusCode());
      assertEquals(2, frames.frames());
      assertEquals(2, frames.rejectedLines());
      assertEquals(1, frames.received("vlow", FrameKind.I));
      assertEquals(
          List.of(
              BrowserFrames.HEADER,
              "a1,0,0,AUDIO,80,1000,3000,2000,1500",
              "vlow,0,0,I,9000,1000,9000,8000,2000;2500"),
          Files.readAllLines(file));

      assertEquals(
          204,
          post(server, "/done", "{\"reason\":\"broadcast ended\",\"stopSending\":{\"vmid\":3}}")
              .statusCode());
      WatchServer.Ending ending = server.ended().get(5, TimeUnit.SECONDS);
      assertEquals("broadcast ended", ending.reason());
      assertNull(ending.error());
      assertEquals(Map.of("vmid", 3L), ending.stopSending());
      assertTrue(
          frames
              .table(ending.stopSending())
              .render(dev.moqbed.output.OutputFormat.CSV)
              .contains("vlow,I,1"));
    }
    // closed: the latency log beside the CSV holds the two frames, one per track
    LatencyLogAssertions.assertLogsEveryFrame(file);
  }

  @Test
  void shouldRefuseWhatThePageWouldNeverSend() throws Exception {
    try (BrowserFrames frames = new BrowserFrames(null);
        WatchServer server = WatchServer.start(0, frames)) {
      assertEquals(405, get(server, "/frames").statusCode());
      assertEquals(404, get(server, "/../pom.xml").statusCode());
      assertEquals(404, get(server, "/nothing.html").statusCode());
      assertEquals(413, post(server, "/frames", "x".repeat((4 << 20) + 1)).statusCode());
      assertEquals(405, post(server, "/index.html", "").statusCode());
      assertFalse(server.ended().isDone());
      post(server, "/done", "not json");
      assertEquals(
          "the page's /done was not JSON", server.ended().get(5, TimeUnit.SECONDS).error());
    }
  }
}

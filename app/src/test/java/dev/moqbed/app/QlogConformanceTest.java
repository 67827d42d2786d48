package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sweep --qlog} of simulated runs, from the command line, against the revision the files
 * claim ({@link QlogDraftSchema}): every event kind and frame type the project writes, with every
 * controller's own event, checked field by field in every file.
 */
class QlogConformanceTest {
  /** What quic-events-04 defines that moqbed writes, and its one event of its own besides. */
  static final Set<String> EVENT_KINDS =
      Set.of(
          "transport:packet_sent",
          "transport:packet_received",
          "recovery:packet_lost",
          "recovery:metrics_updated",
          "recovery:congestion_state_updated",
          "moqbed:spurious_loss");

  @TempDir Path directory;

  static List<Path> files(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.sorted().toList();
    }
  }

  @Test
  void shouldWriteEveryEventAndFrameOfSimulatedRunsOfEachControllerAsTheDraftDefinesThem()
      throws IOException {
    Path qlog = directory.resolve("qlog");
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "sweep",
              "--scenarios",
              "media_wb",
              "--cc",
              "c4,bbr,cubic,newreno",
              "--runs",
              "2",
              "--out",
              directory.resolve("sweep").toString(),
              "--qlog",
              qlog.toString()
            },
            new PrintWriter(new StringWriter()),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    List<Path> files = files(qlog);
    assertEquals(16, files.size(), files.toString()); // 4 controllers, 2 runs, 2 ends
    QlogConformance conformance = new QlogConformance();
    for (Path file : files) {
      Map<String, Object> header = conformance.check(file);
      Map<?, ?> common = (Map<?, ?>) ((Map<?, ?>) header.get("trace")).get("common_fields");
      assertEquals(0.0, ((Number) common.get("reference_time")).doubleValue(), "virtual time");
    }
    assertTrue(conformance.eventNames.containsAll(EVENT_KINDS), conformance.eventNames.toString());
    assertEquals(
        Set.of("moqbed:c4_state", "moqbed:bbr_state", "moqbed:cubic_state", "moqbed:newreno_state"),
        conformance.eventNames.stream()
            .filter(name -> name.endsWith("_state"))
            .collect(java.util.stream.Collectors.toSet()));
    assertTrue(
        conformance.frameTypes.containsAll(
            Set.of(
                "ack",
                "stream",
                "crypto",
                "datagram",
                "padding",
                "ping",
                "handshake_done",
                "max_data",
                "connection_close",
                "new_connection_id")),
        "frame types checked: " + conformance.frameTypes);
  }
}

package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chain --transport moqbed --qlog DIR} on loopback, from the command line: every file of the
 * live chain checked against the revision it claims ({@link QlogDraftSchema}), as the simulated
 * runs' files are, with a wall-clock reference time (milliseconds since 1970, within the run).
 */
@Tag("network")
class QlogConformanceNetworkTest {
  @TempDir Path directory;

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldWriteEveryFileOfALiveChainAsTheDraftDefinesIt() throws Exception {
    Path qlog = directory.resolve("qlog");
    StringWriter err = new StringWriter();
    long startMillis = System.currentTimeMillis();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--transport",
              "moqbed",
              "--cc",
              "c4",
              "--duration",
              "2s",
              "--subscribers",
              "1",
              "--qlog",
              qlog.toString()
            },
            new PrintWriter(new StringWriter()),
            new PrintWriter(err));
    long endMillis = System.currentTimeMillis();
    assertEquals(0, exitCode, err.toString());
    List<Path> files = QlogConformanceTest.files(qlog);
    assertEquals(4, files.size(), files.toString());
    QlogConformance conformance = new QlogConformance();
    for (Path file : files) {
      Map<String, Object> header = conformance.check(file);
      Map<?, ?> common = (Map<?, ?>) ((Map<?, ?>) header.get("trace")).get("common_fields");
      double reference = ((Number) common.get("reference_time")).doubleValue();
      // Within the run on the wall clock, give or take a second: the loop's clock is the wall
      // clock read once per process and advanced by the monotonic one, which NTP may slew apart.
      assertTrue(
          reference >= startMillis - 1000 && reference <= endMillis + 1000,
          file + ": reference " + reference + " not within " + startMillis + ".." + endMillis);
    }
    for (String kind :
        List.of(
            "transport:packet_sent",
            "transport:packet_received",
            "recovery:metrics_updated",
            "recovery:congestion_state_updated",
            "transport:parameters_set",
            "moqbed:peer_parameters",
            "moqbed:c4_state")) {
      assertTrue(conformance.eventNames.contains(kind), kind + " in " + conformance.eventNames);
    }
    assertTrue(
        conformance.frameTypes.containsAll(List.of("stream", "ack", "crypto", "new_connection_id")),
        conformance.frameTypes.toString());
  }
}

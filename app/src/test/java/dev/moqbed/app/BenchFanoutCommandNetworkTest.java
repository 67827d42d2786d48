package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.netty.NativeQuic;
import dev.moqbed.output.Csv;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code moqbed bench fanout --format csv} end to end: relay and publisher in this JVM, the
 * subscribers in a second one started from this test's class path; the leading columns and
 * one row per track, with every audio frame expected delivered.
 */
@Tag("network")
class BenchFanoutCommandNetworkTest {

  @ParameterizedTest
  @CsvSource({"quiche,quiche:cubic", "moqbed,c4"})
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldPrintOneCsvRowPerTrackWithExpectedAndDeliveredFirst(String transport, String cc) {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "bench",
              "fanout",
              "--subscribers",
              "3",
              "--duration",
              "2s",
              "--warmup",
              "1s",
              "--late",
              "0",
              "--transport",
              transport,
              "--cc",
              cc,
              "--format",
              "csv"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    String[] lines = out.toString().split("\n");
    assertTrue(
        lines[0].startsWith(
            "transport,cc,subscribers,track,expected,delivered,p50_us,p99_us,max_us,"),
        lines[0]);
    assertTrue(lines[0].contains(",added_p50_us,added_p99_us,added_max_us,"), lines[0]);
    assertEquals(4, lines.length, out.toString());
    String[] audio = lines[1].split(",");
    assertEquals(transport, audio[0]);
    assertEquals(cc, audio[1]);
    assertEquals("3", audio[2]);
    assertEquals("a1", audio[3]);
    // 2 s of 50 fps audio to 3 subscribers: 100 frames each, or 101 when a frame's capture time
    // falls on both edges of the measured window
    long expected = Long.parseLong(audio[4]);
    assertTrue(expected == 3 * 100 || expected == 3 * 101, "expected " + expected);
    assertEquals(audio[4], audio[5], "every audio frame delivered");
    assertTrue(Long.parseLong(audio[9]) <= Long.parseLong(audio[6]), "added <= end to end");
    assertEquals("vmid", lines[3].split(",")[3]);
  }

  /**
   * A list of counts runs each, in order, with the relay's process and the subscribers' pinned to
   * CPUs of their own; each run's cost names both sides, per subscriber.
   */
  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldRunEachCountOfAListOnPinnedCpus() throws Exception {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "two CPUs to pin the sides to");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "bench",
              "fanout",
              "--subscribers",
              "2,1",
              "--duration",
              "2s",
              "--warmup",
              "1s",
              "--late",
              "0",
              "--spec",
              "=a1:d50:p2:S:n250:80;",
              "--relay-cpus",
              "0",
              "--subscriber-cpus",
              "1",
              "--format",
              "csv"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    List<Long> counts = new ArrayList<>();
    try (Csv.Rows rows = Csv.read(new StringReader(out.toString()), "bench fanout")) {
      for (Csv.Row row : rows) {
        String text = out.toString();
        counts.add(row.getLong("subscribers"));
        assertEquals(row.get("expected"), row.get("delivered"), text);
        double relay = row.getDouble("relay_cpu_pct");
        double perSubscriber = row.getDouble("relay_cpu_per_sub_pct");
        assertEquals(relay / row.getLong("subscribers"), perSubscriber, 0.06, text);
        assertTrue(row.getDouble("swarm_cpu_pct") > 0, text);
        assertTrue(row.getDouble("relay_process_cpu_pct") >= relay, text);
        // the swarm reported its collections over the window (an empty cell fails to parse)
        assertTrue(row.getLong("swarm_gc_count") >= 0 && row.getLong("swarm_gc_ms") >= 0, text);
        // the relay's sockets: every subscriber got its 50 audio datagrams a second (at least half
        // of them inside the window's edges) and acknowledged some; the publisher's are left out
        assertTrue(row.getDouble("relay_tx_per_sub_s") > 25, text);
        double received = row.getDouble("relay_rx_per_sub_s");
        assertTrue(received > 0 && received < row.getDouble("relay_tx_per_sub_s"), text);
        assertTrue(row.getDouble("relay_cpu_ns_per_tx") > 0, text);
      }
    }
    assertEquals(List.of(1L, 2L), counts, "the counts ascending, one audio row each");
  }
}

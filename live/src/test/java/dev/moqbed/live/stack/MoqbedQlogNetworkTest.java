package dev.moqbed.live.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.LiveChain;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --qlog} on the project's stack: a short chain on loopback writes one file per connection
 * end (publisher, subscriber, and the relay's two connections), each parses as qlog 0.3 JSON-SEQ
 * with the simulator's fields, and the two ends of each connection agree on their group, on the
 * packets that went between them and, through their wall-clock reference times, on when each of
 * those packets left and arrived.
 */
@Tag("network")
class MoqbedQlogNetworkTest {
  @TempDir Path directory;

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldWriteAParsableQlogOfEveryConnectionEndOfALiveChain() throws Exception {
    QlogFiles qlog = QlogFiles.create(directory);
    LiveStack stack = LiveStack.of(LiveTransport.MOQBED, "c4").withQlog(qlog, "chain");
    List<String> log = new CopyOnWriteArrayList<>();
    long startMillis = System.currentTimeMillis();
    LiveChain.Result result =
        LiveChain.run(
            ChainOptions.builder()
                .media(MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX))
                .durationMicros(1_000_000)
                .subscribers(1)
                .lateMicros(1_000_000)
                .stacks(stack, stack)
                .log(log::add)
                .build());
    qlog.finish();
    long endMillis = System.currentTimeMillis();
    for (SubscriberReport report : result.subscribers()) {
      assertTrue(report.completed(), report.endReason() + " " + log);
    }
    assertTrue(qlog.summary().startsWith("4 qlog files"), qlog.summary());
    assertEquals(0, qlog.recordsDropped());

    Map<String, QlogTrace> traces = new HashMap<>();
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : files.sorted().toList()) {
        traces.put(file.getFileName().toString(), QlogTrace.read(file));
      }
    }
    assertEquals(4, traces.size(), traces.keySet().toString());
    Map<String, List<QlogTrace>> byGroup = new HashMap<>();
    for (Map.Entry<String, QlogTrace> entry : traces.entrySet()) {
      String name = entry.getKey();
      QlogTrace trace = entry.getValue();
      assertTrue(
          name.matches(
              "(relay|publisher|subscriber)_(client|server)_127\\.0\\.0\\.1-\\d+_\\d\\.sqlog"),
          name);
      trace.checkHeader();
      // The connection's start on the wall clock, within the test give or take a second: the
      // loop's clock is the wall clock read once per process, advanced by the monotonic one.
      assertTrue(
          trace.referenceTime() >= startMillis - 1000 && trace.referenceTime() <= endMillis + 1000,
          name
              + " starts at "
              + trace.referenceTime()
              + ", not in "
              + startMillis
              + ".."
              + endMillis);
      assertEquals(name.contains("_server_") ? "server" : "client", trace.vantagePoint(), name);
      Set<String> sentFrames = trace.checkEvents("moqbed:c4_state");
      assertTrue(sentFrames.contains("stream"), name + " sent " + sentFrames);
      assertTrue(trace.count("recovery:metrics_updated") > 0, name);
      assertTrue(trace.count("moqbed:c4_state") > 0, name);
      byGroup.computeIfAbsent(trace.groupId(), id -> new java.util.ArrayList<>()).add(trace);
    }
    // Two connections (publisher -> relay, relay -> subscriber), each seen from both ends.
    assertEquals(2, byGroup.size(), byGroup.keySet().toString());
    for (List<QlogTrace> ends : byGroup.values()) {
      assertEquals(2, ends.size());
      QlogTrace first = ends.get(0);
      QlogTrace second = ends.get(1);
      assertTrue(!first.vantagePoint().equals(second.vantagePoint()), "a client and a server");
      // Loopback: what one end sent the other received, but for the last packets in flight as the
      // chain closes its endpoints.
      for (QlogTrace[] pair : new QlogTrace[][] {{first, second}, {second, first}}) {
        long sent = pair[0].count("transport:packet_sent");
        long received = pair[1].count("transport:packet_received");
        assertTrue(received <= sent && received >= sent - 8, sent + " sent, " + received);
        checkAligned(pair[0], pair[1]);
      }
    }
  }

  /**
   * On one host's clock every packet arrives after it left, and most within a few milliseconds:
   * true for the packets {@code receiver} logged of those {@code sender} logged, with the traces'
   * own reference times and none other. A wrong reference shifts them all: back (arrivals before
   * departures: each end counted from its own start, the client's earlier by its handshake setup,
   * 288 ms measured on a busy machine) or forward (a median far beyond loopback's). Single packets
   * may wait long in a stalled loop at start (1.4 s measured), so the bound is on the median.
   */
  private static void checkAligned(QlogTrace sender, QlogTrace receiver) {
    List<Double> delays = new java.util.ArrayList<>();
    for (var event : receiver.events) {
      if (!event.get("name").asText().equals("transport:packet_received")) {
        continue;
      }
      var header = event.get("data").get("header");
      String type = header.get("packet_type").asText();
      long number = header.get("packet_number").asLong();
      double sent = sender.packetTime("transport:packet_sent", type, number);
      double arrived = receiver.referenceTime() + event.get("time").asDouble();
      assertTrue(
          arrived >= sent, type + " " + number + " sent at " + sent + ", received " + arrived);
      delays.add(arrived - sent);
    }
    assertTrue(delays.size() > 10, delays.size() + " packets matched");
    java.util.Collections.sort(delays);
    double median = delays.get(delays.size() / 2);
    assertTrue(median < 100, "median one-way delay " + median + " ms on loopback");
  }
}

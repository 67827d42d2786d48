package dev.moqbed.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.netsim.TwoNodeNetwork;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The qlog files of a run, read back with an independent JSON parser (Jackson): JSON-SEQ records,
 * the qlog 0.3 header, the required fields of every event kind, times that never go back, the
 * packets the connection really sent, its losses, and a run whose results do not change when the
 * files are written.
 */
class QlogFilesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> PACKET_TYPES = Set.of("initial", "handshake", "1RTT");
  private static final Set<String> TRIGGERS =
      Set.of("reordering_threshold", "time_threshold", "pto_expired");
  private static final List<String> METRICS =
      List.of(
          "min_rtt",
          "smoothed_rtt",
          "latest_rtt",
          "rtt_variance",
          "congestion_window",
          "bytes_in_flight",
          "pacing_rate");

  @TempDir Path directory;

  /** What the main server end of flow 0 sent, seen by the simulation's own observer. */
  private static final class SentPackets {
    final List<String> packets = new ArrayList<>();
    long datagrams;

    void onSent(long nowMicros, Datagram datagram) {
      if (datagram.flowId() != 0 || datagram.sourceNode() != TwoNodeNetwork.SERVER_NODE) {
        return;
      }
      datagrams++;
      List<QuicPacket> sent = QuicPackets.in(datagram);
      for (QuicPacket packet : sent) {
        packets.add(packetType(packet) + ":" + packet.packetNumber());
      }
    }

    private static String packetType(QuicPacket packet) {
      return switch (packet.space()) {
        case INITIAL -> "initial";
        case HANDSHAKE -> "handshake";
        case APPLICATION -> "1RTT";
      };
    }
  }

  @Test
  void shouldWriteAQlogOfEachEndOfAMediaRunThatParsesAndLeavesTheRunUnchanged() throws IOException {
    ResolvedScenario media = ScenarioCatalog.standard().resolve("media_wb", "c4");
    ScenarioSimulation simulation =
        new ScenarioSimulation(media.spec(), ControllerRegistry.standard());
    int run = 1; // a run of media_wb that loses packets
    ScenarioSimulation.Outcome plain = simulation.run(1, run);
    SentPackets sent = new SentPackets();
    QlogDirectory qlog = QlogDirectory.create(directory);
    ScenarioSimulation.Outcome traced;
    try (QlogRun files = qlog.forRun("media_wb", "c4", run)) {
      traced = simulation.run(1, run, null, sent::onSent, files);
    }

    assertEquals(plain.record("media_wb", "c4", run, 1), traced.record("media_wb", "c4", run, 1));
    FrameTable plainFrames = new FrameTable();
    plainFrames.add(run, plain.frames());
    FrameTable tracedFrames = new FrameTable();
    tracedFrames.add(run, traced.frames());
    assertEquals(plainFrames.render(), tracedFrames.render());

    assertEquals(2, qlog.files());
    Path serverFile = directory.resolve("media_wb_c4_1_server_0.sqlog");
    Path clientFile = directory.resolve("media_wb_c4_1_client_0.sqlog");
    assertEquals(Files.size(serverFile) + Files.size(clientFile), qlog.bytes());

    Trace server = Trace.read(serverFile);
    Trace client = Trace.read(clientFile);
    server.checkHeader("server", "media_wb_c4_1_0");
    client.checkHeader("client", "media_wb_c4_1_0");
    Set<String> frameTypes = new HashSet<>();
    for (Trace trace : List.of(server, client)) {
      trace.checkEvents(frameTypes, "moqbed:c4_state", "nominal_rate_bytes_per_second");
    }
    assertTrue(
        frameTypes.containsAll(
            Set.of(
                "ack",
                "stream",
                "crypto",
                "datagram",
                "padding",
                "ping",
                "handshake_done",
                "max_data",
                "connection_close")),
        "frame types seen: " + frameTypes);

    // The server's packet_sent events are the packets it sent, in order, one for one.
    assertEquals(sent.packets, server.sentPackets());
    assertEquals(traced.mainSender().datagramsSent(), sent.datagrams);
    assertTrue(traced.mainSender().packetsLost() > 0, "run " + run + " should lose packets");
    assertEquals(traced.mainSender().packetsLost(), server.count("recovery:packet_lost"));
    assertTrue(traced.mainSender().spuriousLosses() > 0, "run " + run + " has spurious losses");
    assertEquals(traced.mainSender().spuriousLosses(), server.count("moqbed:spurious_loss"));
  }

  @Test
  void shouldWriteTheSameBytesForTheSameSeed(@TempDir Path again) throws IOException {
    ResolvedScenario media = ScenarioCatalog.standard().resolve("media_wb", "c4");
    ScenarioSimulation simulation =
        new ScenarioSimulation(media.spec(), ControllerRegistry.standard());
    for (Path into : List.of(directory, again)) {
      try (QlogRun files = QlogDirectory.create(into).forRun("media_wb", "c4", 1)) {
        simulation.run(1, 1, null, null, files);
      }
    }
    for (String name : List.of("media_wb_c4_1_server_0.sqlog", "media_wb_c4_1_client_0.sqlog")) {
      byte[] first = Files.readAllBytes(directory.resolve(name));
      assertTrue(first.length > 100_000, name + ": " + first.length + " bytes");
      assertArrayEquals(first, Files.readAllBytes(again.resolve(name)), name);
    }
  }

  @Test
  void shouldLogBbrStateOfABulkTransferWithLosses() throws IOException {
    BulkSpec lossy =
        new BulkSpec(
            LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.02, 20_000, 5_000)),
            20_000_000,
            "bbr",
            397,
            2_000_000);
    BulkResult plain = BulkSimulation.run(lossy, 1, 0);
    QlogDirectory qlog = QlogDirectory.create(directory);
    BulkResult traced;
    try (QlogRun files = qlog.forRun("bulk", "bbr", 0)) {
      traced = BulkSimulation.run(lossy, 1, 0, null, RunVariation.DEFAULT, files);
    }
    assertEquals(plain, traced);
    Trace server = Trace.read(directory.resolve("bulk_bbr_0_server_0.sqlog"));
    server.checkHeader("server", "bulk_bbr_0_0");
    server.checkEvents(new HashSet<>(), "moqbed:bbr_state", "bw_bytes_per_second");
    assertTrue(traced.packetsLost() > 0, "the 5 ms queue should drop packets");
    assertEquals(traced.packetsLost(), server.count("recovery:packet_lost"));
    // One event per packet: every datagram is one packet except where handshake packets coalesce.
    long packetEvents = server.count("transport:packet_sent");
    assertTrue(packetEvents >= traced.packetsSent(), packetEvents + " events");
    assertTrue(
        packetEvents - traced.packetsSent() <= server.handshakePacketsSent(),
        packetEvents + " events for " + traced.packetsSent() + " datagrams");
    JsonNode lastBbr = server.last("moqbed:bbr_state");
    assertTrue(lastBbr.get("pacing_gain_percent").asLong() > 0);
    assertTrue(lastBbr.get("bw_bytes_per_second").asLong() > 0);
  }

  /** One qlog file: its header and its events, each record checked as JSON-SEQ on the way. */
  private static final class Trace {
    final JsonNode header;
    final List<JsonNode> events = new ArrayList<>();

    private Trace(JsonNode header) {
      this.header = header;
    }

    static Trace read(Path file) throws IOException {
      String text = Files.readString(file, StandardCharsets.US_ASCII);
      assertEquals(0x1e, text.charAt(0), "a JSON-SEQ record starts with RS");
      String[] records = text.substring(1).split("\u001e", -1);
      Trace trace = null;
      for (String record : records) {
        assertTrue(record.endsWith("\n"), "each record ends with a line feed");
        JsonNode node = JSON.readTree(record);
        if (trace == null) {
          trace = new Trace(node);
        } else {
          trace.events.add(node);
        }
      }
      return trace;
    }

    void checkHeader(String vantagePoint, String groupId) {
      assertEquals("0.3", header.get("qlog_version").asText());
      assertEquals("JSON-SEQ", header.get("qlog_format").asText());
      JsonNode trace = header.get("trace");
      assertEquals(vantagePoint, trace.get("vantage_point").get("type").asText());
      JsonNode common = trace.get("common_fields");
      // Virtual time: the simulation's start is the reference, whatever the wall clock says.
      assertEquals(0.0, common.get("reference_time").asDouble());
      assertEquals("relative", common.get("time_format").asText());
      assertEquals(groupId, common.get("group_id").asText());
      JsonNode configuration = trace.get("configuration");
      assertEquals(0, configuration.get("time_offset").asInt());
      assertTrue(configuration.get("original_uris").isArray());
      assertTrue(configuration.get("moqbed").get("events").has("moqbed:spurious_loss"));
    }

    /** Checks every event's fields; collects the frame types seen. */
    void checkEvents(Set<String> frameTypes, String controllerEvent, String controllerValue) {
      double previousTime = 0;
      boolean fullMetrics = false;
      String state = null;
      for (JsonNode event : events) {
        double time = event.get("time").asDouble();
        assertTrue(time >= previousTime, "time goes back at " + event);
        previousTime = time;
        String name = event.get("name").asText();
        JsonNode data = event.get("data");
        switch (name) {
          case "transport:packet_sent", "transport:packet_received" -> {
            checkHeader(data.get("header"), event);
            assertTrue(data.get("raw").get("length").asLong() > 0, event.toString());
            assertTrue(data.get("frames").size() > 0, event.toString());
            for (JsonNode frame : data.get("frames")) {
              frameTypes.add(checkFrame(frame));
            }
          }
          case "recovery:packet_lost" -> {
            checkHeader(data.get("header"), event);
            assertTrue(TRIGGERS.contains(data.get("trigger").asText()), event.toString());
          }
          case "moqbed:spurious_loss" -> checkHeader(data.get("header"), event);
          case "recovery:metrics_updated" -> {
            assertTrue(data.size() > 0, "a metrics update with nothing changed: " + event);
            for (var field : (Iterable<java.util.Map.Entry<String, JsonNode>>) data::fields) {
              assertTrue(METRICS.contains(field.getKey()), event.toString());
              assertTrue(field.getValue().asDouble() >= 0, event.toString());
            }
            fullMetrics |= METRICS.stream().allMatch(data::has);
          }
          case "recovery:congestion_state_updated" -> {
            String next = data.get("new").asText();
            assertFalse(next.isEmpty());
            if (state != null) {
              assertEquals(state, data.get("old").asText(), event.toString());
            }
            assertFalse(next.equals(state), "no change: " + event);
            state = next;
          }
          default -> {
            assertEquals(controllerEvent, name, "unexpected event " + event);
            assertTrue(data.get("state").isTextual(), event.toString());
            assertTrue(data.get(controllerValue).isNumber(), event.toString());
          }
        }
      }
      assertTrue(fullMetrics, "one metrics_updated carries every metric");
      assertTrue(state != null, "a congestion state was logged");
      assertTrue(count(controllerEvent) > 0, controllerEvent);
    }

    private static void checkHeader(JsonNode header, JsonNode event) {
      assertTrue(PACKET_TYPES.contains(header.get("packet_type").asText()), event.toString());
      assertTrue(header.get("packet_number").asLong() >= 0, event.toString());
    }

    /**
     * The frame's type. Each frame type's fields are checked against the draft by the app module's
     * QlogConformanceTest (and QlogFramesTest in transport), over files of every controller.
     */
    private static String checkFrame(JsonNode frame) {
      return frame.get("frame_type").asText();
    }

    List<String> sentPackets() {
      List<String> packets = new ArrayList<>();
      for (JsonNode event : events) {
        if (event.get("name").asText().equals("transport:packet_sent")) {
          JsonNode header = event.get("data").get("header");
          packets.add(
              header.get("packet_type").asText() + ":" + header.get("packet_number").asLong());
        }
      }
      return packets;
    }

    long handshakePacketsSent() {
      return sentPackets().stream().filter(p -> !p.startsWith("1RTT")).count();
    }

    long count(String name) {
      return events.stream().filter(e -> e.get("name").asText().equals(name)).count();
    }

    JsonNode last(String name) {
      JsonNode last = null;
      for (JsonNode event : events) {
        if (event.get("name").asText().equals(name)) {
          last = event.get("data");
        }
      }
      return last;
    }
  }
}

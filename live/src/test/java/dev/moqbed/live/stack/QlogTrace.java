package dev.moqbed.live.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One live qlog file read back with Jackson, with the checks of the simulator's {@code
 * QlogFilesTest} (simulation's tests are not visible here): JSON-SEQ framing, the qlog 0.3 header
 * with its wall-clock reference, the events' own rules, times that never go back. Every field of
 * every event and frame is checked against the draft by the app module's QlogConformanceTest.
 */
final class QlogTrace {
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

  final JsonNode header;
  final List<JsonNode> events = new ArrayList<>();

  private QlogTrace(JsonNode header) {
    this.header = header;
  }

  static QlogTrace read(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.US_ASCII);
    assertEquals(0x1e, text.charAt(0), file + ": a JSON-SEQ record starts with RS");
    QlogTrace trace = null;
    for (String record : text.substring(1).split("\u001e", -1)) {
      assertTrue(record.endsWith("\n"), file + ": each record ends with a line feed");
      JsonNode node = JSON.readTree(record);
      if (trace == null) {
        trace = new QlogTrace(node);
      } else {
        trace.events.add(node);
      }
    }
    return trace;
  }

  String vantagePoint() {
    return header.get("trace").get("vantage_point").get("type").asText();
  }

  /** The header's reference time: the connection's start in milliseconds since 1970. */
  double referenceTime() {
    return header.get("trace").get("common_fields").get("reference_time").asDouble();
  }

  /** The first packet event {@code name} of {@code type} and {@code number}: its absolute time. */
  double packetTime(String name, String type, long number) {
    for (JsonNode event : events) {
      JsonNode header = event.get("data").get("header");
      if (event.get("name").asText().equals(name)
          && header.get("packet_type").asText().equals(type)
          && header.get("packet_number").asLong() == number) {
        return referenceTime() + event.get("time").asDouble();
      }
    }
    return Double.NaN;
  }

  String groupId() {
    return header.get("trace").get("common_fields").get("group_id").asText();
  }

  void checkHeader() {
    assertEquals("0.3", header.get("qlog_version").asText());
    assertEquals("JSON-SEQ", header.get("qlog_format").asText());
    JsonNode trace = header.get("trace");
    assertTrue(Set.of("client", "server").contains(vantagePoint()));
    JsonNode common = trace.get("common_fields");
    assertTrue(common.get("reference_time").isNumber());
    assertEquals("relative", common.get("time_format").asText());
    assertTrue(trace.get("configuration").get("original_uris").isArray());
    assertEquals(16, groupId().length(), "the client's first 8-byte id in hex: " + groupId());
  }

  /** Checks every event's fields; returns the frame types seen in packets sent. */
  Set<String> checkEvents(String controllerEvent) {
    Set<String> sentFrameTypes = new java.util.HashSet<>();
    double previousTime = 0;
    String state = null;
    Set<String> declaredLost = new java.util.HashSet<>();
    int peerParameterEvents = 0;
    for (JsonNode event : events) {
      double time = event.get("time").asDouble();
      assertTrue(time >= previousTime, "time goes back at " + event);
      previousTime = time;
      String name = event.get("name").asText();
      JsonNode data = event.get("data");
      switch (name) {
        case "transport:packet_sent", "transport:packet_received" -> {
          checkPacketHeader(data.get("header"), event);
          assertTrue(data.get("raw").get("length").asLong() > 0, event.toString());
          assertTrue(data.get("frames").size() > 0, event.toString());
          for (JsonNode frame : data.get("frames")) {
            String type = checkFrame(frame);
            if (name.endsWith("sent")) {
              sentFrameTypes.add(type);
            }
          }
        }
        case "recovery:packet_lost" -> {
          checkPacketHeader(data.get("header"), event);
          assertTrue(TRIGGERS.contains(data.get("trigger").asText()), event.toString());
          declaredLost.add(packetKey(data.get("header")));
        }
        case "moqbed:spurious_loss" -> {
          // An ACK for a packet declared lost: it must have been declared lost before.
          checkPacketHeader(data.get("header"), event);
          assertTrue(declaredLost.contains(packetKey(data.get("header"))), event.toString());
        }
        case "recovery:metrics_updated" -> {
          assertTrue(data.size() > 0, "a metrics update with nothing changed: " + event);
          for (var field : (Iterable<Map.Entry<String, JsonNode>>) data::fields) {
            assertTrue(METRICS.contains(field.getKey()), event.toString());
            assertTrue(field.getValue().asDouble() >= 0, event.toString());
          }
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
        case "transport:parameters_set" -> {
          // the peer's transport parameters, once (PeerParametersEvent)
          assertEquals("remote", data.get("owner").asText(), event.toString());
          assertTrue(data.get("initial_max_data").asLong() > 0, event.toString());
          assertTrue(data.get("max_ack_delay").asLong() > 0, event.toString());
          peerParameterEvents++;
        }
        case "moqbed:peer_parameters" -> {
          assertTrue(data.get("max_datagram_frame_size").asLong() >= 0, event.toString());
          assertTrue(data.has("min_ack_delay"), event.toString());
          peerParameterEvents++;
        }
        default -> {
          assertEquals(controllerEvent, name, "unexpected event " + event);
          assertTrue(data.get("state").isTextual(), event.toString());
        }
      }
    }
    assertTrue(state != null, "a congestion state was logged");
    assertTrue(peerParameterEvents <= 2, "the peer's parameters logged more than once");
    return sentFrameTypes;
  }

  private static String packetKey(JsonNode header) {
    return header.get("packet_type").asText() + "/" + header.get("packet_number").asLong();
  }

  private static void checkPacketHeader(JsonNode header, JsonNode event) {
    assertTrue(PACKET_TYPES.contains(header.get("packet_type").asText()), event.toString());
    assertTrue(header.get("packet_number").asLong() >= 0, event.toString());
  }

  private static String checkFrame(JsonNode frame) {
    return frame.get("frame_type").asText();
  }

  long count(String name) {
    return events.stream().filter(e -> e.get("name").asText().equals(name)).count();
  }
}

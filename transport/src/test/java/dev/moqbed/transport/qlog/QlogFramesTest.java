package dev.moqbed.transport.qlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.UnreadMessage;
import dev.moqbed.transport.recovery.AckFrame;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every frame type of the stack as qlog writes it, against draft-ietf-quic-qlog-quic-events-04's
 * frame definitions (field names, units, which fields are required) and the two extensions the
 * header declares. The expected texts are written from the draft, not from the writer.
 */
class QlogFramesTest {
  private static String written(Frame frame) {
    JsonText json = new JsonText();
    QlogFrames.frame(json, frame);
    return json.text().toString();
  }

  /** One frame of each type the stack has, with the qlog text the draft asks for. */
  private static Map<Frame, String> examples() {
    Map<Frame, String> examples = new LinkedHashMap<>();
    examples.put(
        new Frame.Stream(4, 1200, 1000, false, true, null),
        "{\"frame_type\":\"stream\",\"stream_id\":4,\"offset\":1200,\"length\":1000}");
    examples.put(
        new Frame.Stream(8, 0, 10, true, true, null),
        "{\"frame_type\":\"stream\",\"stream_id\":8,\"offset\":0,\"length\":10,\"fin\":true}");
    examples.put(
        new Frame.Ack(AckFrame.of(25_000, 3, 9, 12, 5, 5, 1, 3), new long[] {7, 0, 2}),
        "{\"frame_type\":\"ack\",\"ack_delay\":25.000,\"acked_ranges\":[[9,12],[5],[1,3]],"
            + "\"ect0\":7,\"ect1\":0,\"ce\":2}");
    examples.put(
        new Frame.Datagram(new UnreadMessage(300)), "{\"frame_type\":\"datagram\",\"length\":300}");
    examples.put(
        new Frame.ResetStream(4, 0x10, 5000),
        "{\"frame_type\":\"reset_stream\",\"stream_id\":4,\"error_code\":16,\"final_size\":5000}");
    examples.put(
        new Frame.StopSending(4, 3),
        "{\"frame_type\":\"stop_sending\",\"stream_id\":4,\"error_code\":3}");
    examples.put(new Frame.MaxData(1 << 20), "{\"frame_type\":\"max_data\",\"maximum\":1048576}");
    examples.put(
        new Frame.MaxStreamData(4, 65536),
        "{\"frame_type\":\"max_stream_data\",\"stream_id\":4,\"maximum\":65536}");
    examples.put(new Frame.DataBlocked(100), "{\"frame_type\":\"data_blocked\",\"limit\":100}");
    examples.put(
        new Frame.StreamDataBlocked(4, 100),
        "{\"frame_type\":\"stream_data_blocked\",\"stream_id\":4,\"limit\":100}");
    examples.put(
        new Frame.MaxStreams(false, 10),
        "{\"frame_type\":\"max_streams\",\"stream_type\":\"unidirectional\",\"maximum\":10}");
    examples.put(
        new Frame.StreamsBlocked(true, 10),
        "{\"frame_type\":\"streams_blocked\",\"stream_type\":\"bidirectional\",\"limit\":10}");
    examples.put(new Frame.Ping(), "{\"frame_type\":\"ping\"}");
    examples.put(
        new Frame.Padding(37), "{\"frame_type\":\"padding\",\"length\":37,\"payload_length\":37}");
    examples.put(new Frame.HandshakeDone(), "{\"frame_type\":\"handshake_done\"}");
    examples.put(
        new Frame.PathChallenge(0x0102030405060708L),
        "{\"frame_type\":\"path_challenge\",\"data\":\"0102030405060708\"}");
    examples.put(
        new Frame.PathResponse(0xfedcba9876543210L),
        "{\"frame_type\":\"path_response\",\"data\":\"fedcba9876543210\"}");
    examples.put(
        Frame.ConnectionClose.withReason(0x0a, false, "bad frame"),
        "{\"frame_type\":\"connection_close\",\"error_space\":\"transport\","
            + "\"error_code\":\"protocol_violation\",\"error_code_value\":10,"
            + "\"reason\":\"bad frame\"}");
    examples.put(
        new Frame.AckFrequency(2, 10, 25_000),
        "{\"frame_type\":\"ack_frequency\",\"sequence_number\":2,\"ack_eliciting_threshold\":10,"
            + "\"request_max_ack_delay\":25.000}");
    examples.put(
        new Frame.Crypto(0, 1200), "{\"frame_type\":\"crypto\",\"offset\":0,\"length\":1200}");
    examples.put(
        new Frame.NewConnectionId(3, 1),
        "{\"frame_type\":\"new_connection_id\",\"sequence_number\":3,\"retire_prior_to\":1,"
            + "\"connection_id_length\":8,\"connection_id\":\"\"}");
    return examples;
  }

  @Test
  void shouldWriteEachFrameTypeOfTheModelWithTheDraftsFields() {
    for (Map.Entry<Frame, String> example : examples().entrySet()) {
      assertEquals(example.getValue(), written(example.getKey()), example.getKey().toString());
    }
  }

  @Test
  void shouldHaveAnExampleOfEveryFrameTypeTheModelHas() {
    Set<String> covered = new TreeSet<>();
    for (Frame frame : examples().keySet()) {
      covered.add(frame.getClass().getSimpleName());
    }
    Set<String> all = new TreeSet<>();
    Arrays.stream(Frame.class.getPermittedSubclasses()).forEach(c -> all.add(c.getSimpleName()));
    assertEquals(all, covered, "a frame type the stack gained needs its qlog mapping");
  }

  @Test
  void shouldNameTransportErrorsAsTheDraftAndLogApplicationCodesAsNumbers() {
    assertEquals(
        "{\"frame_type\":\"connection_close\",\"error_space\":\"transport\","
            + "\"error_code\":\"no_error\",\"error_code_value\":0,\"reason\":\"\"}",
        written(new Frame.ConnectionClose(0, false)));
    assertEquals(
        "{\"frame_type\":\"connection_close\",\"error_space\":\"transport\","
            + "\"error_code\":\"crypto_error_0x12a\",\"error_code_value\":298,\"reason\":\"\"}",
        written(new Frame.ConnectionClose(0x12a, false)));
    assertEquals(
        "{\"frame_type\":\"connection_close\",\"error_space\":\"transport\","
            + "\"error_code\":17,\"error_code_value\":17,\"reason\":\"\"}",
        written(new Frame.ConnectionClose(0x11, false)));
    assertEquals(
        "{\"frame_type\":\"connection_close\",\"error_space\":\"application\","
            + "\"error_code\":0,\"error_code_value\":0,\"reason\":\"\"}",
        written(new Frame.ConnectionClose(0, true)));
    // Beyond uint32 only the value is logged: error_code allows uint32 at most.
    String large = written(new Frame.ConnectionClose(1L << 40, true));
    assertFalse(large.contains("\"error_code\":"), large);
    assertEquals(
        "{\"frame_type\":\"connection_close\",\"error_space\":\"application\","
            + "\"error_code_value\":1099511627776,\"reason\":\"\"}",
        large);
  }
}

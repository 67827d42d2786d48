package dev.moqbed.transport.qlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.transport.wire.TransportParameters;
import org.junit.jupiter.api.Test;

/** The peer's parameters as quic-events-04's parameters_set names them; texts from the draft. */
class PeerParametersEventTest {
  private static String written(TransportParameters peer) {
    JsonText json = new JsonText();
    json.beginObject();
    PeerParametersEvent.write(json, peer);
    json.endObject();
    return json.text().toString();
  }

  private static TransportParameters receiver() {
    return new TransportParameters()
        .maxIdleTimeoutMillis(30_000)
        .maxUdpPayloadSize(1472)
        .ackDelayExponent(3)
        .maxAckDelayMillis(25)
        .activeConnectionIdLimit(4)
        .initialMaxData(15_728_640)
        .initialMaxStreamDataBidiLocal(6_291_456)
        .initialMaxStreamDataBidiRemote(6_291_456)
        .initialMaxStreamDataUni(6_291_456)
        .initialMaxStreamsBidi(100)
        .initialMaxStreamsUni(103)
        .maxDatagramFrameSize(65_536);
  }

  private static final String WITHOUT_ACK_FREQUENCY =
      "{\"owner\":\"remote\",\"max_idle_timeout\":30000,\"max_udp_payload_size\":1472,"
          + "\"ack_delay_exponent\":3,\"max_ack_delay\":25,\"active_connection_id_limit\":4,"
          + "\"initial_max_data\":15728640,\"initial_max_stream_data_bidi_local\":6291456,"
          + "\"initial_max_stream_data_bidi_remote\":6291456,"
          + "\"initial_max_stream_data_uni\":6291456,\"initial_max_streams_bidi\":100,"
          + "\"initial_max_streams_uni\":103,\"max_datagram_frame_size\":65536";

  @Test
  void aReceiverWithoutTheAckFrequencyExtensionHasNoMinAckDelay() {
    assertEquals(WITHOUT_ACK_FREQUENCY + "}", written(receiver()));
  }

  @Test
  void minAckDelayIsWrittenInMillisecondsWhenOffered() {
    assertEquals(
        WITHOUT_ACK_FREQUENCY + ",\"min_ack_delay\":1.000}",
        written(receiver().minAckDelayMicros(1000)));
  }
}

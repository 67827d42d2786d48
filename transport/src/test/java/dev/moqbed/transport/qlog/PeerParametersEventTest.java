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

  private static String extension(TransportParameters peer) {
    JsonText json = new JsonText();
    json.beginObject();
    PeerParametersEvent.writeExtension(json, peer);
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
        .initialMaxStreamDataBidiRemote(6_291_457)
        .initialMaxStreamDataUni(6_291_458)
        .initialMaxStreamsBidi(100)
        .initialMaxStreamsUni(103)
        .maxDatagramFrameSize(65_536);
  }

  @Test
  void theDraftsFieldsWithTheirNamesAndUnits() {
    assertEquals(
        "{\"owner\":\"remote\",\"max_idle_timeout\":30000,\"max_udp_payload_size\":1472,"
            + "\"ack_delay_exponent\":3,\"max_ack_delay\":25,\"active_connection_id_limit\":4,"
            + "\"initial_max_data\":15728640,\"initial_max_stream_data_bidi_local\":6291456,"
            + "\"initial_max_stream_data_bidi_remote\":6291457,"
            + "\"initial_max_stream_data_uni\":6291458,\"initial_max_streams_bidi\":100,"
            + "\"initial_max_streams_uni\":103}",
        written(receiver()));
  }

  @Test
  void aReceiverWithoutTheAckFrequencyExtensionHasMinAckDelayMinusOne() {
    assertEquals("{\"max_datagram_frame_size\":65536,\"min_ack_delay\":-1}", extension(receiver()));
  }

  @Test
  void minAckDelayIsWrittenInMillisecondsWhenOffered() {
    assertEquals(
        "{\"max_datagram_frame_size\":65536,\"min_ack_delay\":1.000}",
        extension(receiver().minAckDelayMicros(1000)));
  }
}

package dev.moqbed.transport.qlog;

import dev.moqbed.transport.wire.TransportParameters;

/**
 * The peer's transport parameters in two events: {@code transport:parameters_set} (quic-events-04,
 * owner {@code remote}) with the draft's fields, and {@link Extensions#PEER_PARAMETERS} with the
 * two that draft does not define, {@code max_datagram_frame_size} (RFC 9221) and {@code
 * min_ack_delay} (draft-ietf-quic-ack-frequency; -1 when the peer does not offer the extension).
 * What a receiver told the sender about its ACK policy and its flow-control windows, so a trace of
 * the sending side shows which receiver it was talking to. Times in milliseconds, as the draft's
 * {@code max_idle_timeout} and {@code max_ack_delay}.
 */
final class PeerParametersEvent {
  private PeerParametersEvent() {}

  /** The data of {@code transport:parameters_set}. */
  static void write(JsonText json, TransportParameters peer) {
    json.field("owner", "remote")
        .field("max_idle_timeout", peer.maxIdleTimeoutMillis())
        .field("max_udp_payload_size", peer.maxUdpPayloadSize())
        .field("ack_delay_exponent", peer.ackDelayExponent())
        .field("max_ack_delay", peer.maxAckDelayMillis())
        .field("active_connection_id_limit", peer.activeConnectionIdLimit())
        .field("initial_max_data", peer.initialMaxData())
        .field("initial_max_stream_data_bidi_local", peer.initialMaxStreamDataBidiLocal())
        .field("initial_max_stream_data_bidi_remote", peer.initialMaxStreamDataBidiRemote())
        .field("initial_max_stream_data_uni", peer.initialMaxStreamDataUni())
        .field("initial_max_streams_bidi", peer.initialMaxStreamsBidi())
        .field("initial_max_streams_uni", peer.initialMaxStreamsUni());
  }

  /** The data of {@link Extensions#PEER_PARAMETERS}. */
  static void writeExtension(JsonText json, TransportParameters peer) {
    json.field("max_datagram_frame_size", peer.maxDatagramFrameSize());
    if (peer.minAckDelayMicros() == TransportParameters.NO_MIN_ACK_DELAY) {
      json.field("min_ack_delay", -1L);
    } else {
      json.millisField("min_ack_delay", peer.minAckDelayMicros());
    }
  }
}

package dev.moqbed.transport.qlog;

import dev.moqbed.transport.wire.TransportParameters;

/**
 * The data of a {@code transport:parameters_set} event (quic-events-04) with the peer's transport
 * parameters, owner {@code remote}: what a receiver told the sender about its ACK policy and its
 * flow-control windows, so a trace of the sending side shows which receiver it was talking to.
 * Times in milliseconds as the event defines {@code max_idle_timeout} and {@code max_ack_delay};
 * {@code min_ack_delay} (draft-ietf-quic-ack-frequency, microseconds on the wire) and {@code
 * max_datagram_frame_size} (RFC 9221) are written as extensions, the first only when offered.
 */
final class PeerParametersEvent {
  private PeerParametersEvent() {}

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
        .field("initial_max_streams_uni", peer.initialMaxStreamsUni())
        .field("max_datagram_frame_size", peer.maxDatagramFrameSize());
    if (peer.minAckDelayMicros() != TransportParameters.NO_MIN_ACK_DELAY) {
      json.millisField("min_ack_delay", peer.minAckDelayMicros());
    }
  }
}

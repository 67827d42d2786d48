package dev.moqbed.transport.qlog;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.recovery.AckFrame;

/**
 * The model's packets and frames in the QUIC event definitions' terms (draft-ietf-quic-qlog-quic-
 * events, the version qvis reads with qlog 0.3): {@code PacketHeader} and the {@code QuicFrame}
 * variants, field names as the draft spells them. A frame type the model gains later is written as
 * {@code unknown} with its class name, never dropped.
 */
final class QlogFrames {
  private QlogFrames() {}

  /** qlog's {@code PacketType} of a packet number space: 1-RTT for application data. */
  static String packetType(PacketSpace space) {
    return switch (space) {
      case INITIAL -> "initial";
      case HANDSHAKE -> "handshake";
      case APPLICATION -> "1RTT";
    };
  }

  /** {@code "header": {packet_type, packet_number}}. */
  static void header(JsonText json, PacketSpace space, long packetNumber) {
    json.name("header")
        .beginObject()
        .field("packet_type", packetType(space))
        .field("packet_number", packetNumber)
        .endObject();
  }

  /** The data of {@code packet_sent} / {@code packet_received}: header, frames, raw length. */
  static void packet(JsonText json, QuicPacket packet) {
    header(json, packet.space(), packet.packetNumber());
    json.name("frames").beginArray();
    int framesBytes = 0;
    for (Frame frame : packet.frames()) {
      frame(json, frame);
      framesBytes += frame.sizeBytes();
    }
    json.endArray();
    json.name("raw")
        .beginObject()
        .field("length", packet.sizeBytes())
        .field("payload_length", framesBytes)
        .endObject();
  }

  static void frame(JsonText json, Frame frame) {
    json.beginObject();
    if (frame instanceof Frame.Stream stream) {
      json.field("frame_type", "stream")
          .field("stream_id", stream.streamId())
          .field("offset", stream.offset())
          .field("length", stream.length())
          .field("fin", stream.fin());
    } else if (frame instanceof Frame.Ack ack) {
      ack(json, ack);
    } else if (frame instanceof Frame.Crypto crypto) {
      json.field("frame_type", "crypto")
          .field("offset", crypto.offset())
          .field("length", crypto.length());
    } else if (frame instanceof Frame.Datagram datagram) {
      json.field("frame_type", "datagram").field("length", datagram.length());
    } else if (frame instanceof Frame.Padding padding) {
      json.field("frame_type", "padding")
          .field("length", padding.length())
          .field("payload_length", padding.length());
    } else if (frame instanceof Frame.Ping) {
      json.field("frame_type", "ping");
    } else if (frame instanceof Frame.MaxData maxData) {
      json.field("frame_type", "max_data").field("maximum", maxData.maximum());
    } else if (frame instanceof Frame.MaxStreamData maxStreamData) {
      json.field("frame_type", "max_stream_data")
          .field("stream_id", maxStreamData.streamId())
          .field("maximum", maxStreamData.maximum());
    } else if (frame instanceof Frame.DataBlocked blocked) {
      json.field("frame_type", "data_blocked").field("limit", blocked.limit());
    } else if (frame instanceof Frame.MaxStreams maxStreams) {
      json.field("frame_type", "max_streams")
          .field("stream_type", maxStreams.bidirectional() ? "bidirectional" : "unidirectional")
          .field("maximum", maxStreams.maximum());
    } else if (frame instanceof Frame.StreamsBlocked blocked) {
      json.field("frame_type", "streams_blocked")
          .field("stream_type", blocked.bidirectional() ? "bidirectional" : "unidirectional")
          .field("limit", blocked.limit());
    } else if (frame instanceof Frame.StreamDataBlocked blocked) {
      json.field("frame_type", "stream_data_blocked")
          .field("stream_id", blocked.streamId())
          .field("limit", blocked.limit());
    } else if (frame instanceof Frame.ResetStream reset) {
      json.field("frame_type", "reset_stream")
          .field("stream_id", reset.streamId())
          .field("error_code", reset.errorCode())
          .field("final_size", reset.finalSize());
    } else if (frame instanceof Frame.StopSending stop) {
      json.field("frame_type", "stop_sending")
          .field("stream_id", stop.streamId())
          .field("error_code", stop.errorCode());
    } else if (frame instanceof Frame.HandshakeDone) {
      json.field("frame_type", "handshake_done");
    } else if (frame instanceof Frame.PathChallenge challenge) {
      json.field("frame_type", "path_challenge")
          .field("data", String.format("%016x", challenge.data()));
    } else if (frame instanceof Frame.PathResponse response) {
      json.field("frame_type", "path_response")
          .field("data", String.format("%016x", response.data()));
    } else if (frame instanceof Frame.ConnectionClose close) {
      json.field("frame_type", "connection_close")
          .field("error_space", close.application() ? "application" : "transport")
          .field("error_code", close.errorCode())
          .field("raw_error_code", close.errorCode())
          .field("reason", close.reasonText());
    } else if (frame instanceof Frame.AckFrequency frequency) {
      // draft-ietf-quic-ack-frequency's qlog fields
      json.field("frame_type", "ack_frequency")
          .field("sequence_number", frequency.sequence())
          .field("ack_eliciting_threshold", frequency.ackElicitingThreshold())
          .millisField("request_max_ack_delay", frequency.maxAckDelayMicros());
    } else if (frame instanceof Frame.NewConnectionId newId) {
      json.field("frame_type", "new_connection_id")
          .field("sequence_number", newId.sequence())
          .field("retire_prior_to", 0)
          .field("connection_id_length", 8);
    } else {
      json.field("frame_type", "unknown").field("moqbed_frame", frame.getClass().getSimpleName());
    }
    json.endObject();
  }

  /** ACK: the delay in ms and each range as [smallest, largest], largest range first. */
  private static void ack(JsonText json, Frame.Ack ack) {
    AckFrame frame = ack.frame();
    json.field("frame_type", "ack").millisField("ack_delay", frame.ackDelayMicros());
    json.name("acked_ranges").beginArray();
    for (int i = 0; i < frame.rangeCount(); i++) {
      json.beginArray().value(frame.rangeSmallest(i)).value(frame.rangeLargest(i)).endArray();
    }
    json.endArray();
    long[] ecn = ack.ecnCounts();
    if (ecn != null) {
      json.field("ect0", ecn[0]).field("ect1", ecn[1]).field("ce", ecn[2]);
    }
  }
}

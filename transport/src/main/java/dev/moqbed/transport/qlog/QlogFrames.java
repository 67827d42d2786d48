package dev.moqbed.transport.qlog;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.recovery.AckFrame;

/**
 * The stack's packets and frames in draft-ietf-quic-qlog-quic-events-04's terms: {@code
 * PacketHeader} and the {@code QuicFrame} variants, with the field names and units the draft gives
 * them. Two frames the draft does not define are written as the extensions the trace's header
 * declares ({@link Extensions}): {@code datagram} (RFC 9221) and {@code ack_frequency}
 * (draft-ietf-quic-ack-frequency). Every frame type of the stack is mapped ({@code QlogFramesTest}
 * goes through all of them), so none needs the draft's {@code unknown} frame, whose {@code
 * frame_type_value} the stack could not fill: it carries no frame type numbers.
 */
final class QlogFrames {
  /** NEW_CONNECTION_ID's id length: the stack's ids are 8 bytes, as its frame sizes count. */
  private static final int CONNECTION_ID_LENGTH = 8;

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

  /** The data of {@code packet_sent} / {@code packet_received}: header, frames, raw lengths. */
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
          .field("length", stream.length());
      if (stream.fin()) {
        json.field("fin", true); // the draft: set only when true, absent meaning false
      }
    } else if (frame instanceof Frame.Ack ack) {
      ack(json, ack);
    } else if (frame instanceof Frame.Crypto crypto) {
      json.field("frame_type", "crypto")
          .field("offset", crypto.offset())
          .field("length", crypto.length());
    } else if (frame instanceof Frame.Datagram datagram) {
      json.field("frame_type", Extensions.DATAGRAM_FRAME).field("length", datagram.length());
    } else if (frame instanceof Frame.Padding padding) {
      json.field("frame_type", "padding")
          .field("length", padding.length())
          .field("payload_length", padding.length());
    } else if (frame instanceof Frame.Ping) {
      json.field("frame_type", "ping");
    } else if (frame instanceof Frame.HandshakeDone) {
      json.field("frame_type", "handshake_done");
    } else if (frame instanceof Frame.ConnectionClose close) {
      connectionClose(json, close);
    } else if (!flowControl(json, frame) && !connectionManagement(json, frame)) {
      throw new IllegalStateException("qlog maps no " + frame.getClass().getSimpleName());
    }
    json.endObject();
  }

  /** Stream and connection limits, blocking and stream resets; false for any other frame. */
  private static boolean flowControl(JsonText json, Frame frame) {
    if (frame instanceof Frame.MaxData maxData) {
      json.field("frame_type", "max_data").field("maximum", maxData.maximum());
    } else if (frame instanceof Frame.MaxStreamData maxStreamData) {
      json.field("frame_type", "max_stream_data")
          .field("stream_id", maxStreamData.streamId())
          .field("maximum", maxStreamData.maximum());
    } else if (frame instanceof Frame.DataBlocked blocked) {
      json.field("frame_type", "data_blocked").field("limit", blocked.limit());
    } else if (frame instanceof Frame.MaxStreams maxStreams) {
      json.field("frame_type", "max_streams")
          .field("stream_type", streamType(maxStreams.bidirectional()))
          .field("maximum", maxStreams.maximum());
    } else if (frame instanceof Frame.StreamsBlocked blocked) {
      json.field("frame_type", "streams_blocked")
          .field("stream_type", streamType(blocked.bidirectional()))
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
    } else {
      return false;
    }
    return true;
  }

  /** Paths, connection ids and the ACK_FREQUENCY extension; false for any other frame. */
  private static boolean connectionManagement(JsonText json, Frame frame) {
    if (frame instanceof Frame.PathChallenge challenge) {
      json.field("frame_type", "path_challenge")
          .field("data", String.format("%016x", challenge.data()));
    } else if (frame instanceof Frame.PathResponse response) {
      json.field("frame_type", "path_response")
          .field("data", String.format("%016x", response.data()));
    } else if (frame instanceof Frame.NewConnectionId newId) {
      // The stack keeps the sequence numbers, not the ids' bytes: the id is logged truncated to
      // nothing beside its length, the main schema's form for a hexstring left out.
      json.field("frame_type", "new_connection_id")
          .field("sequence_number", newId.sequence())
          .field("retire_prior_to", newId.retirePriorTo())
          .field("connection_id_length", CONNECTION_ID_LENGTH)
          .field("connection_id", "");
    } else if (frame instanceof Frame.AckFrequency frequency) {
      json.field("frame_type", Extensions.ACK_FREQUENCY_FRAME)
          .field("sequence_number", frequency.sequence())
          .field("ack_eliciting_threshold", frequency.ackElicitingThreshold())
          .millisField("request_max_ack_delay", frequency.maxAckDelayMicros());
    } else {
      return false;
    }
    return true;
  }

  private static String streamType(boolean bidirectional) {
    return bidirectional ? "bidirectional" : "unidirectional";
  }

  /**
   * CONNECTION_CLOSE: a transport code by its {@code TransportError} or {@code CryptoError} name,
   * an application's as its number, and always the number itself as {@code error_code_value}.
   */
  private static void connectionClose(JsonText json, Frame.ConnectionClose close) {
    long code = close.errorCode();
    json.field("frame_type", "connection_close")
        .field("error_space", close.application() ? "application" : "transport");
    String name = close.application() ? null : TransportErrorNames.of(code);
    if (name != null) {
      json.field("error_code", name);
    } else if (code >= 0 && code <= 0xffff_ffffL) {
      json.field("error_code", code); // the draft's uint32 alternative
    }
    json.field("error_code_value", code).field("reason", close.reasonText());
  }

  /**
   * ACK: the delay in ms and each range as [smallest, largest], largest range first, a range of one
   * packet as [number] (the draft's SHOULD).
   */
  private static void ack(JsonText json, Frame.Ack ack) {
    AckFrame frame = ack.frame();
    json.field("frame_type", "ack").millisField("ack_delay", frame.ackDelayMicros());
    json.name("acked_ranges").beginArray();
    for (int i = 0; i < frame.rangeCount(); i++) {
      long smallest = frame.rangeSmallest(i);
      long largest = frame.rangeLargest(i);
      json.beginArray().value(smallest);
      if (largest != smallest) {
        json.value(largest);
      }
      json.endArray();
    }
    json.endArray();
    long[] ecn = ack.ecnCounts();
    if (ecn != null) {
      json.field("ect0", ecn[0]).field("ect1", ecn[1]).field("ce", ecn[2]);
    }
  }
}

package dev.moqbed.transport.qlog;

import dev.moqbed.cc.CongestionController;

/**
 * What moqbed writes beyond draft-ietf-quic-qlog-quic-events-04, declared in the trace's header:
 * the main schema lets tools keep their own members in {@code configuration} under their name
 * ({@code "moqbed"} here), and lets event documents add categories, events and frame types (the
 * {@code $ProtocolEventBody} and {@code $QuicFrame} extension points). Each declaration lists the
 * fields with their CDDL types, so a reader can check an extension event as it checks the draft's.
 */
final class Extensions {
  /** The drafts the trace follows, the revision pair whose event names qvis reads. */
  static final String MAIN_SCHEMA = "draft-ietf-quic-qlog-main-schema-04";

  static final String QUIC_EVENTS = "draft-ietf-quic-qlog-quic-events-04";

  /** The category of moqbed's own events: names never collide with the drafts' categories. */
  static final String CATEGORY = "moqbed";

  /** A packet declared lost and acknowledged after all: the drafts have no event for it. */
  static final String SPURIOUS_LOSS = CATEGORY + ":spurious_loss";

  /**
   * The peer's transport parameters that quic-events-04's {@code parameters_set} has no field for:
   * RFC 9221's and the ACK frequency extension's.
   */
  static final String PEER_PARAMETERS = CATEGORY + ":peer_parameters";

  /** RFC 9221's DATAGRAM, which quic-events defines only from -05 on (the same fields). */
  static final String DATAGRAM_FRAME = "datagram";

  /** draft-ietf-quic-ack-frequency's ACK_FREQUENCY (type 0xaf), in no qlog draft. */
  static final String ACK_FREQUENCY_FRAME = "ack_frequency";

  private Extensions() {}

  /** {@code "moqbed": {...}}, a member of the header's {@code configuration}. */
  static void declare(JsonText json, ControllerStateLog controllerState, CongestionController cc) {
    json.name(CATEGORY).beginObject();
    json.name("qlog_drafts").beginArray().value(MAIN_SCHEMA).value(QUIC_EVENTS).endArray();
    json.field("documentation", "docs/qlog.md in the moqbed repository");
    json.name("events").beginObject();
    declaration(json, SPURIOUS_LOSS, "a packet declared lost, then acknowledged");
    json.field("header", "PacketHeader").endObject().endObject();
    declaration(json, PEER_PARAMETERS, "the peer's transport parameters beyond quic-events-04");
    json.field("max_datagram_frame_size", "uint64")
        .field("min_ack_delay", "float32")
        .endObject()
        .endObject();
    declaration(json, controllerState.eventName(), "the controller's state and variables");
    controllerState.declareFields(json, cc);
    json.endObject().endObject();
    json.endObject();
    json.name("frames").beginObject();
    declaration(json, DATAGRAM_FRAME, "RFC 9221 DATAGRAM, as quic-events-05 defines it");
    json.field("length", "uint64").endObject().endObject();
    declaration(json, ACK_FREQUENCY_FRAME, "draft-ietf-quic-ack-frequency ACK_FREQUENCY (0xaf)");
    json.field("sequence_number", "uint64")
        .field("ack_eliciting_threshold", "uint64")
        .field("request_max_ack_delay", "float32")
        .endObject()
        .endObject();
    json.endObject();
    json.endObject();
  }

  /** Opens the declaration of {@code name} and its fields: the caller writes them, closes both. */
  private static void declaration(JsonText json, String name, String about) {
    json.name(name).beginObject().field("about", about).name("fields").beginObject();
  }
}

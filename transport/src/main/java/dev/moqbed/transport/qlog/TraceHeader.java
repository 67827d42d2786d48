package dev.moqbed.transport.qlog;

import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;

/**
 * The first record of a JSON-SEQ trace (the main schema's {@code QlogFileSeq} with its {@code
 * TraceSeq}): version and format first, as readers look for them in the file's first bytes; the
 * vantage point; the fields common to every event (group, protocol, relative times and their
 * reference); the configuration with the schema's two members and moqbed's declared extensions.
 */
final class TraceHeader {
  /** The qlog version written: main schema -02 to -05 all call themselves 0.3. */
  static final String QLOG_VERSION = "0.3";

  private TraceHeader() {}

  /**
   * @param title names the trace (e.g. the file's name without its extension)
   * @param groupId shared by both ends' traces of one connection
   * @param description which stack and which clock
   */
  static void write(
      JsonText json,
      QuicConnection connection,
      ControllerStateLog controllerState,
      String title,
      String groupId,
      String description,
      TraceTime time) {
    json.clear();
    json.beginObject()
        .field("qlog_version", QLOG_VERSION)
        .field("qlog_format", "JSON-SEQ")
        .field("title", title)
        .field("description", description);
    json.name("trace").beginObject().field("title", title);
    json.name("vantage_point")
        .beginObject()
        .field("name", "moqbed")
        .field("type", connection.role() == Role.SERVER ? "server" : "client")
        .endObject();
    json.name("common_fields")
        .beginObject()
        .field("group_id", groupId)
        .name("protocol_type")
        .beginArray()
        .value("QUIC")
        .endArray()
        .field("time_format", "relative")
        .millisField("reference_time", time.referenceEpochMicros())
        .endObject();
    json.name("configuration")
        .beginObject()
        .field("time_offset", 0)
        .name("original_uris")
        .beginArray()
        .endArray();
    Extensions.declare(json, controllerState, connection.controller());
    json.endObject();
    json.endObject().endObject();
  }
}

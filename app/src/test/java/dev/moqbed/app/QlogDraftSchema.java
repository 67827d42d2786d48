package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The definitions moqbed's qlog claims, as a table written from the drafts' CDDL (not from the
 * writer): draft-ietf-quic-qlog-main-schema-04 ({@code QlogFileSeq}, {@code TraceSeq}, {@code
 * RawInfo}) and draft-ietf-quic-qlog-quic-events-04 (the events and frames moqbed writes, with the
 * draft's optional fields too). A field spec is {@code name:type}, {@code ?} before the name when
 * optional, {@code =a|b} after the type for a text's allowed values. Maps are closed: a field the
 * table does not list is an error. Extensions are checked against the declarations in each trace's
 * own header ({@link QlogConformance}), whose types are these type names.
 */
final class QlogDraftSchema {
  private static final Pattern HEX = Pattern.compile("([0-9a-f]{2})*");
  private static final Pattern CRYPTO_ERROR = Pattern.compile("crypto_error_0x1[0-9a-f]{2}");
  private static final Set<String> TRANSPORT_ERRORS =
      Set.of(
          "no_error",
          "internal_error",
          "connection_refused",
          "flow_control_error",
          "stream_limit_error",
          "stream_state_error",
          "final_size_error",
          "frame_encoding_error",
          "transport_parameter_error",
          "connection_id_limit_error",
          "protocol_violation",
          "invalid_token",
          "application_error",
          "crypto_buffer_exceeded",
          "key_update_error",
          "aead_limit_reached",
          "no_viable_path");
  private static final String PACKET_TYPES =
      "=initial|handshake|0RTT|1RTT|retry|version_negotiation|stateless_reset|unknown";
  private static final String FRAME_LENGTHS = "?length:uint32 ?payload_length:uint32";

  /** quic-events-04's events that moqbed writes, by name. */
  static final Map<String, Map<String, String>> EVENTS =
      Map.of(
          "transport:packet_sent",
          fields(
              "header:PacketHeader ?frames:Frames ?is_coalesced:bool ?raw:RawInfo"
                  + " ?datagram_id:uint32 ?is_mtu_probe_packet:bool ?trigger:text=retransmit_reordered"
                  + "|retransmit_timeout|pto_probe|retransmit_crypto|cc_bandwidth_probe"),
          "transport:packet_received",
          fields(
              "header:PacketHeader ?frames:Frames ?is_coalesced:bool ?raw:RawInfo"
                  + " ?datagram_id:uint32 ?trigger:text=keys_available"),
          "recovery:packet_lost",
          fields(
              "?header:PacketHeader ?frames:Frames ?is_mtu_probe_packet:bool"
                  + " ?trigger:text=reordering_threshold|time_threshold|pto_expired"),
          "recovery:metrics_updated",
          fields(
              "?min_rtt:float32 ?smoothed_rtt:float32 ?latest_rtt:float32 ?rtt_variance:float32"
                  + " ?pto_count:uint16 ?congestion_window:uint64 ?bytes_in_flight:uint64"
                  + " ?ssthresh:uint64 ?packets_in_flight:uint64 ?pacing_rate:uint64"),
          "recovery:congestion_state_updated",
          fields("?old:text new:text ?trigger:text=persistent_congestion|ECN"),
          "transport:parameters_set",
          fields(
              "?owner:text=local|remote ?resumption_allowed:bool ?early_data_enabled:bool"
                  + " ?tls_cipher:text ?aead_tag_length:uint8"
                  + " ?original_destination_connection_id:hexstring"
                  + " ?initial_source_connection_id:hexstring"
                  + " ?retry_source_connection_id:hexstring ?stateless_reset_token:hexstring"
                  + " ?disable_active_migration:bool ?max_idle_timeout:uint64"
                  + " ?max_udp_payload_size:uint32 ?ack_delay_exponent:uint16"
                  + " ?max_ack_delay:uint16 ?active_connection_id_limit:uint32"
                  + " ?initial_max_data:uint64 ?initial_max_stream_data_bidi_local:uint64"
                  + " ?initial_max_stream_data_bidi_remote:uint64"
                  + " ?initial_max_stream_data_uni:uint64 ?initial_max_streams_bidi:uint64"
                  + " ?initial_max_streams_uni:uint64"));

  /** quic-events-04's frames, by frame_type (new_token and its Token type: moqbed sends none). */
  static final Map<String, Map<String, String>> FRAMES = frames();

  static final Map<String, String> PACKET_HEADER =
      fields(
          "packet_type:text"
              + PACKET_TYPES
              + " ?packet_number:uint64 ?flags:uint8 ?length:uint16 ?version:hexstring"
              + " ?scil:uint8 ?dcil:uint8 ?scid:hexstring ?dcid:hexstring");

  static final Map<String, String> RAW_INFO =
      fields("?length:uint64 ?payload_length:uint64 ?data:hexstring");

  private QlogDraftSchema() {}

  private static Map<String, Map<String, String>> frames() {
    Map<String, Map<String, String>> frames = new LinkedHashMap<>();
    frames.put("padding", fields("?length:uint32 payload_length:uint32"));
    frames.put("ping", fields(FRAME_LENGTHS));
    frames.put(
        "ack",
        fields(
            "?ack_delay:float32 ?acked_ranges:AckRanges ?ect1:uint64 ?ect0:uint64 ?ce:uint64 "
                + FRAME_LENGTHS));
    frames.put(
        "reset_stream",
        fields("stream_id:uint64 error_code:ErrorCode final_size:uint64 " + FRAME_LENGTHS));
    frames.put("stop_sending", fields("stream_id:uint64 error_code:ErrorCode " + FRAME_LENGTHS));
    frames.put("crypto", fields("offset:uint64 length:uint64 ?payload_length:uint32"));
    frames.put(
        "stream", fields("stream_id:uint64 offset:uint64 length:uint64 ?fin:true ?raw:RawInfo"));
    frames.put("max_data", fields("maximum:uint64"));
    frames.put("max_stream_data", fields("stream_id:uint64 maximum:uint64"));
    String streamType = "stream_type:text=unidirectional|bidirectional";
    frames.put("max_streams", fields(streamType + " maximum:uint64"));
    frames.put("data_blocked", fields("limit:uint64"));
    frames.put("stream_data_blocked", fields("stream_id:uint64 limit:uint64"));
    frames.put("streams_blocked", fields(streamType + " limit:uint64"));
    frames.put(
        "new_connection_id",
        fields(
            "sequence_number:uint32 retire_prior_to:uint32 ?connection_id_length:uint8"
                + " connection_id:hexstring ?stateless_reset_token:hexstring"));
    frames.put("retire_connection_id", fields("sequence_number:uint32"));
    frames.put("path_challenge", fields("?data:hexstring"));
    frames.put("path_response", fields("?data:hexstring"));
    frames.put(
        "connection_close",
        fields(
            "?error_space:text=transport|application ?error_code:ErrorCode"
                + " ?error_code_value:uint64 ?reason:text ?trigger_frame_type:FrameType"));
    frames.put("handshake_done", fields(""));
    frames.put("unknown", fields("frame_type_value:uint64 ?raw:RawInfo"));
    return frames;
  }

  /** {@code "a:uint64 ?b:text=x|y"} as name to spec ({@code ?} kept on the spec). */
  static Map<String, String> fields(String specs) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (String spec : specs.trim().split(" +")) {
      if (spec.isEmpty()) {
        continue;
      }
      boolean optional = spec.startsWith("?");
      String[] parts = (optional ? spec.substring(1) : spec).split(":", 2);
      fields.put(parts[0], (optional ? "?" : "") + parts[1]);
    }
    return fields;
  }

  /** Checks {@code object} against {@code fields}: required present, no other, each typed. */
  static void checkObject(
      Map<?, ?> object, Map<String, String> fields, FrameTypes frames, String at) {
    for (Map.Entry<String, String> field : fields.entrySet()) {
      assertTrue(
          field.getValue().startsWith("?") || object.containsKey(field.getKey()),
          at + ": no required " + field.getKey() + " in " + object);
    }
    for (Map.Entry<?, ?> member : object.entrySet()) {
      String name = (String) member.getKey();
      String spec = fields.get(name);
      assertTrue(spec != null, at + ": " + name + " is not a field of " + fields.keySet());
      checkValue(
          member.getValue(),
          spec.startsWith("?") ? spec.substring(1) : spec,
          frames,
          at + "." + name);
    }
  }

  /** The frame definitions a trace may use: the draft's and its header's declared ones. */
  interface FrameTypes {
    Map<String, String> fieldsOf(String frameType);
  }

  static void checkValue(Object value, String spec, FrameTypes frames, String at) {
    String[] typeAndValues = spec.split("=", 2);
    String type = typeAndValues[0];
    boolean ok =
        switch (type) {
          case "uint8" -> isUnsigned(value, 8);
          case "uint16" -> isUnsigned(value, 16);
          case "uint32" -> isUnsigned(value, 32);
          case "uint64" -> isUnsigned(value, 64);
          case "int64" -> isIntegral(value);
          case "float32", "float64" -> value instanceof Number;
          case "bool" -> value instanceof Boolean;
          case "true" -> Boolean.TRUE.equals(value); // the draft: set only when true
          case "hexstring" -> value instanceof String text && HEX.matcher(text).matches();
          case "text" ->
              value instanceof String text
                  && (typeAndValues.length == 1
                      || List.of(typeAndValues[1].split("\\|")).contains(text));
          case "ErrorCode" -> isErrorCode(value);
          case "FrameType" -> value instanceof String || isUnsigned(value, 64);
          case "AckRanges" -> isAckRanges(value);
          case "PacketHeader" -> checked(value, PACKET_HEADER, frames, at);
          case "RawInfo" -> checked(value, RAW_INFO, frames, at);
          case "Frames" -> checkFrames(value, frames, at);
          case "Any" -> true; // checked by the caller, or open (summary)
          default -> throw new AssertionError(at + ": no type " + type + " in the table");
        };
    assertTrue(ok, at + ": " + value + " is not " + spec);
  }

  private static boolean checked(
      Object value, Map<String, String> fields, FrameTypes frames, String at) {
    assertTrue(value instanceof Map, at + ": not an object: " + value);
    checkObject((Map<?, ?>) value, fields, frames, at);
    return true;
  }

  private static boolean checkFrames(Object value, FrameTypes frames, String at) {
    assertTrue(value instanceof List, at + ": not a list: " + value);
    for (Object frame : (List<?>) value) {
      assertTrue(frame instanceof Map, at + ": a frame is not an object: " + frame);
      Object type = ((Map<?, ?>) frame).get("frame_type");
      assertTrue(type instanceof String, at + ": a frame without frame_type: " + frame);
      Map<String, String> fields = new LinkedHashMap<>(frames.fieldsOf((String) type));
      fields.put("frame_type", "text");
      checkObject((Map<?, ?>) frame, fields, frames, at + "[" + type + "]");
    }
    return true;
  }

  private static boolean isIntegral(Object value) {
    return value instanceof Integer || value instanceof Long || value instanceof BigInteger;
  }

  private static boolean isUnsigned(Object value, int bits) {
    if (!isIntegral(value)) {
      return false;
    }
    BigInteger number = new BigInteger(value.toString());
    return number.signum() >= 0 && number.bitLength() <= bits;
  }

  private static boolean isErrorCode(Object value) {
    if (value instanceof String text) {
      return TRANSPORT_ERRORS.contains(text) || CRYPTO_ERROR.matcher(text).matches();
    }
    return isUnsigned(value, 32);
  }

  /** [+ AckRange], AckRange = [1*2 uint64], a pair's first number not above its second. */
  private static boolean isAckRanges(Object value) {
    if (!(value instanceof List<?> ranges) || ranges.isEmpty()) {
      return false;
    }
    for (Object range : ranges) {
      if (!(range instanceof List<?> numbers) || numbers.isEmpty() || numbers.size() > 2) {
        return false;
      }
      if (!numbers.stream().allMatch(n -> isUnsigned(n, 64))) {
        return false;
      }
      if (numbers.size() == 2
          && new BigInteger(numbers.get(0).toString())
                  .compareTo(new BigInteger(numbers.get(1).toString()))
              > 0) {
        return false;
      }
    }
    return true;
  }
}

package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One qlog file checked against {@link QlogDraftSchema}: the JSON-SEQ framing (RFC 7464) and the
 * main schema's rules for it (version and format in the first 256 bytes, lowercase field names),
 * the header as {@code QlogFileSeq}, every event's name and data as quic-events-04 defines them or
 * as the header declares moqbed's extensions, times that never go back. What it saw is added to the
 * coverage, so a test can require each event kind and frame type to have been checked.
 */
final class QlogConformance {
  private static final Set<String> DRAFT_CATEGORIES = Set.of("transport", "recovery");
  private static final String EXTENSION_CATEGORY = "moqbed";

  final Set<String> eventNames = new TreeSet<>();
  final Set<String> frameTypes = new TreeSet<>();
  private final Map<String, Map<String, String>> declaredEvents = new HashMap<>();
  private final Map<String, Map<String, String>> declaredFrames = new HashMap<>();
  private Map<String, Object> header;

  /** Checks {@code file}; returns its header for checks of the caller's own. */
  Map<String, Object> check(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    assertEquals(0x1e, text.charAt(0), file + ": a JSON-SEQ record starts with RS");
    String start = text.substring(0, Math.min(256, text.length()));
    assertTrue(start.contains("\"qlog_version\"") && start.contains("\"qlog_format\""), file + "");
    double previousTime = Double.NEGATIVE_INFINITY;
    String[] records = text.substring(1).split("\u001e", -1);
    for (int i = 0; i < records.length; i++) {
      String at = file.getFileName() + " record " + i;
      assertTrue(records[i].endsWith("\n"), at + ": a record ends with a line feed");
      Map<String, Object> record = JSON.std.mapFrom(records[i]);
      checkLowercase(record, at);
      if (i == 0) {
        checkHeader(record, at);
      } else {
        double time = ((Number) record.get("time")).doubleValue();
        assertTrue(time >= previousTime, at + ": time goes back");
        previousTime = time;
        checkEvent(record, at);
      }
    }
    assertTrue(records.length > 1, file + ": no events");
    return header;
  }

  private void checkHeader(Map<String, Object> record, String at) {
    header = record;
    QlogDraftSchema.checkObject(
        record,
        QlogDraftSchema.fields(
            "qlog_format:text=JSON-SEQ qlog_version:text=0.3 ?title:text ?description:text"
                + " ?summary:Any trace:Any"),
        null,
        at);
    Map<?, ?> trace = (Map<?, ?>) record.get("trace");
    Map<String, String> traceFields =
        QlogDraftSchema.fields(
            "?title:text ?description:text ?configuration:Any ?common_fields:Any"
                + " ?vantage_point:Any");
    QlogDraftSchema.checkObject(trace, traceFields, null, at + ".trace");
    Map<?, ?> vantage = (Map<?, ?>) trace.get("vantage_point");
    String vantageTypes = "=client|server|network|unknown";
    QlogDraftSchema.checkObject(
        vantage,
        QlogDraftSchema.fields(
            "?name:text type:text" + vantageTypes + " ?flow:text" + vantageTypes),
        null,
        at + ".vantage_point");
    Map<?, ?> common = (Map<?, ?>) trace.get("common_fields");
    QlogDraftSchema.checkValue(common.get("time_format"), "text=absolute|delta|relative", null, at);
    QlogDraftSchema.checkValue(common.get("reference_time"), "float64", null, at);
    QlogDraftSchema.checkValue(common.get("group_id"), "text", null, at);
    // quic-events: a trace holding its events MUST list QUIC among its protocols.
    assertTrue(((List<?>) common.get("protocol_type")).contains("QUIC"), at + ": " + common);
    Map<?, ?> configuration = (Map<?, ?>) trace.get("configuration");
    // Both members are required by the Configuration CDDL; tools add their own beside them.
    QlogDraftSchema.checkValue(configuration.get("time_offset"), "float64", null, at);
    assertTrue(configuration.get("original_uris") instanceof List, at + ": original_uris");
    readDeclarations((Map<?, ?>) configuration.get(EXTENSION_CATEGORY), at);
  }

  /** The extensions the header declares: {@code name: {about, fields: {field: type}}}. */
  private void readDeclarations(Map<?, ?> moqbed, String at) {
    assertTrue(moqbed != null, at + ": no declaration of moqbed's extensions");
    declaredEvents.clear();
    declaredFrames.clear();
    read((Map<?, ?>) moqbed.get("events"), declaredEvents, at);
    read((Map<?, ?>) moqbed.get("frames"), declaredFrames, at);
    for (String name : declaredEvents.keySet()) {
      assertTrue(name.startsWith(EXTENSION_CATEGORY + ":"), at + ": " + name + " not namespaced");
    }
    for (String frame : declaredFrames.keySet()) {
      assertFalse(QlogDraftSchema.FRAMES.containsKey(frame), at + ": redeclares " + frame);
    }
  }

  private static void read(
      Map<?, ?> declarations, Map<String, Map<String, String>> into, String at) {
    for (Map.Entry<?, ?> declaration : declarations.entrySet()) {
      Map<?, ?> body = (Map<?, ?>) declaration.getValue();
      assertTrue(body.get("about") instanceof String, at + ": " + declaration);
      Map<String, String> fields = new LinkedHashMap<>();
      ((Map<?, ?>) body.get("fields"))
          .forEach((name, type) -> fields.put((String) name, (String) type));
      into.put((String) declaration.getKey(), fields);
    }
  }

  private void checkEvent(Map<String, Object> event, String at) {
    QlogDraftSchema.checkObject(
        event, QlogDraftSchema.fields("time:float64 name:text data:Any"), null, at);
    String name = (String) event.get("name");
    String[] categoryAndType = name.split(":", -1);
    assertEquals(2, categoryAndType.length, at + ": a name is category:type, " + name);
    Map<String, String> fields;
    if (DRAFT_CATEGORIES.contains(categoryAndType[0])) {
      fields = QlogDraftSchema.EVENTS.get(name);
      assertTrue(fields != null, at + ": quic-events-04 defines no " + name + " moqbed writes");
    } else {
      assertEquals(EXTENSION_CATEGORY, categoryAndType[0], at + ": " + name);
      fields = declaredEvents.get(name);
      assertTrue(fields != null, at + ": " + name + " is not declared in the header");
    }
    Map<?, ?> data = (Map<?, ?>) event.get("data");
    if (name.equals("recovery:metrics_updated")) {
      assertFalse(data.isEmpty(), at + ": a metrics update carries at least one metric");
    }
    QlogDraftSchema.checkObject(data, fields, this::frameFields, at + " " + name);
    eventNames.add(name);
  }

  /** A frame type's fields: the draft's, or as declared; every declared field is written. */
  private Map<String, String> frameFields(String frameType) {
    frameTypes.add(frameType);
    Map<String, String> fields = QlogDraftSchema.FRAMES.get(frameType);
    if (fields == null) {
      fields = declaredFrames.get(frameType);
    }
    assertTrue(fields != null, "frame_type " + frameType + " neither in the draft nor declared");
    return fields;
  }

  private static void checkLowercase(Object value, String at) {
    if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> member : map.entrySet()) {
        String name = (String) member.getKey();
        assertEquals(
            name.toLowerCase(java.util.Locale.ROOT), name, at + ": field names are lowercase");
        checkLowercase(member.getValue(), at);
      }
    } else if (value instanceof List<?> list) {
      list.forEach(element -> checkLowercase(element, at));
    }
  }
}

package dev.moqbed.transport.qlog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JsonTextTest {
  @Test
  void shouldPlaceCommasInNestedObjectsAndArrays() {
    JsonText json = new JsonText();
    json.beginObject().field("a", 1).name("b").beginArray();
    json.beginArray().value(0).value(5).endArray().beginArray().value(7).endArray();
    json.endArray().name("c").beginObject().endObject().field("d", true).endObject();
    assertEquals("{\"a\":1,\"b\":[[0,5],[7]],\"c\":{},\"d\":true}", json.text().toString());
    json.clear();
    json.beginObject().field("e", "f").endObject();
    assertEquals("{\"e\":\"f\"}", json.text().toString());
  }

  @Test
  void shouldEscapeQuotesBackslashesAndControlCharacters() {
    JsonText json = new JsonText();
    json.value("a\"b\\c\nd\u0001");
    assertEquals("\"a\\\"b\\\\c\\nd\\u0001\"", json.text().toString());
  }

  @Test
  void shouldWriteMicrosecondsAsMillisecondsWithThreeDecimals() {
    JsonText json = new JsonText();
    json.beginArray().millis(0).millis(7).millis(73_476).millis(1_000_050).millis(-1_500);
    json.endArray();
    assertEquals("[0.000,0.007,73.476,1000.050,-1.500]", json.text().toString());
  }
}

package dev.moqbed.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void shouldReadBackWhatItWrites() {
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("ratio", 0.9723);
    inner.put("ok", true);
    inner.put("none", null);
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("text", "quote \" backslash \\ line\nbreak tab\t \u0001");
    document.put("count", -12L);
    document.put("big", Long.MAX_VALUE);
    document.put("list", List.of("a", "b"));
    document.put("objects", List.of(inner, Map.of()));
    document.put("empty", List.of());
    assertEquals(document, Json.parse(Json.write(document)));
  }

  @Test
  void shouldWriteOneMemberPerLineAndNullForWhatJsonCannotHold() {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("cc", "c4");
    document.put("p99_us", List.of(1L, 2L));
    document.put("ratio", Double.NaN);
    document.put("notes", List.of());
    assertEquals(
        "{\n  \"cc\": \"c4\",\n  \"p99_us\": [1, 2],\n  \"ratio\": null,\n  \"notes\": []\n}\n",
        Json.write(document));
  }

  @Test
  void shouldParseStandardJsonWithEscapesAndExponents() {
    Object parsed = Json.parse(" {\"a\" : [1, 2.5e3, -0.5, \"\\u00e9\\/\"], \"b\": {}} ");
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("a", Arrays.asList(1L, 2500.0, -0.5, "é/"));
    expected.put("b", Map.of());
    assertEquals(expected, parsed);
  }

  @Test
  void shouldNamePositionWhenTextIsNotJson() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1,}"));
    assertTrue(error.getMessage().startsWith("JSON: line 1, column 9: "), error.getMessage());
    assertEquals(1, error.getMessage().lines().count());
    assertThrows(IllegalArgumentException.class, () -> Json.parse("[1, 2"));
    assertThrows(IllegalArgumentException.class, () -> Json.parse("\"open"));
    assertThrows(IllegalArgumentException.class, () -> Json.parse("{} x"));
  }
}

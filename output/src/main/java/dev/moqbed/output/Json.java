package dev.moqbed.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON documents moqbed writes and reads back ({@code --format json}, {@code sweep.json}, the
 * report's JSON), on jackson-jr: objects as {@link Map}s in insertion order, arrays as {@link
 * List}s, strings, numbers, booleans and null. Integral numbers read back as {@link Long}, others
 * as {@link Double}; a number that is not finite is written as null, which JSON has instead.
 */
public final class Json {
  /** Two-space indent, one member per line, {@code "name": value}, arrays on one line, "[1, 2]". */
  private static final JSON PRETTY =
      JSON.std
          .with(JSON.Feature.WRITE_NULL_PROPERTIES)
          .with(
              new DefaultPrettyPrinter(
                      Separators.createDefaultInstance()
                          .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                          .withArrayValueSpacing(Separators.Spacing.AFTER)
                          .withArrayEmptySeparator("")
                          .withObjectEmptySeparator(""))
                  .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                  .withArrayIndenter(DefaultPrettyPrinter.NopIndenter.instance));

  private static final JsonFactory FACTORY = new JsonFactory();

  private Json() {}

  /** Pretty-printed JSON ending in a newline. */
  public static String write(Object value) {
    try {
      return PRETTY.asString(finite(value)) + "\n";
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot write as JSON: " + e.getMessage());
    }
  }

  /**
   * Parses one JSON value.
   *
   * @throws IllegalArgumentException one line naming where the problem is
   */
  public static Object parse(String text) {
    try (JsonParser parser = FACTORY.createParser(text)) {
      Object value = JSON.std.anyFrom(parser);
      if (parser.nextToken() != null) {
        throw new JsonParseException(parser, "text after the value");
      }
      return integralAsLong(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "JSON: line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr()
              + ": "
              + e.getOriginalMessage().lines().findFirst().orElse(""));
    } catch (IOException e) {
      throw new IllegalArgumentException("JSON: " + e.getMessage());
    }
  }

  /** Appends {@code text} as a JSON string literal, escaped. */
  public static void quote(StringBuilder out, String text) {
    out.append('"');
    JsonStringEncoder.getInstance().quoteAsString(text, out);
    out.append('"');
  }

  /** The value with every non-finite number replaced by null. */
  private static Object finite(Object value) {
    if (value instanceof Double || value instanceof Float) {
      return Double.isFinite(((Number) value).doubleValue()) ? value : null;
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((key, member) -> copy.put(String.valueOf(key), finite(member)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(element -> copy.add(finite(element)));
      return copy;
    }
    return value;
  }

  /** jackson-jr reads small integers as Integer: one type for every integral number. */
  private static Object integralAsLong(Object value) {
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger big) {
      return big.bitLength() < 64 ? (Object) big.longValue() : big.doubleValue();
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      map.forEach((key, member) -> copy.put(key, integralAsLong(member)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(element -> copy.add(integralAsLong(element)));
      return copy;
    }
    return value;
  }
}

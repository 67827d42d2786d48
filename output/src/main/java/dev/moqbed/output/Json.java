package dev.moqbed.output;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The little JSON this module writes and reads back ({@code sweep.json}, the report's JSON):
 * objects as {@link Map}s in insertion order, arrays as {@link List}s, strings, numbers, booleans
 * and null. Integral numbers read back as {@link Long}, others as {@link Double}. The project has
 * no JSON library and needs none for flat documents like these.
 */
public final class Json {
  private final String text;
  private int position;

  private Json(String text) {
    this.text = text;
  }

  /** Pretty-printed JSON (two-space indent, one member per line) ending in a newline. */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value, "");
    return out.append('\n').toString();
  }

  /**
   * Parses one JSON value.
   *
   * @throws IllegalArgumentException one line naming the character position of the problem
   */
  public static Object parse(String text) {
    Json parser = new Json(text);
    parser.skipSpace();
    Object value = parser.value();
    parser.skipSpace();
    if (parser.position != text.length()) {
      throw parser.error("text after the value");
    }
    return value;
  }

  private static void write(StringBuilder out, Object value, String indent) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String string) {
      quote(out, string);
    } else if (value instanceof Double || value instanceof Float) {
      double number = ((Number) value).doubleValue();
      out.append(Double.isFinite(number) ? Double.toString(number) : "null");
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      String inner = indent + "  ";
      out.append('{');
      String separator = "\n";
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        out.append(separator).append(inner);
        quote(out, String.valueOf(entry.getKey()));
        out.append(": ");
        write(out, entry.getValue(), inner);
        separator = ",\n";
      }
      out.append('\n').append(indent).append('}');
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        out.append("[]");
        return;
      }
      boolean flat = list.stream().noneMatch(e -> e instanceof Map || e instanceof List);
      String inner = indent + "  ";
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        out.append(i == 0 ? "" : ",");
        if (flat) {
          out.append(i == 0 ? "" : " ");
        } else {
          out.append('\n').append(inner);
        }
        write(out, list.get(i), inner);
      }
      out.append(flat ? "]" : "\n" + indent + "]");
    } else {
      throw new IllegalArgumentException("cannot write " + value.getClass().getName() + " as JSON");
    }
  }

  /** Appends {@code text} as a JSON string literal, escaped. */
  public static void quote(StringBuilder out, String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  private Object value() {
    if (position >= text.length()) {
      throw error("unexpected end");
    }
    char c = text.charAt(position);
    return switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> literal("true", Boolean.TRUE);
      case 'f' -> literal("false", Boolean.FALSE);
      case 'n' -> literal("null", null);
      default -> number();
    };
  }

  private Map<String, Object> object() {
    Map<String, Object> members = new LinkedHashMap<>();
    position++;
    skipSpace();
    if (peek('}')) {
      position++;
      return members;
    }
    while (true) {
      skipSpace();
      if (!peek('"')) {
        throw error("expected a member name");
      }
      String name = string();
      skipSpace();
      expect(':');
      skipSpace();
      members.put(name, value());
      skipSpace();
      if (peek(',')) {
        position++;
      } else {
        expect('}');
        return members;
      }
    }
  }

  private List<Object> array() {
    List<Object> elements = new ArrayList<>();
    position++;
    skipSpace();
    if (peek(']')) {
      position++;
      return elements;
    }
    while (true) {
      skipSpace();
      elements.add(value());
      skipSpace();
      if (peek(',')) {
        position++;
      } else {
        expect(']');
        return elements;
      }
    }
  }

  private String string() {
    StringBuilder out = new StringBuilder();
    position++;
    while (position < text.length()) {
      char c = text.charAt(position++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (position >= text.length()) {
        break;
      }
      char escaped = text.charAt(position++);
      switch (escaped) {
        case '"', '\\', '/' -> out.append(escaped);
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          if (position + 4 > text.length()) {
            throw error("truncated \\u escape");
          }
          try {
            out.append((char) Integer.parseInt(text.substring(position, position + 4), 16));
          } catch (NumberFormatException e) {
            throw error("bad \\u escape");
          }
          position += 4;
        }
        default -> throw error("bad escape \\" + escaped);
      }
    }
    throw error("unterminated string");
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, position)) {
      throw error("unexpected character '" + text.charAt(position) + "'");
    }
    position += word.length();
    return value;
  }

  private Number number() {
    int start = position;
    while (position < text.length() && "+-0123456789.eE".indexOf(text.charAt(position)) >= 0) {
      position++;
    }
    String number = text.substring(start, position);
    if (number.isEmpty()) {
      throw error("unexpected character '" + text.charAt(start) + "'");
    }
    try {
      if (number.indexOf('.') < 0 && number.indexOf('e') < 0 && number.indexOf('E') < 0) {
        return Long.parseLong(number);
      }
      return Double.parseDouble(number);
    } catch (NumberFormatException e) {
      position = start;
      throw error("bad number '" + number + "'");
    }
  }

  private boolean peek(char c) {
    return position < text.length() && text.charAt(position) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("expected '" + c + "'");
    }
    position++;
  }

  private void skipSpace() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("JSON: position " + (position + 1) + ": " + what);
  }
}

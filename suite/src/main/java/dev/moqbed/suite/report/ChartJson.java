package dev.moqbed.suite.report;

import java.util.Locale;

/**
 * The JSON of one chart's description, written field by field: the renderer of the page ({@code
 * report-charts.js}) reads it. Numbers are written with up to seven significant digits (a chart
 * needs no more, and the page stays small); NaN and null become {@code null}. Strings are escaped
 * for JSON and for a {@code <script>} element ({@code </} never appears).
 */
final class ChartJson {
  private final StringBuilder json = new StringBuilder();
  private boolean first = true;

  ChartJson() {
    json.append('{');
  }

  ChartJson field(String name, String value) {
    name(name);
    if (value == null) {
      json.append("null");
    } else {
      string(json, value);
    }
    return this;
  }

  ChartJson field(String name, boolean value) {
    name(name).append(value);
    return this;
  }

  ChartJson field(String name, Double value) {
    name(name);
    number(json, value == null ? Double.NaN : value);
    return this;
  }

  ChartJson field(String name, double[] values) {
    name(name).append('[');
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        json.append(',');
      }
      number(json, values[i]);
    }
    json.append(']');
    return this;
  }

  /** An array of objects, each written by the caller. */
  ChartJson field(String name, Iterable<ChartJson> objects) {
    name(name).append('[');
    boolean firstObject = true;
    for (ChartJson object : objects) {
      if (!firstObject) {
        json.append(',');
      }
      firstObject = false;
      json.append(object);
    }
    json.append(']');
    return this;
  }

  @Override
  public String toString() {
    return json + "}";
  }

  private StringBuilder name(String name) {
    if (!first) {
      json.append(',');
    }
    first = false;
    string(json, name);
    return json.append(':');
  }

  private static void number(StringBuilder out, double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      out.append("null");
    } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      out.append((long) value);
    } else {
      String text = String.format(Locale.ROOT, "%.7g", value);
      // %g keeps trailing zeros and may write an exponent; JSON takes both, shorter without zeros
      if (text.contains("e")) {
        out.append(text);
      } else {
        out.append(text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text);
      }
    }
  }

  private static void string(StringBuilder out, String value) {
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '<' -> out.append("\\u003c");
        case '>' -> out.append("\\u003e");
        case '&' -> out.append("\\u0026");
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
}

package dev.moqbed.transport.qlog;

/**
 * A JSON text written forward into a reused buffer: objects, arrays, names and scalar values, with
 * the commas placed for the caller. Hand-written because the transport module depends on no JSON
 * library (the project's {@code output.Json} sits above it); qlog needs only this much.
 */
final class JsonText {
  private static final int MAX_DEPTH = 63;

  private final StringBuilder text = new StringBuilder(512);

  /** Bit {@code d} set: the container at depth {@code d} already holds a member. */
  private long membersSeen;

  private int depth;
  private boolean afterName;

  void clear() {
    text.setLength(0);
    membersSeen = 0;
    depth = 0;
    afterName = false;
  }

  CharSequence text() {
    return text;
  }

  JsonText beginObject() {
    beforeValue();
    text.append('{');
    open();
    return this;
  }

  JsonText endObject() {
    close();
    text.append('}');
    return this;
  }

  JsonText beginArray() {
    beforeValue();
    text.append('[');
    open();
    return this;
  }

  JsonText endArray() {
    close();
    text.append(']');
    return this;
  }

  JsonText name(String name) {
    beforeValue();
    string(name);
    text.append(':');
    afterName = true;
    return this;
  }

  JsonText value(long value) {
    beforeValue();
    text.append(value);
    return this;
  }

  JsonText value(boolean value) {
    beforeValue();
    text.append(value);
    return this;
  }

  JsonText value(String value) {
    beforeValue();
    string(value);
    return this;
  }

  /**
   * A duration in milliseconds with its microseconds as three decimals ({@code 12.345}), written
   * from the integer so that a run's log does not depend on floating-point formatting.
   */
  JsonText millis(long micros) {
    beforeValue();
    if (micros < 0) {
      text.append('-');
      micros = -micros;
    }
    long fraction = micros % 1000;
    text.append(micros / 1000).append('.');
    if (fraction < 100) {
      text.append(fraction < 10 ? "00" : "0");
    }
    text.append(fraction);
    return this;
  }

  JsonText field(String name, long value) {
    return name(name).value(value);
  }

  JsonText field(String name, String value) {
    return name(name).value(value);
  }

  JsonText field(String name, boolean value) {
    return name(name).value(value);
  }

  JsonText millisField(String name, long micros) {
    return name(name).millis(micros);
  }

  private void open() {
    if (depth == MAX_DEPTH) {
      throw new IllegalStateException("JSON nested deeper than " + MAX_DEPTH);
    }
    depth++;
    membersSeen &= ~(1L << depth);
  }

  private void close() {
    depth--;
    afterName = false;
  }

  private void beforeValue() {
    if (afterName) {
      afterName = false;
      return;
    }
    long bit = 1L << depth;
    if ((membersSeen & bit) != 0) {
      text.append(',');
    }
    membersSeen |= bit;
  }

  /** RFC 8259 §7: quotes, backslashes and control characters escaped. */
  private void string(String value) {
    text.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> text.append("\\\"");
        case '\\' -> text.append("\\\\");
        case '\n' -> text.append("\\n");
        case '\r' -> text.append("\\r");
        case '\t' -> text.append("\\t");
        default -> {
          if (c < 0x20) {
            text.append(String.format("\\u%04x", (int) c));
          } else {
            text.append(c);
          }
        }
      }
    }
    text.append('"');
  }
}

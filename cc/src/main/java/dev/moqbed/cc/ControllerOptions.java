package dev.moqbed.cc;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code key=value,...} part of a controller spec. Typed getters validate values and remember
 * which keys were read, so the registry can reject a key no algorithm knows.
 */
public final class ControllerOptions {
  private final String controllerId;
  private final Map<String, String> values;
  private final Set<String> known = new LinkedHashSet<>();

  private ControllerOptions(String controllerId, Map<String, String> values) {
    this.controllerId = controllerId;
    this.values = values;
  }

  /**
   * Parses {@code "flavor=rfc,hystart=off"}; an empty or null text gives no options. Values are
   * case-insensitive and kept in lower case.
   */
  public static ControllerOptions parse(String controllerId, String text) {
    Map<String, String> values = new LinkedHashMap<>();
    if (text != null && !text.isBlank()) {
      for (String pair : text.split(",", -1)) {
        int equals = pair.indexOf('=');
        String key =
            (equals < 0 ? pair : pair.substring(0, equals)).trim().toLowerCase(Locale.ROOT);
        if (equals < 0 || key.isEmpty()) {
          throw new IllegalArgumentException(
              "option '" + pair.trim() + "' of " + controllerId + " is not of the form key=value");
        }
        if (values.put(key, pair.substring(equals + 1).trim().toLowerCase(Locale.ROOT)) != null) {
          throw new IllegalArgumentException(
              "option '" + key + "' of " + controllerId + " is given twice");
        }
      }
    }
    return new ControllerOptions(controllerId, values);
  }

  /** A value that must be one of {@code allowed}; the first allowed value is the default. */
  public String choice(String key, String... allowed) {
    known.add(key);
    String value = values.get(key);
    if (value == null) {
      return allowed[0];
    }
    for (String candidate : allowed) {
      if (candidate.equals(value)) {
        return candidate;
      }
    }
    throw invalid(key, value, "one of " + String.join(", ", allowed));
  }

  /** A switch: {@code on/off/true/false/1/0}. */
  public boolean flag(String key, boolean defaultValue) {
    known.add(key);
    String value = values.get(key);
    if (value == null) {
      return defaultValue;
    }
    switch (value) {
      case "on", "true", "1", "yes":
        return true;
      case "off", "false", "0", "no":
        return false;
      default:
        throw invalid(key, value, "on or off");
    }
  }

  /** A number within {@code [min, max]}. */
  public double number(String key, double defaultValue, double min, double max) {
    known.add(key);
    String value = values.get(key);
    if (value == null) {
      return defaultValue;
    }
    double parsed;
    try {
      parsed = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw invalid(key, value, "a number");
    }
    if (!(parsed >= min && parsed <= max)) {
      throw invalid(key, value, "a number from " + min + " to " + max);
    }
    return parsed;
  }

  /** Throws when a key was given that no getter read. */
  void rejectUnread() {
    for (String key : values.keySet()) {
      if (!known.contains(key)) {
        throw new IllegalArgumentException(
            "unknown option '"
                + key
                + "' for "
                + controllerId
                + (known.isEmpty()
                    ? " (it takes no options)"
                    : "; valid: " + String.join(", ", known)));
      }
    }
  }

  /** The options as given, in order, in canonical {@code key=value} form. */
  String canonical() {
    StringBuilder text = new StringBuilder();
    values.forEach(
        (key, value) ->
            text.append(text.length() == 0 ? "" : ",").append(key).append('=').append(value));
    return text.toString();
  }

  private IllegalArgumentException invalid(String key, String value, String expected) {
    return new IllegalArgumentException(
        "option "
            + key
            + "="
            + value
            + " of "
            + controllerId
            + " is invalid; expected "
            + expected);
  }
}

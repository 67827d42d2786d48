package dev.moqbed.netsim;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses custom link-schedule text, the grammar of pico_sim's {@code parse_link_spec_item}: phases
 * separated by {@code ;}, fields by {@code :}; the first field is the duration in microseconds,
 * then letter-prefixed fields {@code U} up rate (Gbit/s), {@code D} down rate (Gbit/s), {@code L}
 * one-way latency (us), {@code J} jitter (us), {@code Q} queue_delay_max (us), {@code S} l4s_max
 * (us), {@code B} losses per burst, {@code P} packets between bursts. Example: {@code
 * 1000000:U0.01:D0.01:L15000:Q100000;60000000:U0.01:D0.01:L100000:Q200000}.
 *
 * <p>Fields not given are 0, as in the reference: no jitter, no queue limit and, for a rate, a
 * <em>suspended</em> direction. Rates are read with the reference's digit-by-digit arithmetic, so
 * they round to the same double. Extension: {@code W} (or {@code W1}) selects the Wi-Fi jitter
 * model for {@code J} in that phase, {@code W0} the Gaussian one (picoquic's p_sim has no such
 * field; older c4 copies of it did). Stricter than the reference: empty values, empty phases (other
 * than one trailing {@code ;}), empty text and numbers beyond 64 bits are errors instead of zeros
 * or wrapped values.
 */
public final class LinkScheduleParser {
  private static final String FIELDS = "U, D, L, J, W, Q, S, B, P";

  private final String text;
  private int position;

  private LinkScheduleParser(String text) {
    this.text = text;
  }

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException one line naming the character position (1-based) and phase
   */
  public static LinkSchedule parse(String text) {
    if (text == null || text.isEmpty()) {
      throw new IllegalArgumentException("link schedule: empty text");
    }
    return new LinkScheduleParser(text).schedule();
  }

  private LinkSchedule schedule() {
    List<LinkPhase> phases = new ArrayList<>();
    while (position < text.length()) {
      phases.add(phase(phases.size() + 1));
      if (position < text.length()) {
        position++; // the ';' that ended the phase
      }
    }
    return LinkSchedule.of(phases);
  }

  private LinkPhase phase(int phaseNumber) {
    int phaseStart = position;
    if (atPhaseEnd()) {
      throw error(phaseStart, phaseNumber, "empty phase");
    }
    long duration = unsigned(field(), phaseStart, phaseNumber, "duration");
    double up = 0;
    double down = 0;
    long latency = 0;
    long jitter = 0;
    JitterModel model = JitterModel.GAUSSIAN;
    long queue = 0;
    long l4s = 0;
    long burst = 0;
    long between = 0;
    while (!atPhaseEnd()) {
      position++; // the ':' before this field
      int fieldStart = position;
      String field = field();
      if (field.isEmpty()) {
        throw error(fieldStart, phaseNumber, "empty field");
      }
      String value = field.substring(1);
      int valueStart = fieldStart + 1;
      switch (field.charAt(0)) {
        case 'U' -> up = rate(value, valueStart, phaseNumber);
        case 'D' -> down = rate(value, valueStart, phaseNumber);
        case 'L' -> latency = unsigned(value, valueStart, phaseNumber, "latency");
        case 'J' -> jitter = unsigned(value, valueStart, phaseNumber, "jitter");
        case 'W' -> model = wifiFlag(value, valueStart, phaseNumber);
        case 'Q' -> queue = unsigned(value, valueStart, phaseNumber, "queue delay");
        case 'S' -> l4s = unsigned(value, valueStart, phaseNumber, "l4s max");
        case 'B' -> burst = unsigned(value, valueStart, phaseNumber, "burst loss count");
        case 'P' -> between = unsigned(value, valueStart, phaseNumber, "packets between bursts");
        default ->
            throw error(
                fieldStart,
                phaseNumber,
                "unknown field '" + field + "' (valid: duration first, then " + FIELDS + ")");
      }
    }
    try {
      return new LinkPhase(duration, up, down, latency, jitter, model, queue, l4s, burst, between);
    } catch (IllegalArgumentException e) {
      throw error(phaseStart, phaseNumber, e.getMessage());
    }
  }

  private boolean atPhaseEnd() {
    return position >= text.length() || text.charAt(position) == ';';
  }

  /** Reads up to the next ':' or ';' (or the end) and leaves the position on that separator. */
  private String field() {
    int start = position;
    while (position < text.length()
        && text.charAt(position) != ':'
        && text.charAt(position) != ';') {
      position++;
    }
    return text.substring(start, position);
  }

  private long unsigned(String digits, int start, int phaseNumber, String what) {
    if (digits.isEmpty()) {
      throw error(start, phaseNumber, "missing " + what + " value");
    }
    long value = 0;
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      if (c < '0' || c > '9') {
        throw error(start + i, phaseNumber, what + " '" + digits + "' is not a whole number");
      }
      if (value > (Long.MAX_VALUE - (c - '0')) / 10) {
        throw error(start, phaseNumber, what + " '" + digits + "' is too large");
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private double rate(String digits, int start, int phaseNumber) {
    if (digits.isEmpty()) {
      throw error(start, phaseNumber, "missing rate value (Gbit/s, e.g. U0.02 = 20 Mbit/s)");
    }
    try {
      return referenceDouble(digits);
    } catch (NumberFormatException e) {
      throw error(
          start,
          phaseNumber,
          "rate '" + digits + "' is not a decimal number of Gbit/s (e.g. 0.02 = 20 Mbit/s)");
    }
  }

  private JitterModel wifiFlag(String value, int start, int phaseNumber) {
    return switch (value) {
      case "", "1" -> JitterModel.WIFI;
      case "0" -> JitterModel.GAUSSIAN;
      default -> throw error(start, phaseNumber, "W takes no value, 1 or 0, not '" + value + "'");
    };
  }

  private IllegalArgumentException error(int index, int phaseNumber, String message) {
    return new IllegalArgumentException(
        "link schedule, character " + (index + 1) + " (phase " + phaseNumber + "): " + message);
  }

  /**
   * Reads {@code digits[.digits]} as pico_sim's {@code parse_double} does: integer part by
   * multiply-add, then each decimal digit times a scale divided by 10 at every step. The result can
   * differ from {@link Double#parseDouble} in the last bit, which would change the serialization
   * time the reference computes from it.
   *
   * @throws NumberFormatException if the text has anything else
   */
  public static double referenceDouble(String text) {
    double value = 0;
    int i = 0;
    while (i < text.length() && isDigit(text.charAt(i))) {
      value = value * 10 + (text.charAt(i) - '0');
      i++;
    }
    if (i < text.length() && text.charAt(i) == '.') {
      double scale = 1;
      i++;
      while (i < text.length() && isDigit(text.charAt(i))) {
        scale /= 10;
        value += (text.charAt(i) - '0') * scale;
        i++;
      }
    }
    if (i != text.length()) {
      throw new NumberFormatException("not a decimal number: " + text);
    }
    return value;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}

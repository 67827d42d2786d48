package dev.moqbed.runtime;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints the quantities people type: durations ({@code 80ms}, {@code 1.5s}), bit rates
 * ({@code 20mbit}, {@code 512kbit}) and sizes ({@code 10MB}). Multiples are decimal, as in the C4
 * test draft (10 MB = 10,000,000 bytes); binary ones are spelled {@code KiB}, {@code MiB}, {@code
 * GiB}.
 */
public final class Quantities {
  private static final Pattern NUMBER_AND_UNIT =
      Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([a-zA-Z/]*)\\s*");

  private Quantities() {}

  /**
   * {@code 80ms}, {@code 1.5s}, {@code 250us}, {@code 2min}. A number needs its unit, except 0:
   * {@code --duration 10} would otherwise run for 10 µs when the user meant seconds.
   */
  public static long parseDurationMicros(String text) {
    Matcher match = match(text, "duration", "80ms, 1.5s, 250us");
    String units = "us, ms, s, min, h";
    long multiplier =
        switch (match.group(2).toLowerCase(Locale.ROOT)) {
          case "" -> bareNumber(match, text, "duration", "s", units);
          case "us" -> 1L;
          case "ms" -> 1_000L;
          case "s" -> 1_000_000L;
          case "min", "m" -> 60_000_000L;
          case "h" -> 3_600_000_000L;
          default -> throw unitError(text, "duration", units);
        };
    return scale(match.group(1), multiplier, text);
  }

  /**
   * Bits per second ({@code 20mbit}, {@code 512kbit}, {@code 1gbit}, {@code 20Mbps}) or bytes per
   * second with a capital B ({@code 2.5MB/s}, {@code 2.5MBps}: 20 Mbit/s). A number needs its unit,
   * except 0.
   */
  public static long parseRateBitsPerSecond(String text) {
    Matcher match = match(text, "rate", "20mbit, 512kbit, 1gbit, 2.5MB/s");
    String unit = match.group(2);
    String units = "bit, kbit, mbit, gbit (per second), B/s, kB/s, MB/s, GB/s";
    Matcher bytes = BYTES_PER_SECOND.matcher(unit);
    long multiplier;
    if (bytes.matches()) {
      multiplier = 8 * decimalPrefix(bytes.group(1));
    } else {
      multiplier =
          switch (unit.toLowerCase(Locale.ROOT)) {
            case "" -> bareNumber(match, text, "rate", "mbit", units);
            case "bit", "bps", "bit/s" -> 1L;
            case "k", "kbit", "kbps", "kbit/s" -> 1_000L;
            case "m", "mbit", "mbps", "mbit/s" -> 1_000_000L;
            case "g", "gbit", "gbps", "gbit/s" -> 1_000_000_000L;
            default -> throw unitError(text, "rate", units);
          };
    }
    return scale(match.group(1), multiplier, text);
  }

  /** A byte rate's unit: an optional decimal prefix, a capital B, then "ps" or "/s". */
  private static final Pattern BYTES_PER_SECOND = Pattern.compile("([kKmMgG]?)B(?:ps|/s)");

  private static long decimalPrefix(String prefix) {
    return switch (prefix.toLowerCase(Locale.ROOT)) {
      case "k" -> 1_000L;
      case "m" -> 1_000_000L;
      case "g" -> 1_000_000_000L;
      default -> 1L;
    };
  }

  /** A number without a unit: 0 means the same in every unit; anything else is refused. */
  private static long bareNumber(
      Matcher match, String text, String what, String likelyUnit, String units) {
    if (Double.parseDouble(match.group(1)) == 0) {
      return 1L;
    }
    throw new IllegalArgumentException(
        "'"
            + text.trim()
            + "' needs a "
            + what
            + " unit, e.g. "
            + match.group(1)
            + likelyUnit
            + " (valid: "
            + units
            + ")");
  }

  /** {@code 10MB}, {@code 1500B}, {@code 64KiB}; a bare number is bytes. */
  public static long parseSizeBytes(String text) {
    Matcher match = match(text, "size", "10MB, 1500B, 64KiB");
    long multiplier =
        switch (match.group(2)) {
          case "", "B", "b" -> 1L;
          case "kB", "KB", "k", "K" -> 1_000L;
          case "MB", "M" -> 1_000_000L;
          case "GB", "G" -> 1_000_000_000L;
          case "KiB" -> 1L << 10;
          case "MiB" -> 1L << 20;
          case "GiB" -> 1L << 30;
          default -> throw unitError(text, "size", "B, kB, MB, GB, KiB, MiB, GiB");
        };
    return scale(match.group(1), multiplier, text);
  }

  /** {@code 1.17 Mbit/s}, {@code 32 kbit/s}: three significant digits. */
  public static String formatRate(double bitsPerSecond) {
    if (bitsPerSecond >= 1e9) {
      return String.format(Locale.ROOT, "%.3g Gbit/s", bitsPerSecond / 1e9);
    }
    if (bitsPerSecond >= 1e6) {
      return String.format(Locale.ROOT, "%.3g Mbit/s", bitsPerSecond / 1e6);
    }
    if (bitsPerSecond >= 1e3) {
      return String.format(Locale.ROOT, "%.3g kbit/s", bitsPerSecond / 1e3);
    }
    return String.format(Locale.ROOT, "%.0f bit/s", bitsPerSecond);
  }

  /** {@code 80 ms}, {@code 1.5 s}, {@code 250 us}. */
  public static String formatDuration(long micros) {
    if (Math.abs(micros) >= 1_000_000) {
      return stripZeros(micros / 1e6) + " s";
    }
    if (Math.abs(micros) >= 1_000) {
      return stripZeros(micros / 1e3) + " ms";
    }
    return micros + " us";
  }

  private static String stripZeros(double value) {
    return BigDecimal.valueOf(Math.round(value * 1000) / 1000.0)
        .stripTrailingZeros()
        .toPlainString();
  }

  private static Matcher match(String text, String what, String examples) {
    Matcher match = NUMBER_AND_UNIT.matcher(text == null ? "" : text);
    if (!match.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a " + what + " (examples: " + examples + ")");
    }
    return match;
  }

  private static IllegalArgumentException unitError(String text, String what, String units) {
    return new IllegalArgumentException(
        "'" + text + "' has an unknown " + what + " unit (valid: " + units + ")");
  }

  private static long scale(String number, long multiplier, String text) {
    try {
      return new BigDecimal(number).multiply(BigDecimal.valueOf(multiplier)).longValueExact();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a whole number of units or is too large");
    }
  }

  /** Three significant digits, no exponent, trailing zeros dropped ({@code 27}, {@code 3.5}). */
  public static String formatSignificant(double value) {
    if (Double.isNaN(value)) {
      return "–";
    }
    if (value == 0 || Double.isInfinite(value)) {
      return value == 0 ? "0" : Double.toString(value);
    }
    String text =
        new java.math.BigDecimal(value)
            .round(new java.math.MathContext(3))
            .stripTrailingZeros()
            .toPlainString();
    return text.equals("-0") ? "0" : text;
  }
}

package dev.moqbed.output;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * A table cell that is a time or a rate: CSV and JSON keep the exact figure ({@code 4497899}, in
 * the unit its column's name ends in, {@code _us} or {@code _bps}); the terminal shows it with
 * three significant digits in the unit a person reads ({@code 4.50 s}, {@code 12.3 ms}, {@code 23.5
 * Mbit/s}), and the column's name without the suffix. A negative figure or {@link Long#MAX_VALUE}
 * is a transport's "unknown" and shows as {@code –}.
 */
public record Measure(long exact, Unit unit) {
  /** What the exact figure counts. */
  public enum Unit {
    MICROSECONDS("_us"),
    BITS_PER_SECOND("_bps");

    private final String columnSuffix;

    Unit(String columnSuffix) {
      this.columnSuffix = columnSuffix;
    }

    /** The suffix of a column holding this unit, dropped on the terminal. */
    public String columnSuffix() {
      return columnSuffix;
    }
  }

  /** The terminal's mark for a figure that is not one. */
  public static final String UNKNOWN = "–";

  private static final MathContext THREE_DIGITS = new MathContext(3);

  /** A duration in microseconds. */
  public static Measure micros(long micros) {
    return new Measure(micros, Unit.MICROSECONDS);
  }

  /** A rate in bits per second. */
  public static Measure bitsPerSecond(long bitsPerSecond) {
    return new Measure(bitsPerSecond, Unit.BITS_PER_SECOND);
  }

  /**
   * A duration that may be negative or fractional, such as a median or a paired difference, as the
   * terminal shows a {@link #micros} cell: {@code 1.66 s}, {@code -12.0 ms}; NaN is {@link
   * #UNKNOWN}.
   */
  public static String signedMicrosText(double micros) {
    if (Double.isNaN(micros)) {
      return UNKNOWN;
    }
    String text = micros(Math.round(Math.abs(micros))).text();
    return micros < 0 && !text.startsWith("0 ") ? "-" + text : text;
  }

  /** Whether the figure is a sentinel rather than a measurement. */
  public boolean unknown() {
    return exact < 0 || exact == Long.MAX_VALUE;
  }

  /** What the terminal shows. */
  public String text() {
    if (unknown()) {
      return UNKNOWN;
    }
    return switch (unit) {
      case MICROSECONDS -> scaled(exact, new long[] {1_000_000, 1_000}, "s", "ms", "µs");
      case BITS_PER_SECOND ->
          scaled(
              exact,
              new long[] {1_000_000_000_000L, 1_000_000_000, 1_000_000, 1_000},
              "Tbit/s",
              "Gbit/s",
              "Mbit/s",
              "kbit/s",
              "bit/s");
    };
  }

  /** {@code value} in the largest unit it reaches, with three significant digits. */
  private static String scaled(long value, long[] factors, String... units) {
    for (int i = 0; i < factors.length; i++) {
      if (value >= factors[i]) {
        return digits(value / (double) factors[i]) + " " + units[i];
      }
    }
    return value + " " + units[units.length - 1];
  }

  private static String digits(double value) {
    BigDecimal rounded = new BigDecimal(value).round(THREE_DIGITS);
    return rounded.scale() < 0 ? rounded.setScale(0).toPlainString() : rounded.toPlainString();
  }
}

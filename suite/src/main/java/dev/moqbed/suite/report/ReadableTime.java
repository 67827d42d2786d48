package dev.moqbed.suite.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Collection;

/**
 * Times as a person reads them in the HTML page: in seconds or milliseconds with three significant
 * digits ({@code 4.50} s, not {@code 4497899} µs). The runs, the draft's tables and every machine
 * format (CSV, JSON, Markdown) keep exact µs; only the page rounds. A table picks one unit per row
 * or per group of columns, from the largest time it shows, so that the figures side by side share
 * it and the header can name it once.
 */
final class ReadableTime {
  /** Significant digits of every time on the page: enough to tell 4.50 s from 4.54 s. */
  static final int DIGITS = 3;

  /** The two units the page shows times in. */
  enum Unit {
    SECONDS("s", 1e6),
    MILLISECONDS("ms", 1e3);

    private final String symbol;
    private final double micros;

    Unit(String symbol, double micros) {
      this.symbol = symbol;
      this.micros = micros;
    }

    /** {@code s} or {@code ms}. */
    String symbol() {
      return symbol;
    }

    /**
     * The time in this unit, three significant digits: {@code 4.50}, {@code 101}, {@code 0.0456}.
     */
    String format(double micros) {
      return significant(micros / this.micros);
    }
  }

  private ReadableTime() {}

  /**
   * Seconds when the largest time is a second or more, otherwise milliseconds (a sub-millisecond
   * time reads {@code 0.123} ms); null values are skipped.
   */
  static Unit unitFor(Collection<? extends Number> micros) {
    double largest = 0;
    for (Number value : micros) {
      if (value != null && !Double.isNaN(value.doubleValue())) {
        largest = Math.max(largest, Math.abs(value.doubleValue()));
      }
    }
    return largest >= Unit.SECONDS.micros ? Unit.SECONDS : Unit.MILLISECONDS;
  }

  /**
   * {@code value} rounded to {@link #DIGITS} significant digits, trailing zeros kept (they are
   * digits: {@code 4.50}), halves rounded up, never in exponent notation; a value of 1,000 or more
   * keeps its integer digits ({@code 1235.4} → {@code 1240}).
   */
  static String significant(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return "–";
    }
    if (value == 0) {
      return "0";
    }
    // valueOf reads the double's shortest decimal form: 1.005 rounds to 1.01, as a person would
    BigDecimal rounded =
        BigDecimal.valueOf(value).round(new MathContext(DIGITS, RoundingMode.HALF_UP));
    if (rounded.precision() < DIGITS) {
      // 4 s is 4.00: the zeros say how close the figure is
      rounded = rounded.setScale(rounded.scale() + DIGITS - rounded.precision());
    }
    return rounded.setScale(Math.max(0, rounded.scale())).toPlainString();
  }
}

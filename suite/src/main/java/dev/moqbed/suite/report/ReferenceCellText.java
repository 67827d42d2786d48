package dev.moqbed.suite.report;

import dev.moqbed.output.statistics.Estimate;
import java.util.Locale;

/**
 * The figures of a {@link ReferenceComparison.Cell} as people read them: times in ms below a second
 * and in s above, loads in percent and points, three significant digits.
 */
final class ReferenceCellText {
  private static final double MICROS_PER_SECOND = 1e6;
  private static final double MICROS_PER_MILLISECOND = 1e3;
  private static final int MOST_DECIMALS = 2;

  private ReferenceCellText() {}

  /** A mean: {@code 4.53 s}, {@code 104 ms}, {@code 97.1 %}. */
  static String value(ReferenceMetric metric, double value) {
    if (metric.kind() == ReferenceMetric.Kind.FRACTION) {
      return ReadableTime.significant(value * 100) + " %";
    }
    // the HTML report's rounding, so that both reports print a time alike
    String millis = ReadableTime.significant(value / MICROS_PER_MILLISECOND);
    if (Math.abs(Double.parseDouble(millis)) < 1000) {
      return millis + " ms";
    }
    return ReadableTime.significant(value / MICROS_PER_SECOND) + " s";
  }

  /** ours / reference with three decimals, the precision at which ±5 % is read. */
  static String ratio(double ratio) {
    return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.3f", ratio) : "–";
  }

  /**
   * The difference with its interval in one unit, signed, the largest of the three to three
   * significant digits (but no finer than 0.01) and the others to the same decimals: {@code +12.3
   * [+4.1, +20.5] ms}, {@code +9.1 [+7.0, +11.2] pt}.
   */
  static String difference(ReferenceMetric metric, Estimate difference) {
    double scale;
    String unit;
    double largest =
        Math.max(
            Math.abs(difference.value()),
            difference.hasInterval()
                ? Math.max(Math.abs(difference.low()), Math.abs(difference.high()))
                : 0);
    if (metric.kind() == ReferenceMetric.Kind.FRACTION) {
      scale = 100;
      unit = "pt";
    } else if (largest >= MICROS_PER_SECOND) {
      scale = 1 / MICROS_PER_SECOND;
      unit = "s";
    } else {
      scale = 1 / MICROS_PER_MILLISECOND;
      unit = "ms";
    }
    // two decimals at most: 10 µs, a hundredth of a point; a difference of two equal means would
    // otherwise print 0.0000047 to keep its three digits
    int decimals = Math.min(MOST_DECIMALS, decimals(largest * scale));
    String text = signed(difference.value() * scale, decimals);
    if (difference.hasInterval()) {
      text +=
          " ["
              + signed(difference.low() * scale, decimals)
              + ", "
              + signed(difference.high() * scale, decimals)
              + "]";
    }
    return text + " " + unit;
  }

  /** The decimals that give {@code largest} three significant digits (none from 100 up). */
  static int decimals(double largest) {
    if (!(largest > 0) || !Double.isFinite(largest)) {
      return 0;
    }
    return Math.max(0, 2 - (int) Math.floor(Math.log10(largest)));
  }

  private static String signed(double value, int decimals) {
    String text = String.format(Locale.ROOT, "%+." + decimals + "f", value);
    // -0.0 rounds to "-0.0": a sign without a difference behind it
    return text.matches("[+-]0(\\.0*)?") ? text.substring(1) : text;
  }
}

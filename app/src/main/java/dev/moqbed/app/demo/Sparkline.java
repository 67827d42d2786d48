package dev.moqbed.app.demo;

/** A one-line bar chart of non-negative values, scaled to the largest. */
public final class Sparkline {
  private static final char[] BARS = {' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'};

  private Sparkline() {}

  public static String of(long[] values) {
    long max = 1;
    for (long value : values) {
      max = Math.max(max, value);
    }
    StringBuilder line = new StringBuilder(values.length);
    for (long value : values) {
      int level = (int) Math.round((double) value * (BARS.length - 1) / max);
      line.append(value > 0 && level == 0 ? BARS[1] : BARS[level]);
    }
    return line.toString();
  }
}

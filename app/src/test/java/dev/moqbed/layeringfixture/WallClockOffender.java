package dev.moqbed.layeringfixture;

/** Breaks the wall-clock rule on purpose, outside the allowed packages (see LayeringTest). */
public final class WallClockOffender {
  private WallClockOffender() {}

  public static long now() {
    return System.nanoTime();
  }
}

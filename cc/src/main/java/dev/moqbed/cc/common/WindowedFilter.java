package dev.moqbed.cc.common;

/**
 * The best (largest or smallest) value seen over a sliding window, in constant space: Kathleen
 * Nichols' algorithm as used by BBR for its max-bandwidth and min-RTT filters. It keeps the best,
 * second-best and third-best values of successively later sub-windows, so that when the best ages
 * out the next candidate is already known. The window is in whatever unit the caller counts time in
 * (microseconds, round trips).
 */
public final class WindowedFilter {
  private final boolean keepsMaximum;
  private final long windowLength;
  private final long[] values = new long[3];
  private final long[] times = new long[3];
  private boolean empty = true;

  private WindowedFilter(boolean keepsMaximum, long windowLength) {
    this.keepsMaximum = keepsMaximum;
    this.windowLength = windowLength;
  }

  /** A filter of the largest value over {@code windowLength}. */
  public static WindowedFilter maximum(long windowLength) {
    return new WindowedFilter(true, windowLength);
  }

  /** A filter of the smallest value over {@code windowLength}. */
  public static WindowedFilter minimum(long windowLength) {
    return new WindowedFilter(false, windowLength);
  }

  /** Forgets every sample and starts over with one. */
  public void reset(long time, long value) {
    for (int i = 0; i < 3; i++) {
      times[i] = time;
      values[i] = value;
    }
    empty = false;
  }

  /**
   * Adds a sample taken at {@code time} (never earlier than the previous one); returns the best.
   */
  public long update(long time, long value) {
    if (empty || atLeastAsGood(value, values[0]) || time - times[2] > windowLength) {
      reset(time, value);
      return value;
    }
    if (atLeastAsGood(value, values[1])) {
      set(2, time, value);
      set(1, time, value);
    } else if (atLeastAsGood(value, values[2])) {
      set(2, time, value);
    }
    return updateSubwindows(time, value);
  }

  /** The best value in the window; 0 before the first sample. */
  public long best() {
    return values[0];
  }

  public boolean isEmpty() {
    return empty;
  }

  private long updateSubwindows(long time, long value) {
    long age = time - times[0];
    if (age > windowLength) {
      // The best has expired: promote the candidates, and once more if the second also expired.
      shiftIn(time, value);
      if (time - times[0] > windowLength) {
        shiftIn(time, value);
      }
    } else if (times[1] == times[0] && age > windowLength / 4) {
      // A quarter of the window passed without a new second-best: take a fresh one.
      set(2, time, value);
      set(1, time, value);
    } else if (times[2] == times[1] && age > windowLength / 2) {
      // Half the window passed without a new third-best: take a fresh one.
      set(2, time, value);
    }
    return values[0];
  }

  private void shiftIn(long time, long value) {
    times[0] = times[1];
    values[0] = values[1];
    times[1] = times[2];
    values[1] = values[2];
    set(2, time, value);
  }

  private void set(int index, long time, long value) {
    times[index] = time;
    values[index] = value;
  }

  private boolean atLeastAsGood(long candidate, long incumbent) {
    return keepsMaximum ? candidate >= incumbent : candidate <= incumbent;
  }
}

package dev.moqbed.transport.quic;

import java.util.Arrays;

/**
 * A set of non-overlapping half-open ranges {@code [start, end)} of longs, kept sorted and merged:
 * stream offsets received, acknowledged or to resend. Few ranges in practice, so a sorted array
 * with linear merging is both simple and fast.
 */
public final class RangeSet {
  private long[] bounds = new long[8]; // start0, end0, start1, end1, ...
  private int count;

  /** Number of disjoint ranges. */
  public int rangeCount() {
    return count;
  }

  public boolean isEmpty() {
    return count == 0;
  }

  public long start(int index) {
    return bounds[2 * index];
  }

  public long end(int index) {
    return bounds[2 * index + 1];
  }

  /** The smallest value in the set; undefined when empty. */
  public long first() {
    return bounds[0];
  }

  /** Adds {@code [start, end)}, merging with neighbours it touches. */
  public void add(long start, long end) {
    if (start >= end) {
      return;
    }
    int i = 0;
    while (i < count && end(i) < start) {
      i++;
    }
    int j = i;
    long mergedStart = start;
    long mergedEnd = end;
    while (j < count && start(j) <= end) {
      mergedStart = Math.min(mergedStart, start(j));
      mergedEnd = Math.max(mergedEnd, end(j));
      j++;
    }
    replace(i, j, mergedStart, mergedEnd);
  }

  /** Removes {@code [start, end)}. */
  public void remove(long start, long end) {
    if (start >= end) {
      return;
    }
    for (int i = 0; i < count; i++) {
      long s = start(i);
      long e = end(i);
      if (e <= start || s >= end) {
        continue;
      }
      if (s < start && e > end) { // split
        bounds[2 * i + 1] = start;
        insertAt(i + 1, end, e);
        return;
      }
      if (s < start) {
        bounds[2 * i + 1] = start;
      } else if (e > end) {
        bounds[2 * i] = end;
      } else {
        removeAt(i);
        i--;
      }
    }
  }

  /** Whether every value of {@code [start, end)} is in the set. */
  public boolean containsAll(long start, long end) {
    for (int i = 0; i < count; i++) {
      if (start(i) <= start && end(i) >= end) {
        return true;
      }
    }
    return start >= end;
  }

  public boolean contains(long value) {
    return containsAll(value, value + 1);
  }

  /** The end of the range that starts at or before {@code value} and contains it, else value. */
  public long contiguousEndFrom(long value) {
    for (int i = 0; i < count; i++) {
      if (start(i) <= value && end(i) > value) {
        return end(i);
      }
    }
    return value;
  }

  /** Total of all range lengths. */
  public long totalLength() {
    long total = 0;
    for (int i = 0; i < count; i++) {
      total += end(i) - start(i);
    }
    return total;
  }

  public void clear() {
    count = 0;
  }

  private void replace(int from, int to, long start, long end) {
    int removed = to - from;
    if (removed == 0) {
      insertAt(from, start, end);
      return;
    }
    bounds[2 * from] = start;
    bounds[2 * from + 1] = end;
    int tail = count - to;
    System.arraycopy(bounds, 2 * to, bounds, 2 * (from + 1), 2 * tail);
    count -= removed - 1;
  }

  private void insertAt(int index, long start, long end) {
    if (2 * (count + 1) > bounds.length) {
      bounds = Arrays.copyOf(bounds, bounds.length * 2);
    }
    System.arraycopy(bounds, 2 * index, bounds, 2 * index + 2, 2 * (count - index));
    bounds[2 * index] = start;
    bounds[2 * index + 1] = end;
    count++;
  }

  private void removeAt(int index) {
    System.arraycopy(bounds, 2 * index + 2, bounds, 2 * index, 2 * (count - index - 1));
    count--;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("{");
    for (int i = 0; i < count; i++) {
      text.append(i == 0 ? "" : ", ")
          .append('[')
          .append(start(i))
          .append(',')
          .append(end(i))
          .append(')');
    }
    return text.append('}').toString();
  }
}

package dev.moqbed.transport.quic;

import java.util.Arrays;

/**
 * The application's bytes of one send stream: the slices it wrote, each with the stream offset it
 * starts at, oldest first; slices wholly acknowledged are let go from the front. Two arrays rather
 * than lists: a relay appends two slices per object (head and shared payload) on every subscriber's
 * stream, and a list of offsets boxed a {@code Long} for each.
 */
final class StreamSegments {
  private ByteSlice[] slices = new ByteSlice[8];
  private long[] starts = new long[8];
  private int first; // the oldest slice kept
  private int end; // one past the newest

  void add(ByteSlice slice, long start) {
    if (end == slices.length) {
      makeRoom();
    }
    slices[end] = slice;
    starts[end] = start;
    end++;
  }

  boolean isEmpty() {
    return first == end;
  }

  int size() {
    return end - first;
  }

  /** The {@code index}-th slice kept, 0 the oldest. */
  ByteSlice slice(int index) {
    return slices[first + index];
  }

  /** The stream offset of the {@code index}-th slice's first byte. */
  long start(int index) {
    return starts[first + index];
  }

  /** Lets go of the slices that end at or before {@code offset}, keeping at least the newest. */
  void releaseBefore(long offset) {
    while (end - first > 1 && starts[first + 1] <= offset) {
      slices[first] = null;
      first++;
    }
  }

  /** The index of the slice holding {@code offset}: the last one starting at or before it. */
  int indexOf(long offset) {
    int low = 0;
    int high = size() - 1;
    while (low < high) {
      int middle = (low + high + 1) >>> 1;
      if (start(middle) <= offset) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return low;
  }

  private void makeRoom() {
    int kept = end - first;
    if (kept * 2 > slices.length) {
      slices = Arrays.copyOf(slices, slices.length * 2);
      starts = Arrays.copyOf(starts, starts.length * 2);
    }
    System.arraycopy(slices, first, slices, 0, kept);
    System.arraycopy(starts, first, starts, 0, kept);
    Arrays.fill(slices, kept, end, null);
    first = 0;
    end = kept;
  }
}

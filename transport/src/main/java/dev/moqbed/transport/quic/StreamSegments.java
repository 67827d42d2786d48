package dev.moqbed.transport.quic;

import java.util.Arrays;

/**
 * The application's bytes of one send stream: the parts of arrays it wrote, each with the stream
 * offset it starts at, oldest first; parts wholly acknowledged are let go from the front. Parallel
 * arrays rather than lists of slices: a relay appends two parts per object (its head and its
 * payload, both shared by every subscriber) on every subscriber's stream, and a slice object, or a
 * boxed {@code Long} offset, for each would be garbage per object and subscriber.
 */
final class StreamSegments {
  private byte[][] arrays = new byte[8][];
  private int[] offsets = new int[8];
  private int[] lengths = new int[8];
  private long[] starts = new long[8];
  private int first; // the oldest part kept
  private int end; // one past the newest

  void add(ByteSlice slice, long start) {
    add(slice.array(), slice.offset(), slice.length(), start);
  }

  /** Appends {@code length} bytes of {@code array} from {@code offset}, kept, never copied. */
  void add(byte[] array, int offset, int length, long start) {
    if (end == arrays.length) {
      makeRoom();
    }
    arrays[end] = array;
    offsets[end] = offset;
    lengths[end] = length;
    starts[end] = start;
    end++;
  }

  boolean isEmpty() {
    return first == end;
  }

  int size() {
    return end - first;
  }

  /** The array of the {@code index}-th part kept, 0 the oldest. */
  byte[] array(int index) {
    return arrays[first + index];
  }

  /** Where the {@code index}-th part starts in its array. */
  int offset(int index) {
    return offsets[first + index];
  }

  /** The {@code index}-th part's length. */
  int length(int index) {
    return lengths[first + index];
  }

  /** The stream offset of the {@code index}-th slice's first byte. */
  long start(int index) {
    return starts[first + index];
  }

  /** Lets go of the parts that end at or before {@code offset}, keeping at least the newest. */
  void releaseBefore(long offset) {
    while (end - first > 1 && starts[first + 1] <= offset) {
      arrays[first] = null;
      first++;
    }
  }

  /** The index of the part holding {@code offset}: the last one starting at or before it. */
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
    if (kept * 2 > arrays.length) {
      arrays = Arrays.copyOf(arrays, arrays.length * 2);
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
      lengths = Arrays.copyOf(lengths, lengths.length * 2);
      starts = Arrays.copyOf(starts, starts.length * 2);
    }
    System.arraycopy(arrays, first, arrays, 0, kept);
    System.arraycopy(offsets, first, offsets, 0, kept);
    System.arraycopy(lengths, first, lengths, 0, kept);
    System.arraycopy(starts, first, starts, 0, kept);
    Arrays.fill(arrays, kept, end, null);
    first = 0;
    end = kept;
  }
}

package dev.moqbed.transport.quic;

import java.util.Arrays;

/**
 * A contiguous run of a receive stream's bytes waiting for delivery: one STREAM frame, or several
 * that arrived back to back past a gap and were joined. Joining is what keeps reassembly's cost
 * near the bytes it holds: a peer that sends its data as thousands of tiny frames after a hole
 * leaves one piece, not thousands of objects (quinn's {@code Assembler} defragments for the same
 * reason). A piece starts as a view of its first frame's bytes; the first join copies them into a
 * buffer of its own, which then grows by doubling, so a long run costs amortized one copy per byte.
 *
 * <p>Frames of the simulator carry no bytes (counts only): their pieces are never joined, so a
 * simulation delivers exactly the frames it received, as before.
 */
final class ReceivedPiece {
  final long offset;
  private int length;
  private boolean fin;
  private byte[] array;
  private int arrayOffset;

  /** Whether {@link #array} is this piece's own buffer, which a join may write into. */
  private boolean owned;

  ReceivedPiece(Frame.Stream frame) {
    this.offset = frame.offset();
    this.length = frame.length();
    this.fin = frame.fin();
    this.array = frame.dataArray();
    this.arrayOffset = frame.dataOffset();
  }

  boolean hasBytes() {
    return array != null;
  }

  int length() {
    return length;
  }

  long end() {
    return offset + length;
  }

  boolean fin() {
    return fin;
  }

  /** The bytes from {@code skip} on, or null for counts only. */
  ByteSlice bytesFrom(int skip) {
    return array == null ? null : new ByteSlice(array, arrayOffset + skip, length - skip);
  }

  /** Whether {@code next}, starting where this piece ends, can be joined to it. */
  boolean canJoin(long nextOffset, boolean nextHasBytes) {
    return array != null && nextHasBytes && !fin && nextOffset == end();
  }

  /** Appends a frame that starts where this piece ends ({@link #canJoin}). */
  void join(Frame.Stream frame) {
    append(frame.dataArray(), frame.dataOffset(), frame.length(), frame.fin());
  }

  /** Appends the piece that starts where this one ends ({@link #canJoin}). */
  void join(ReceivedPiece next) {
    append(next.array, next.arrayOffset, next.length, next.fin);
  }

  private void append(byte[] source, int sourceOffset, int count, boolean endsStream) {
    int needed = length + count;
    if (!owned || needed > array.length) {
      int capacity = owned ? Math.max(needed, 2 * array.length) : Math.max(needed, 2 * length);
      byte[] buffer =
          owned ? Arrays.copyOf(array, capacity) : copyInto(capacity, array, arrayOffset, length);
      array = buffer;
      arrayOffset = 0;
      owned = true;
    }
    System.arraycopy(source, sourceOffset, array, length, count);
    length = needed;
    fin = endsStream;
  }

  private static byte[] copyInto(int capacity, byte[] source, int from, int count) {
    byte[] buffer = new byte[capacity];
    System.arraycopy(source, from, buffer, 0, count);
    return buffer;
  }
}

package dev.moqbed.transport.quic;

import java.util.Arrays;

/**
 * A read-only view of part of a byte array. Stream data travels through the stack as slices of the
 * application's arrays, never copied; a retransmission is a slice of the same array.
 */
public record ByteSlice(byte[] array, int offset, int length) {
  public ByteSlice {
    if (offset < 0 || length < 0 || offset + length > array.length) {
      throw new IndexOutOfBoundsException(
          "slice " + offset + "+" + length + " of " + array.length + " bytes");
    }
  }

  public static ByteSlice of(byte[] array) {
    return new ByteSlice(array, 0, array.length);
  }

  /** The part from {@code from} (relative) for {@code count} bytes. */
  public ByteSlice slice(int from, int count) {
    return new ByteSlice(array, offset + from, count);
  }

  public byte get(int index) {
    return array[offset + index];
  }

  public byte[] toArray() {
    return Arrays.copyOfRange(array, offset, offset + length);
  }
}

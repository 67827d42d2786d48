package dev.moqbed.media.moqt.wire;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * A growable byte buffer that MoQT encoders write into: raw bytes, fixed-width integers and varints
 * in the format of the version being encoded. Reusable: {@link #clear()} keeps the capacity.
 */
public final class WireWriter {
  private final VarintFormat varints;
  private byte[] bytes;
  private int size;

  /** A writer with a small initial capacity that grows on demand. */
  public WireWriter(VarintFormat varints) {
    this(varints, 64);
  }

  /** A writer with the given initial capacity in bytes. */
  public WireWriter(VarintFormat varints, int initialCapacityBytes) {
    this.varints = Objects.requireNonNull(varints, "varints");
    this.bytes = new byte[Math.max(8, initialCapacityBytes)];
  }

  /** The varint format this writer uses. */
  public VarintFormat varints() {
    return varints;
  }

  /** Bytes written so far. */
  public int size() {
    return size;
  }

  /** Forgets the content, keeps the capacity. */
  public void clear() {
    size = 0;
  }

  /** Appends one byte (the low 8 bits of {@code value}). */
  public WireWriter writeUint8(int value) {
    ensureRoom(1);
    bytes[size++] = (byte) value;
    return this;
  }

  /** Appends a 16-bit big-endian unsigned integer. */
  public WireWriter writeUint16(int value) {
    if (value < 0 || value > 0xFFFF) {
      throw new IllegalArgumentException("not a 16-bit value: " + value);
    }
    ensureRoom(2);
    bytes[size++] = (byte) (value >>> 8);
    bytes[size++] = (byte) value;
    return this;
  }

  /** Appends the shortest varint encoding of {@code value}. */
  public WireWriter writeVarint(long value) {
    int length = varints.encodedLength(value);
    ensureRoom(length);
    varints.encode(value, bytes, size);
    size += length;
    return this;
  }

  /** Appends {@code length} bytes of {@code source} from {@code offset}. */
  public WireWriter writeBytes(byte[] source, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, source.length);
    ensureRoom(length);
    System.arraycopy(source, offset, bytes, size, length);
    size += length;
    return this;
  }

  /** Appends all bytes of {@code source}. */
  public WireWriter writeBytes(byte[] source) {
    return writeBytes(source, 0, source.length);
  }

  /**
   * Overwrites two bytes at {@code index} with a 16-bit big-endian value: used to fill in a length
   * field once the payload after it has been written.
   */
  public void patchUint16(int index, int value) {
    Objects.checkFromIndexSize(index, 2, size);
    if (value < 0 || value > 0xFFFF) {
      throw new IllegalArgumentException("not a 16-bit value: " + value);
    }
    bytes[index] = (byte) (value >>> 8);
    bytes[index + 1] = (byte) value;
  }

  /** A copy of the bytes written. */
  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }

  /**
   * A read-only view of the bytes written, from position 0 to {@link #size()}; valid until the next
   * write or {@link #clear()}.
   */
  public ByteBuffer view() {
    return ByteBuffer.wrap(bytes, 0, size).slice().asReadOnlyBuffer();
  }

  private void ensureRoom(int extra) {
    int needed = size + extra;
    if (needed < 0) {
      throw new IllegalStateException("wire buffer above 2 GiB");
    }
    if (needed > bytes.length) {
      // Doubling keeps appends amortised O(1); the cap avoids int overflow near 2 GiB.
      int grown = (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(needed, 2L * bytes.length));
      bytes = Arrays.copyOf(bytes, grown);
    }
  }
}

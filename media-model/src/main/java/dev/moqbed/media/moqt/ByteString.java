package dev.moqbed.media.moqt;

import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Function;

/**
 * An immutable sequence of bytes with value equality: namespace fields, track names, parameter
 * values, object payloads. Records holding a {@code byte[]} would compare by identity and could be
 * changed after construction; this class avoids both.
 */
public final class ByteString {
  /** The empty byte string. */
  public static final ByteString EMPTY = new ByteString(new byte[0]);

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final byte[] bytes;
  // A view another layer made of the bytes once, for every place they go (see sharedView).
  private Object view;

  private ByteString(byte[] bytes) {
    this.bytes = bytes;
  }

  /** A byte string holding a copy of {@code bytes}. */
  public static ByteString copyOf(byte[] bytes) {
    return bytes.length == 0 ? EMPTY : new ByteString(bytes.clone());
  }

  /**
   * A byte string that takes ownership of {@code bytes}: for decoders that have just allocated the
   * array and never touch it again.
   */
  public static ByteString wrapOwned(byte[] bytes) {
    return bytes.length == 0 ? EMPTY : new ByteString(bytes);
  }

  /** The UTF-8 encoding of {@code text}. */
  public static ByteString utf8(String text) {
    return wrapOwned(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Number of bytes. */
  public int size() {
    return bytes.length;
  }

  /** True when there are no bytes. */
  public boolean isEmpty() {
    return bytes.length == 0;
  }

  /** The byte at {@code index} as an unsigned value 0..255. */
  public int byteAt(int index) {
    return bytes[index] & 0xFF;
  }

  /** A copy of the bytes. */
  public byte[] toByteArray() {
    return bytes.clone();
  }

  /**
   * The bytes themselves, not a copy: for a transport that keeps a reference where it would
   * otherwise copy (a relay sends each object's payload to every subscriber, and a copy per
   * subscriber was most of what it allocated). Whoever takes the array must never write to it;
   * every other caller wants {@link #toByteArray()}.
   */
  public byte[] sharedArray() {
    return bytes;
  }

  /**
   * A view of the bytes that {@code make} makes the first time a {@code type} is asked for, then
   * kept with them: a relay writes one object's bytes to every subscriber's stream, and the
   * transport's view of them (its slice) is then made once, not once per stream. The view must be
   * immutable: as String's hash, it is set without a lock, so two threads may each make one.
   */
  public <T> T sharedView(Class<T> type, Function<byte[], T> make) {
    Object kept = view;
    if (!type.isInstance(kept)) {
      kept = make.apply(bytes);
      view = kept;
    }
    return type.cast(kept);
  }

  /** Copies the bytes into {@code destination} at {@code offset}. */
  public void copyTo(byte[] destination, int offset) {
    System.arraycopy(bytes, 0, destination, offset, bytes.length);
  }

  /** The bytes decoded as UTF-8, malformed sequences replaced by U+FFFD. */
  public String asUtf8() {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Lower-case hex, two digits per byte. */
  public String toHex() {
    StringBuilder out = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) {
      out.append(HEX[(b >>> 4) & 0xF]).append(HEX[b & 0xF]);
    }
    return out.toString();
  }

  /** Appends the bytes to {@code out} (the writer copies them; this string stays unchanged). */
  public void writeTo(WireWriter out) {
    out.writeBytes(bytes);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ByteString && Arrays.equals(bytes, ((ByteString) other).bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  /** Printable ASCII shown as text in quotes, anything else as hex. */
  @Override
  public String toString() {
    for (byte b : bytes) {
      if (b < 0x20 || b > 0x7E) {
        return "0x" + toHex();
      }
    }
    return '"' + new String(bytes, StandardCharsets.US_ASCII) + '"';
  }
}

package dev.moqbed.media.moqt.wire;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The unconsumed bytes of a stream, for the incremental decoders: bytes are appended as they arrive
 * and consumed from the front once a whole frame has been decoded. Holds only bytes that were
 * actually received; it never grows to a size a peer merely claims.
 */
public final class ByteAccumulator {
  private byte[] bytes = new byte[256];
  private int start;
  private int end;

  /** Appends the remaining bytes of {@code source}, advancing its position to its limit. */
  public void append(ByteBuffer source) {
    int incoming = source.remaining();
    if (incoming == 0) {
      return;
    }
    if (end + incoming > bytes.length) {
      makeRoom(incoming);
    }
    source.get(bytes, end, incoming);
    end += incoming;
  }

  /** Bytes received and not yet consumed. */
  public int size() {
    return end - start;
  }

  /**
   * The unconsumed bytes as a read-only buffer whose position is the first unconsumed byte; indexes
   * are absolute, so a decoder can peek with {@code get(int)} from {@code position()}. Valid until
   * the next {@link #append} or {@link #consume}.
   */
  public ByteBuffer view() {
    return ByteBuffer.wrap(bytes, start, end - start).asReadOnlyBuffer();
  }

  /** Drops {@code count} bytes from the front. */
  public void consume(int count) {
    if (count < 0 || count > size()) {
      throw new IllegalArgumentException("cannot consume " + count + " of " + size() + " bytes");
    }
    start += count;
    if (start == end) {
      start = 0;
      end = 0;
    }
  }

  private void makeRoom(int incoming) {
    int live = end - start;
    long needed = (long) live + incoming;
    if (needed > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("stream buffer above 2 GiB");
    }
    if (needed <= bytes.length) {
      // Enough room once the consumed front is reclaimed.
      System.arraycopy(bytes, start, bytes, 0, live);
    } else {
      int grown = (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(needed, 2L * bytes.length));
      byte[] larger = new byte[grown];
      System.arraycopy(bytes, start, larger, 0, live);
      bytes = larger;
    }
    start = 0;
    end = live;
  }

  @Override
  public String toString() {
    return "ByteAccumulator["
        + size()
        + " bytes: "
        + Arrays.toString(Arrays.copyOfRange(bytes, start, Math.min(end, start + 16)))
        + "]";
  }
}

package dev.moqbed.media.moqt.wire;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * The unconsumed bytes of a stream, for the incremental decoders: bytes are appended as they arrive
 * and consumed from the front once a whole frame has been decoded. Holds only bytes that were
 * actually received; it never grows to a size a peer merely claims.
 *
 * <p>With a {@link ByteArrayPool}, the array is taken from the pool when bytes arrive and given
 * back whenever everything has been consumed, so the streams of one connection share a few arrays
 * instead of each growing its own from 256 bytes.
 */
public final class ByteAccumulator {
  private static final byte[] NONE = new byte[0];

  private final ByteArrayPool pool;
  private byte[] bytes;
  private int start;
  private int end;

  /** An accumulator with an array of its own, kept for its whole life. */
  public ByteAccumulator() {
    this.pool = null;
    this.bytes = new byte[ByteArrayPool.INITIAL_BYTES];
  }

  /** An accumulator that holds an array of {@code pool} only while it holds bytes. */
  public ByteAccumulator(ByteArrayPool pool) {
    this.pool = Objects.requireNonNull(pool, "pool");
    this.bytes = NONE;
  }

  /** Appends the remaining bytes of {@code source}, advancing its position to its limit. */
  public void append(ByteBuffer source) {
    appendUpTo(source, source.remaining());
  }

  /**
   * Appends at most {@code count} of the remaining bytes of {@code source}, advancing its position
   * past them.
   */
  public void appendUpTo(ByteBuffer source, int count) {
    int incoming = Math.min(count, source.remaining());
    if (incoming <= 0) {
      return;
    }
    if (end + incoming > bytes.length) {
      makeRoom(incoming);
    }
    source.get(bytes, end, incoming);
    end += incoming;
  }

  /** Drops every byte held (and gives a pooled array back). */
  public void clear() {
    start = 0;
    end = 0;
    release();
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
      release();
    }
  }

  private void release() {
    if (pool != null && bytes != NONE) {
      pool.give(bytes);
      bytes = NONE;
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
      byte[] larger = pool == null ? new byte[grown] : pool.take(grown);
      System.arraycopy(bytes, start, larger, 0, live);
      // The shorter array is not given back: kept, it would be taken (and dropped) first.
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

package dev.moqbed.media.moqt.wire;

import java.util.ArrayDeque;

/**
 * A few byte arrays kept for the incremental decoders of one connection's streams, so a stream's
 * reassembly buffer is grown once per connection rather than from scratch for every stream (a
 * subscriber receives one stream per group). Bounded both ways: at most {@code maxArrays} are kept,
 * and none longer than {@code maxArrayBytes} (a larger one was needed once and goes to the
 * collector). Single-threaded, like the session that owns it.
 */
public final class ByteArrayPool {
  /** The length of an array when nothing larger is asked for. */
  static final int INITIAL_BYTES = 256;

  /**
   * Arrays one connection keeps between streams: a few, for the streams that overlap (a group's
   * last objects and the next group's first, per track), none above 256 KiB (a video I frame of the
   * draft's mix is 62.5 kB), so an idle connection holds at most 1 MiB of them.
   */
  public static ByteArrayPool forOneConnection() {
    return new ByteArrayPool(4, 256 << 10);
  }

  private final int maxArrays;
  private final int maxArrayBytes;
  private final ArrayDeque<byte[]> free = new ArrayDeque<>();

  /**
   * @param maxArrays arrays kept while nobody uses them
   * @param maxArrayBytes the longest array kept
   */
  public ByteArrayPool(int maxArrays, int maxArrayBytes) {
    if (maxArrays < 0 || maxArrayBytes < 0) {
      throw new IllegalArgumentException("negative bound");
    }
    this.maxArrays = maxArrays;
    this.maxArrayBytes = maxArrayBytes;
  }

  /**
   * An array of at least {@code minimum} bytes: the last one given back if it is long enough, else
   * a new one (the kept one that was too short is dropped: the lengths a connection needs settle at
   * its largest frame).
   */
  public byte[] take(int minimum) {
    byte[] kept = free.pollLast();
    if (kept != null && kept.length >= minimum) {
      return kept;
    }
    return new byte[Math.max(minimum, INITIAL_BYTES)];
  }

  /** Hands {@code array} back for the next {@link #take}; its contents are not cleared. */
  public void give(byte[] array) {
    if (array.length <= maxArrayBytes && free.size() < maxArrays) {
      free.addLast(array);
    }
  }

  /** Arrays kept now. */
  public int kept() {
    return free.size();
  }
}

package dev.moqbed.transport.tls;

import java.util.Map;
import java.util.TreeMap;

/**
 * One level's incoming CRYPTO stream put back in order (RFC 9000 §7.5, §19.6): frames may arrive
 * out of order, repeated or overlapping; each byte comes out once, in order. Data beyond the next
 * expected offset waits, up to {@link #MAX_OUT_OF_ORDER_BYTES} past it and in at most {@link
 * #MAX_WAITING_RUNS} separate runs: a peer that sends more, or cuts it finer, is refused with
 * CRYPTO_BUFFER_EXCEEDED. The run limit is what bounds the heap: each run costs about 90 B beside
 * its bytes, so 64 KiB of one-byte frames used to cost 5.6 MB per level and connection.
 */
final class CryptoReassembly {
  /** How far past the in-order point data is buffered (RFC 9000 §7.5 asks for at least 4096). */
  static final int MAX_OUT_OF_ORDER_BYTES = 64 * 1024;

  /**
   * How many separate runs may wait. A browser's ClientHello is cut into a few frames per packet
   * and shuffled (Chrome's "chaos protection"), a server's flight arrives in a few packets: both
   * far below this.
   */
  static final int MAX_WAITING_RUNS = 256;

  private static final byte[] NOTHING = new byte[0];

  /** Out-of-order runs by stream offset, none starting at or before {@link #delivered}. */
  private final TreeMap<Long, byte[]> waiting = new TreeMap<>();

  private long delivered;

  /** Bytes held in {@link #waiting}, overlaps counted twice: bounded too. */
  private long waitingBytes;

  /** The next offset expected: everything before it was delivered. */
  long deliveredOffset() {
    return delivered;
  }

  /**
   * Adds a frame's data at {@code offset}; returns the bytes that now follow the delivered ones in
   * order (empty when none), or null when the frame ends further than the buffer allows.
   */
  byte[] add(long offset, byte[] data) {
    long end = offset + data.length;
    if (end <= delivered) {
      return NOTHING; // a repeat of what was delivered
    }
    if (end - delivered > MAX_OUT_OF_ORDER_BYTES) {
      return null;
    }
    if (offset > delivered) {
      byte[] present = waiting.get(offset);
      if (present == null || present.length < data.length) {
        long held = waitingBytes - (present == null ? 0 : present.length) + data.length;
        if (held > MAX_OUT_OF_ORDER_BYTES
            || (present == null && waiting.size() >= MAX_WAITING_RUNS)) {
          return null;
        }
        waiting.put(offset, data);
        waitingBytes = held;
      }
      return NOTHING;
    }
    // In order: this frame's new bytes, then every waiting run it reaches.
    byte[] run = slice(data, (int) (delivered - offset));
    delivered = end;
    while (!waiting.isEmpty() && waiting.firstKey() <= delivered) {
      Map.Entry<Long, byte[]> next = waiting.pollFirstEntry();
      waitingBytes -= next.getValue().length;
      long nextEnd = next.getKey() + next.getValue().length;
      if (nextEnd > delivered) {
        byte[] tail = slice(next.getValue(), (int) (delivered - next.getKey()));
        run = concat(run, tail);
        delivered = nextEnd;
      }
    }
    return run;
  }

  /** Forgets what waits: the level's keys are gone. */
  void clear() {
    waiting.clear();
    waitingBytes = 0;
  }

  private static byte[] slice(byte[] data, int from) {
    if (from == 0) {
      return data;
    }
    byte[] tail = new byte[data.length - from];
    System.arraycopy(data, from, tail, 0, tail.length);
    return tail;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] joined = new byte[a.length + b.length];
    System.arraycopy(a, 0, joined, 0, a.length);
    System.arraycopy(b, 0, joined, a.length, b.length);
    return joined;
  }
}

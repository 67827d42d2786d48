package dev.moqbed.transport.app;

import dev.moqbed.transport.quic.ByteSlice;

/**
 * quicperf's batch request: the client's first 8 bytes carry, big-endian, how many bytes the server
 * must answer; the rest of the request is filler up to the post size.
 */
final class BatchRequest {
  static final int HEADER_BYTES = 8;

  private BatchRequest() {}

  /** The first bytes of a request for {@code responseBytes}. */
  static ByteSlice header(long responseBytes) {
    byte[] header = new byte[HEADER_BYTES];
    for (int i = 0; i < HEADER_BYTES; i++) {
      header[i] = (byte) (responseBytes >>> (8 * (HEADER_BYTES - 1 - i)));
    }
    return ByteSlice.of(header);
  }

  /** Accumulates the header from request bytes as they arrive; -1 until 8 bytes were seen. */
  static final class Reader {
    private long value;
    private int seen;

    void accept(long offset, int length, ByteSlice data) {
      for (int i = 0; i < length && offset + i < HEADER_BYTES; i++) {
        byte b = data == null ? 0 : data.get(i);
        value = (value << 8) | (b & 0xff);
        seen++;
      }
    }

    long responseBytes() {
      return seen >= HEADER_BYTES ? value : -1;
    }
  }
}

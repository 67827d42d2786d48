package dev.moqbed.quicperf;

import dev.moqbed.transport.quic.ByteSlice;

/**
 * quicperf's batch request: the client's first 8 bytes carry, big-endian, how many bytes the server
 * must answer (all ones: "unlimited"); the rest of the request is filler up to the post size. The
 * server reads it with {@link RequestReader}.
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
}

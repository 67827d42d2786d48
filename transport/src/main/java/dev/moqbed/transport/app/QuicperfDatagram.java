package dev.moqbed.transport.app;

/**
 * What a quicperf media datagram carries: the request stream it answers, its frame number and when
 * the server sent it. The DATAGRAM frame is padded to the flow's frame size (at most {@link
 * #MAX_BYTES}), so the length on the wire is not this record's size.
 */
record QuicperfDatagram(long requestStreamId, long frameNumber, long sentMicros) {
  /** quicperf builds datagrams in a 1024-byte buffer: larger frame sizes are cut to this. */
  static final int MAX_BYTES = 1024;

  /** The DATAGRAM payload length for a flow of {@code frameSizeBytes}. */
  int lengthBytes(long frameSizeBytes) {
    int encoded = varintBytes(requestStreamId) + varintBytes(frameNumber) + Long.BYTES;
    return (int) Math.max(encoded, Math.min(frameSizeBytes, MAX_BYTES));
  }

  private static int varintBytes(long value) {
    if (value < 64) {
      return 1;
    }
    if (value < 16_384) {
      return 2;
    }
    return value < 1L << 30 ? 4 : 8;
  }
}

package dev.moqbed.quicperf;

import dev.moqbed.transport.quic.ByteSlice;

/**
 * quicperf's 16-byte media request, which the client sends (with FIN) on the stream that will carry
 * a group of frames, or on the request stream of a datagram flow. Big-endian fields:
 *
 * <pre>
 * bytes 0-3   mark: FF FF FF FE (frames on this stream) or FF FF FF FD (frames as datagrams)
 * bytes 4-7   frame size in bytes
 * byte  8     priority (0: leave the default)
 * byte  9     frames per second
 * bytes 10-12 number of frames
 * bytes 13-15 size of the first frame
 * </pre>
 *
 * The first 8 bytes are where a batch request carries its response size; the marks are response
 * sizes no batch asks for, which is how the server tells the two apart.
 */
final class MediaRequest {
  static final int HEADER_BYTES = 16;

  /** High 32 bits of the first 8 bytes of a request for frames on the stream. */
  static final long STREAM_MARK = 0xFFFF_FFFEL;

  /** High 32 bits of the first 8 bytes of a request for frames as datagrams. */
  static final long DATAGRAM_MARK = 0xFFFF_FFFDL;

  /** Largest value of the 3-byte fields (frame count, first frame size). */
  static final long MAX_THREE_BYTE_VALUE = 0xFF_FFFFL;

  private MediaRequest() {}

  static ByteSlice header(
      boolean datagram,
      long frameSizeBytes,
      int priority,
      int framesPerSecond,
      long frameCount,
      long firstFrameSizeBytes) {
    byte[] header = new byte[HEADER_BYTES];
    put(header, 0, 4, datagram ? DATAGRAM_MARK : STREAM_MARK);
    put(header, 4, 4, frameSizeBytes);
    header[8] = (byte) priority;
    header[9] = (byte) framesPerSecond;
    put(header, 10, 3, frameCount);
    put(header, 13, 3, firstFrameSizeBytes);
    return ByteSlice.of(header);
  }

  private static void put(byte[] target, int at, int bytes, long value) {
    for (int i = 0; i < bytes; i++) {
      target[at + i] = (byte) (value >>> (8 * (bytes - 1 - i)));
    }
  }
}

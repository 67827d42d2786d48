package dev.moqbed.quicperf;

import dev.moqbed.transport.quic.ByteSlice;

/**
 * The server's view of a quicperf request as its bytes arrive: the 8-byte batch header (the
 * response size), or, when those 8 bytes carry a media mark, the 16-byte {@link MediaRequest}.
 * Bytes the client sent as counts only (no content) read as zeros.
 */
final class RequestReader {
  private long firstWord;
  private int headerBytesSeen;
  private boolean media;
  private boolean datagram;
  private long frameSizeBytes;
  private int priority;
  private int framesPerSecond;
  private long frameCount;
  private long firstFrameSizeBytes;

  /** Takes in-order request bytes {@code [offset, offset + length)}. */
  void accept(long offset, int length, ByteSlice data) {
    for (int i = 0; i < length && offset + i < headerLimit(); i++) {
      int b = data == null ? 0 : data.get(i) & 0xff;
      acceptHeaderByte(b);
    }
  }

  private int headerLimit() {
    return media ? MediaRequest.HEADER_BYTES : BatchRequest.HEADER_BYTES;
  }

  private void acceptHeaderByte(int b) {
    int at = headerBytesSeen++;
    if (at < BatchRequest.HEADER_BYTES) {
      firstWord = (firstWord << 8) | b;
      if (headerBytesSeen == BatchRequest.HEADER_BYTES) {
        long high = firstWord >>> 32;
        if (high == MediaRequest.STREAM_MARK || high == MediaRequest.DATAGRAM_MARK) {
          media = true;
          datagram = high == MediaRequest.DATAGRAM_MARK;
          frameSizeBytes = firstWord & 0xFFFF_FFFFL;
        }
      }
    } else if (at == 8) {
      priority = b;
    } else if (at == 9) {
      framesPerSecond = b;
    } else if (at <= 12) {
      frameCount = (frameCount << 8) | b;
    } else {
      firstFrameSizeBytes = (firstFrameSizeBytes << 8) | b;
    }
  }

  /** The whole header arrived: 8 bytes for a batch, 16 for media. */
  boolean isComplete() {
    return headerBytesSeen >= headerLimit();
  }

  boolean isMedia() {
    return media;
  }

  boolean isDatagram() {
    return datagram;
  }

  /**
   * The batch response size as an unsigned 64-bit number; all ones (-1 here) is quicperf's
   * "unlimited", which the client ends with STOP_SENDING.
   */
  long responseBytes() {
    return firstWord;
  }

  long frameSizeBytes() {
    return frameSizeBytes;
  }

  int priority() {
    return priority;
  }

  int framesPerSecond() {
    return framesPerSecond;
  }

  long frameCount() {
    return frameCount;
  }

  long firstFrameSizeBytes() {
    return firstFrameSizeBytes;
  }
}

package dev.moqbed.transport.tls;

import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.Map;

/**
 * The outgoing CRYPTO streams, one per encryption level: handshake messages appended whole by the
 * TLS engine, taken in pieces by the connection. Sent bytes are forgotten here; the connection
 * keeps what it may have to retransmit, by offset.
 */
final class CryptoOutbox {
  private final Map<EncryptionLevel, Stream> streams = new EnumMap<>(EncryptionLevel.class);

  CryptoOutbox() {
    for (EncryptionLevel level : EncryptionLevel.values()) {
      streams.put(level, new Stream());
    }
  }

  void append(EncryptionLevel level, byte[] message) {
    Stream stream = streams.get(level);
    stream.chunks.add(message.clone());
    stream.pending += message.length;
  }

  int pendingBytes(EncryptionLevel level) {
    return streams.get(level).pending;
  }

  long sendOffset(EncryptionLevel level) {
    return streams.get(level).offset;
  }

  byte[] poll(EncryptionLevel level, int maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes " + maxBytes);
    }
    Stream stream = streams.get(level);
    byte[] out = new byte[Math.min(maxBytes, stream.pending)];
    int filled = 0;
    while (filled < out.length) {
      byte[] head = stream.chunks.peekFirst();
      int take = Math.min(out.length - filled, head.length - stream.headOffset);
      System.arraycopy(head, stream.headOffset, out, filled, take);
      filled += take;
      stream.headOffset += take;
      if (stream.headOffset == head.length) {
        stream.chunks.removeFirst();
        stream.headOffset = 0;
      }
    }
    stream.pending -= out.length;
    stream.offset += out.length;
    return out;
  }

  /** One level's unsent bytes, as the messages they came in. */
  private static final class Stream {
    final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    int headOffset;
    int pending;
    long offset;
  }
}

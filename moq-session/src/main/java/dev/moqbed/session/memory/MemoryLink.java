package dev.moqbed.session.memory;

/**
 * One direction of an in-memory path.
 *
 * @param delayMicros one-way propagation delay
 * @param bytesPerSecond serialization rate; 0 = unlimited
 */
public record MemoryLink(long delayMicros, long bytesPerSecond) {
  /** Payload bytes a sender takes from one stream at a time, as one QUIC packet would carry. */
  public static final int CHUNK_BYTES = 1200;

  /** The largest datagram payload. */
  public static final int MAX_DATAGRAM_BYTES = 1150;

  public MemoryLink {
    if (delayMicros < 0 || bytesPerSecond < 0) {
      throw new IllegalArgumentException("negative delay or rate");
    }
  }

  /** A link with {@code delayMicros} and no rate limit. */
  public static MemoryLink ofDelay(long delayMicros) {
    return new MemoryLink(delayMicros, 0);
  }

  long serializationMicros(int bytes) {
    return bytesPerSecond == 0 ? 0 : (bytes * 1_000_000L + bytesPerSecond - 1) / bytesPerSecond;
  }
}

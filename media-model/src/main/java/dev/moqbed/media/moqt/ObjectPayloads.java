package dev.moqbed.media.moqt;

/**
 * What a decoder keeps of an object's payload. A relay forwards payloads and a player plays them; a
 * receiver that only times objects (the fan-out benchmark's subscriber swarm) needs each object's
 * length and the moment its last byte arrived, and copying the bytes was two fifths of what it
 * allocated.
 */
public enum ObjectPayloads {
  /** Every payload decoded into the object ({@code payload().size() == payloadSize()}). */
  KEEP,

  /**
   * Payload bytes skipped as they arrive, never copied or buffered: objects carry {@link
   * ByteString#EMPTY} and their length in {@code payloadSize()}. The object is still delivered only
   * once its last byte arrived, and every field around the payload is checked as with {@link
   * #KEEP}.
   */
  SIZE_ONLY
}

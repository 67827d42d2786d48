package dev.moqbed.media.moqt;

import java.nio.ByteBuffer;

/**
 * Turns the bytes of one incoming subgroup stream, in whatever chunks they arrive, into its header
 * and objects. Lengths that exceed the {@link MoqtLimits} are rejected as soon as the length field
 * is readable, before the bytes they announce are buffered.
 */
public interface SubgroupStreamDecoder {
  /** Buffers the remaining bytes of {@code bytes} (advancing its position to its limit). */
  void feed(ByteBuffer bytes);

  /**
   * The stream header, or null while it is incomplete. For a {@link SubgroupIdMode#FIRST_OBJECT_ID}
   * header the subgroup id is resolved once the first object has been decoded.
   */
  SubgroupHeader header();

  /** The next complete object (decoding the header first if needed), or null for more bytes. */
  SubgroupObject nextObject();

  /** Bytes buffered that do not yet form a complete header or object. */
  int bufferedBytes();

  /** Called on FIN; throws if the stream ended inside the header or an object. */
  void onEndOfStream();

  /**
   * Nothing more is decoded (the stream was stopped or ended): what the decoder holds is dropped,
   * and an array from a {@link dev.moqbed.media.moqt.wire.ByteArrayPool} goes back to it.
   */
  default void release() {}
}

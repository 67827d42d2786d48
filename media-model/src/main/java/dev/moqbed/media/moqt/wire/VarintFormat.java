package dev.moqbed.media.moqt.wire;

import java.nio.ByteBuffer;

/**
 * How a MoQT version writes variable-length integers. Drafts up to -16 use QUIC's (RFC 9000 §16,
 * {@link QuicVarint}); -17 and later use a different, leading-ones form, which a later codec adds
 * as a second implementation. Everything above this interface is independent of the choice.
 */
public interface VarintFormat {
  /** The largest value this format can carry. */
  long maxValue();

  /** Bytes the shortest encoding of {@code value} takes. */
  int encodedLength(long value);

  /**
   * Writes the shortest encoding of {@code value} at {@code offset}; the array must have room for
   * {@link #encodedLength(long)} bytes.
   *
   * @throws IllegalArgumentException if the value is negative or above {@link #maxValue()}
   */
  void encode(long value, byte[] destination, int offset);

  /**
   * The total length of the varint whose first byte is at absolute {@code index} of {@code buffer},
   * read from that byte alone; -1 when {@code index} is at or past the buffer's limit.
   */
  int lengthAt(ByteBuffer buffer, int index);

  /**
   * Decodes the varint at absolute {@code index}; the caller has checked with {@link
   * #lengthAt(ByteBuffer, int)} that all its bytes are below the limit. Does not move the position.
   */
  long decodeAt(ByteBuffer buffer, int index);
}

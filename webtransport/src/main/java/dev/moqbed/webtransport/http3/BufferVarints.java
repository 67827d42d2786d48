package dev.moqbed.webtransport.http3;

import dev.moqbed.media.moqt.wire.QuicVarint;
import java.nio.ByteBuffer;

/**
 * QUIC varints (RFC 9000 §16) read from a {@link ByteBuffer} with HTTP/3 errors instead of buffer
 * exceptions. The encoding itself is the project's {@link QuicVarint}; this class only adds the two
 * ways HTTP/3 code reads: "is a whole varint here yet?" for incremental stream parsing, and "read
 * one or fail with this error code" for payloads that are already complete.
 */
public final class BufferVarints {
  private static final QuicVarint VARINTS = QuicVarint.INSTANCE;

  private BufferVarints() {}

  /**
   * The length of the varint at the buffer's position if all its bytes are there, otherwise -1.
   * Does not move the position.
   */
  public static int completeLength(ByteBuffer buffer) {
    int length = VARINTS.lengthAt(buffer, buffer.position());
    return length > 0 && length <= buffer.remaining() ? length : -1;
  }

  /** Reads the varint at the position, which {@link #completeLength} said is complete. */
  public static long readComplete(ByteBuffer buffer) {
    int index = buffer.position();
    int length = VARINTS.lengthAt(buffer, index);
    long value = VARINTS.decodeAt(buffer, index);
    buffer.position(index + length);
    return value;
  }

  /**
   * Reads a varint from a payload that is already complete: running out of bytes is the peer's
   * error, reported with {@code errorCode}.
   */
  public static long read(ByteBuffer buffer, long errorCode, String field) {
    if (completeLength(buffer) < 0) {
      throw new Http3Exception(errorCode, field + " is truncated");
    }
    return readComplete(buffer);
  }

  /** The shortest encoding of {@code value}. */
  public static byte[] encode(long value) {
    byte[] bytes = new byte[VARINTS.encodedLength(value)];
    VARINTS.encode(value, bytes, 0);
    return bytes;
  }

  /** Bytes the shortest encoding of {@code value} takes. */
  public static int encodedLength(long value) {
    return VARINTS.encodedLength(value);
  }
}

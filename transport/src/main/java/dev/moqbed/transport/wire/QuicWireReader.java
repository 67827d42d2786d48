package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;

/**
 * A bounds-checked cursor over a region of a {@link ByteBuffer}, reading network-order fields for
 * the decoders of this package.
 *
 * <p>It keeps its own position and never moves the buffer's, so offsets it hands out are absolute
 * indexes into the caller's buffer (stream data is reported as an offset and a length, not copied).
 * Every read that would cross the region's end throws a {@link QuicWireException} with the error
 * code the reader was configured for: FRAME_ENCODING_ERROR while parsing frames (RFC 9000 §12.4),
 * TRANSPORT_PARAMETER_ERROR inside transport parameters (§7.4), PROTOCOL_VIOLATION in headers. The
 * frame type being parsed rides along into the exception for CONNECTION_CLOSE.
 *
 * <p>A reader is reusable ({@link #reset}) so a decoder allocates it once.
 */
public final class QuicWireReader {
  private final TransportErrorCode error;
  private ByteBuffer buffer;
  private int position;
  private int limit;
  private long frameType = QuicWireException.NO_FRAME;

  /** A reader reporting truncation and bad lengths as {@code error}. */
  public QuicWireReader(TransportErrorCode error) {
    this.error = error;
  }

  /** Points the reader at {@code buffer[start, end)}. */
  public QuicWireReader reset(ByteBuffer buffer, int start, int end) {
    if (start < 0 || end < start || end > buffer.limit()) {
      throw new IndexOutOfBoundsException(
          "region [" + start + ", " + end + ") of a buffer with limit " + buffer.limit());
    }
    this.buffer = buffer;
    this.position = start;
    this.limit = end;
    this.frameType = QuicWireException.NO_FRAME;
    return this;
  }

  /** The buffer read from. */
  public ByteBuffer buffer() {
    return buffer;
  }

  /** Absolute index of the next byte to read. */
  public int position() {
    return position;
  }

  /** Absolute index one past the region's last byte. */
  public int limit() {
    return limit;
  }

  /** Bytes left in the region. */
  public int remaining() {
    return limit - position;
  }

  public boolean hasRemaining() {
    return position < limit;
  }

  /** Records the frame type being parsed, for the errors that follow. */
  public void frameType(long type) {
    this.frameType = type;
  }

  /** The next byte, unread. */
  public int peekUint8() throws QuicWireException {
    need(1, "byte");
    return buffer.get(position) & 0xff;
  }

  public int readUint8() throws QuicWireException {
    need(1, "byte");
    return buffer.get(position++) & 0xff;
  }

  public int readUint16() throws QuicWireException {
    need(2, "16-bit field");
    int value = buffer.getShort(position) & 0xffff;
    position += 2;
    return value;
  }

  /** A 32-bit field, unsigned, in the low half of a long. */
  public long readUint32() throws QuicWireException {
    need(4, "32-bit field");
    long value = buffer.getInt(position) & 0xffff_ffffL;
    position += 4;
    return value;
  }

  /** A 64-bit field as its raw bits (PATH_CHALLENGE data is opaque). */
  public long readLong64() throws QuicWireException {
    need(8, "64-bit field");
    long value = buffer.getLong(position);
    position += 8;
    return value;
  }

  /** A varint (RFC 9000 §16) of any length. */
  public long readVarInt() throws QuicWireException {
    need(1, "varint");
    int length = VarInt.lengthFromFirstByte(buffer.get(position));
    need(length, "varint");
    long value = VarInt.getUnchecked(buffer, position, length);
    position += length;
    return value;
  }

  /** Encoded length of the varint at the position (after at least one byte is known to exist). */
  public int peekVarIntLength() throws QuicWireException {
    need(1, "varint");
    return VarInt.lengthFromFirstByte(buffer.get(position));
  }

  /**
   * A varint that counts bytes still to come in this region (a Length field): at most {@link
   * #remaining()} after it is read, and returned as an int.
   */
  public int readLength(String what) throws QuicWireException {
    long length = readVarInt();
    if (length > remaining()) {
      throw fail(what + " of " + length + " bytes, " + remaining() + " left");
    }
    return (int) length;
  }

  /** Skips {@code count} bytes, returning the absolute index of the first. */
  public int skip(int count, String what) throws QuicWireException {
    need(count, what);
    int start = position;
    position += count;
    return start;
  }

  /** Skips to the region's end, returning the absolute index where the skipped bytes start. */
  public int skipToEnd() {
    int start = position;
    position = limit;
    return start;
  }

  /** Copies {@code count} bytes out; for the rare fields kept beyond the buffer's life. */
  public byte[] readBytes(int count, String what) throws QuicWireException {
    need(count, what);
    byte[] copy = new byte[count];
    buffer.get(position, copy);
    position += count;
    return copy;
  }

  /** An exception with this reader's error code and current frame type. */
  public QuicWireException fail(String message) {
    return new QuicWireException(error, frameType, message);
  }

  /** An exception with another error code and the current frame type. */
  public QuicWireException fail(TransportErrorCode code, String message) {
    return new QuicWireException(code, frameType, message);
  }

  private void need(int count, String what) throws QuicWireException {
    if (count < 0 || count > limit - position) {
      throw fail(what + " needs " + count + " bytes, " + (limit - position) + " left");
    }
  }
}

package dev.moqbed.media.moqt.wire;

import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads MoQT fields from a {@link ByteBuffer}, advancing its position. Every read checks the bytes
 * left first and throws a {@link MoqtProtocolException} ({@link Problem#TRUNCATED}) instead of a
 * buffer exception; every length is checked against its limit before anything of that size is
 * allocated, so a peer cannot make the reader allocate more than it actually sent.
 */
public final class WireReader {
  private final ByteBuffer buffer;
  private final VarintFormat varints;
  private String frame;

  /**
   * @param buffer the bytes to read, from its position to its limit
   * @param varints the varint format of the version being decoded
   * @param frame the name of what is being decoded, used in error messages (e.g. {@code
   *     "SUBSCRIBE"})
   */
  public WireReader(ByteBuffer buffer, VarintFormat varints, String frame) {
    this.buffer = Objects.requireNonNull(buffer, "buffer");
    this.varints = Objects.requireNonNull(varints, "varints");
    this.frame = Objects.requireNonNull(frame, "frame");
  }

  /** Bytes left to read. */
  public int remaining() {
    return buffer.remaining();
  }

  /** The name of the frame being decoded, for error messages. */
  public String frame() {
    return frame;
  }

  /** Reads a varint. */
  public long readVarint(String field) {
    int index = buffer.position();
    int length = varints.lengthAt(buffer, index);
    if (length < 0 || length > buffer.remaining()) {
      throw truncated(field, length < 0 ? 1 : length);
    }
    long value = varints.decodeAt(buffer, index);
    buffer.position(index + length);
    return value;
  }

  /**
   * Reads a varint that is a length or a count and checks it against {@code max} before anything is
   * allocated for it.
   */
  public int readLength(String field, long max) {
    long value = readVarint(field);
    if (value > max) {
      throw MoqtProtocolException.violation(
          Problem.TOO_LARGE, frame + ": " + field + " = " + value + " exceeds the limit " + max);
    }
    // max is at most Integer.MAX_VALUE in every caller, so the narrowing is exact.
    return (int) value;
  }

  /** Reads one byte as an unsigned value 0..255. */
  public int readUint8(String field) {
    if (!buffer.hasRemaining()) {
      throw truncated(field, 1);
    }
    return buffer.get() & 0xFF;
  }

  /** Reads a 16-bit big-endian unsigned value. */
  public int readUint16(String field) {
    if (buffer.remaining() < 2) {
      throw truncated(field, 2);
    }
    return buffer.getShort() & 0xFFFF;
  }

  /** Reads exactly {@code length} bytes into a new array; the length was checked by the caller. */
  public byte[] readBytes(int length, String field) {
    if (length > buffer.remaining()) {
      throw truncated(field, length);
    }
    byte[] out = new byte[length];
    buffer.get(out);
    return out;
  }

  /**
   * Returns a reader over the next {@code length} bytes, named {@code subFrame} in errors, and
   * skips them here; nothing is copied.
   */
  public WireReader readSlice(int length, String field, String subFrame) {
    if (length > buffer.remaining()) {
      throw truncated(field, length);
    }
    ByteBuffer slice = buffer.slice();
    slice.limit(length);
    buffer.position(buffer.position() + length);
    return new WireReader(slice, varints, subFrame);
  }

  /**
   * Reads the next {@code length} bytes with {@code within}, exactly as it would read them from
   * {@link #readSlice readSlice(length, field, subFrame)} (errors named {@code subFrame}, nothing
   * read beyond them), but from this reader, without a slice and a reader allocated per call; the
   * bytes are skipped here whatever {@code within} read of them.
   */
  public <T> T readWithin(
      int length, String field, String subFrame, Function<WireReader, T> within) {
    if (length > buffer.remaining()) {
      throw truncated(field, length);
    }
    int end = buffer.position() + length;
    int limit = buffer.limit();
    String outer = frame;
    buffer.limit(end);
    frame = subFrame;
    try {
      return within.apply(this);
    } finally {
      frame = outer;
      buffer.limit(limit);
      buffer.position(end);
    }
  }

  /** Reads all bytes left. */
  public byte[] readRest() {
    byte[] out = new byte[buffer.remaining()];
    buffer.get(out);
    return out;
  }

  /** Throws {@link Problem#TRAILING_BYTES} unless every byte has been read. */
  public void expectEnd() {
    if (buffer.hasRemaining()) {
      throw MoqtProtocolException.violation(
          Problem.TRAILING_BYTES,
          frame + ": " + buffer.remaining() + " bytes left after the last field");
    }
  }

  private MoqtProtocolException truncated(String field, int needed) {
    return MoqtProtocolException.violation(
        Problem.TRUNCATED,
        frame + ": " + field + " needs " + needed + " bytes, " + buffer.remaining() + " left");
  }
}

package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A QUIC connection ID: 0 to 20 opaque bytes in version 1 (RFC 9000 §5.1, §17.2).
 *
 * <p>Immutable: the bytes are copied in and never handed out. Parsers report connection IDs as
 * offsets into the packet so the hot path compares ({@link #matches}) without building one.
 */
public final class ConnectionId {
  /** The largest connection ID of QUIC version 1 (RFC 9000 §17.2). */
  public static final int MAX_LENGTH = 20;

  /** The zero-length connection ID. */
  public static final ConnectionId EMPTY = new ConnectionId(new byte[0]);

  private final byte[] bytes;

  private ConnectionId(byte[] bytes) {
    this.bytes = bytes;
  }

  /** A connection ID holding a copy of {@code bytes}. */
  public static ConnectionId of(byte... bytes) {
    checkLength(bytes.length);
    return bytes.length == 0 ? EMPTY : new ConnectionId(bytes.clone());
  }

  /** A connection ID copied from {@code buffer[offset, offset + length)}. */
  public static ConnectionId copyOf(ByteBuffer buffer, int offset, int length) {
    checkLength(length);
    if (length == 0) {
      return EMPTY;
    }
    byte[] copy = new byte[length];
    buffer.get(offset, copy);
    return new ConnectionId(copy);
  }

  private static void checkLength(int length) {
    if (length > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "connection ID of " + length + " bytes, version 1 allows " + MAX_LENGTH);
    }
  }

  public int length() {
    return bytes.length;
  }

  public byte byteAt(int index) {
    return bytes[index];
  }

  /** A copy of the bytes. */
  public byte[] toByteArray() {
    return bytes.clone();
  }

  /** Writes the bytes (without a length) at the buffer's position. */
  public void writeTo(ByteBuffer buffer) {
    buffer.put(bytes);
  }

  /** Whether {@code buffer[offset, offset + length)} holds exactly this connection ID. */
  public boolean matches(ByteBuffer buffer, int offset, int length) {
    if (length != bytes.length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (buffer.get(offset + i) != bytes[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ConnectionId && Arrays.equals(bytes, ((ConnectionId) other).bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  /** Lowercase hex, as qlog writes connection IDs. */
  @Override
  public String toString() {
    return Hex.encode(bytes);
  }
}

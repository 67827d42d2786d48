package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;
import java.security.MessageDigest;

/**
 * A 16-byte stateless reset token (RFC 9000 §10.3), carried in NEW_CONNECTION_ID frames (§19.15),
 * the stateless_reset_token and preferred_address transport parameters (§18.2), and the tail of a
 * Stateless Reset.
 *
 * <p>Comparisons run in constant time: §10.3.1 asks that an attacker learn nothing from how long a
 * comparison takes.
 */
public final class StatelessResetToken {
  /** Token length in bytes. */
  public static final int LENGTH = 16;

  private final byte[] bytes;

  private StatelessResetToken(byte[] bytes) {
    this.bytes = bytes;
  }

  /** A token holding a copy of exactly 16 bytes. */
  public static StatelessResetToken of(byte[] bytes) {
    if (bytes.length != LENGTH) {
      throw new IllegalArgumentException("stateless reset token of " + bytes.length + " bytes");
    }
    return new StatelessResetToken(bytes.clone());
  }

  /** The token at {@code buffer[offset, offset + 16)}. */
  public static StatelessResetToken copyOf(ByteBuffer buffer, int offset) {
    byte[] copy = new byte[LENGTH];
    buffer.get(offset, copy);
    return new StatelessResetToken(copy);
  }

  /** Writes the 16 bytes at the buffer's position. */
  public void writeTo(ByteBuffer buffer) {
    buffer.put(bytes);
  }

  public byte[] toByteArray() {
    return bytes.clone();
  }

  /** Constant-time comparison with {@code buffer[offset, offset + 16)}. */
  public boolean matches(ByteBuffer buffer, int offset) {
    int difference = 0;
    for (int i = 0; i < LENGTH; i++) {
      difference |= buffer.get(offset + i) ^ bytes[i];
    }
    return difference == 0;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof StatelessResetToken
        && MessageDigest.isEqual(bytes, ((StatelessResetToken) other).bytes);
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return Hex.encode(bytes);
  }
}

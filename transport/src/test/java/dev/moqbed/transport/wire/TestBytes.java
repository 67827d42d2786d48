package dev.moqbed.transport.wire;

import java.nio.ByteBuffer;
import java.util.HexFormat;

/** Hex in and out for the wire tests. */
final class TestBytes {
  private TestBytes() {}

  /** The bytes of {@code hex} (spaces allowed) in a buffer positioned at 0. */
  static ByteBuffer hex(String hex) {
    return ByteBuffer.wrap(HexFormat.of().parseHex(hex.replace(" ", "")));
  }

  static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex.replace(" ", ""));
  }

  /** Lowercase hex of {@code buffer[offset, offset + length)}. */
  static String hexOf(ByteBuffer buffer, int offset, int length) {
    byte[] copy = new byte[length];
    buffer.get(offset, copy);
    return HexFormat.of().formatHex(copy);
  }

  /** Lowercase hex of the bytes written so far: {@code [0, position)}. */
  static String written(ByteBuffer buffer) {
    return hexOf(buffer, 0, buffer.position());
  }

  /** A byte array 0, 1, 2, ... of {@code length}. */
  static byte[] counting(int length) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) i;
    }
    return bytes;
  }
}

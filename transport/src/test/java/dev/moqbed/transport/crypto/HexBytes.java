package dev.moqbed.transport.crypto;

import java.nio.ByteBuffer;
import java.util.HexFormat;

/** Hex in and out for the protection tests; whitespace in hex input is ignored. */
final class HexBytes {
  private HexBytes() {}

  static byte[] bytes(String hex) {
    return HexFormat.of().parseHex(hex.replaceAll("\\s", ""));
  }

  static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  /** Lowercase hex of {@code buffer[from, to)}. */
  static String hexOf(ByteBuffer buffer, int from, int to) {
    byte[] copy = new byte[to - from];
    buffer.get(from, copy);
    return hex(copy);
  }
}

package dev.moqbed.session.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a fuzz input front to back as a script of small choices. Past the end every choice is 0, so
 * any bytes, of any length, are a complete script: mutating one byte changes one choice.
 */
final class FuzzBytes {
  private final byte[] input;
  private int at;

  FuzzBytes(byte[] input) {
    this.input = input;
  }

  boolean exhausted() {
    return at >= input.length;
  }

  /** 0 to {@code bound - 1}, from one byte ({@code bound} at most 256). */
  int nextInt(int bound) {
    return exhausted() ? 0 : (input[at++] & 0xFF) % bound;
  }

  boolean nextBoolean() {
    return nextInt(2) == 1;
  }

  <T> T pick(T[] values) {
    return values[nextInt(values.length)];
  }

  /** A length byte, then up to that many bytes (fewer at the end of the input). */
  byte[] nextBytes(int maxLength) {
    int length = Math.min(nextInt(maxLength + 1), input.length - at);
    byte[] bytes = Arrays.copyOfRange(input, at, at + length);
    at += length;
    return bytes;
  }

  /** Bytes as UTF-8, malformed sequences included (the codec decodes them with replacement). */
  String nextText(int maxLength) {
    return new String(nextBytes(maxLength), StandardCharsets.UTF_8);
  }
}

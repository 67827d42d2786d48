package dev.moqbed.runtime.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The one varint codec at its edges: each length's boundaries, bad values, truncated input. */
class VarintCodecTest {

  /** Each length's smallest and largest value, with its minimal encoding (RFC 9000 §16, A.1). */
  @ParameterizedTest
  @CsvSource({
    "0, 1, 00",
    "63, 1, 3f",
    "64, 2, 4040",
    "16383, 2, 7fff",
    "16384, 4, 80004000",
    "1073741823, 4, bfffffff",
    "1073741824, 8, c000000040000000",
    "4611686018427387903, 8, ffffffffffffffff",
    "151288809941952652, 8, c2197c5eff14e88c",
    "494878333, 4, 9d7f3e7d",
    "15293, 2, 7bbd",
    "37, 1, 25"
  })
  void shouldEncodeAndDecodeAtEachLengthsBoundaries(long value, int length, String hex) {
    byte[] expected = bytes(hex);
    assertEquals(length, VarintCodec.encodedSize(value));

    ByteBuffer written = ByteBuffer.allocate(8);
    VarintCodec.write(written, value);
    assertEquals(length, written.position());
    assertArrayEquals(expected, java.util.Arrays.copyOf(written.array(), length));

    byte[] encoded = new byte[length];
    VarintCodec.encode(value, encoded, 0);
    assertArrayEquals(expected, encoded);

    ByteBuffer read = ByteBuffer.wrap(expected);
    assertEquals(length, VarintCodec.lengthFromFirstByte(expected[0]));
    assertEquals(length, VarintCodec.completeLengthAt(read, 0));
    assertEquals(value, VarintCodec.decodeAt(read, 0));
  }

  /** A longer encoding than needed is valid (§16): it decodes to the same value. */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4, 8})
  void shouldDecodeEveryLengthOfASmallValue(int length) {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    VarintCodec.write(buffer, 37, length);
    assertEquals(length, VarintCodec.completeLengthAt(buffer, 0));
    assertEquals(37, VarintCodec.decodeAt(buffer, 0));
    assertEquals(37, VarintCodec.decodeAt(buffer, 0, length));
  }

  @Test
  void shouldFillAReservedFieldWithoutMovingThePosition() {
    ByteBuffer buffer = ByteBuffer.allocate(6);
    buffer.put((byte) 1).position(3);
    VarintCodec.writeAt(buffer, 1, 300, 2);
    assertEquals(3, buffer.position());
    assertEquals(300, VarintCodec.decodeAt(buffer, 1));
  }

  @ParameterizedTest
  @ValueSource(longs = {-1, Long.MIN_VALUE, 1L << 62, Long.MAX_VALUE})
  void shouldRefuseValuesOutsideTheRange(long value) {
    assertThrows(IllegalArgumentException.class, () -> VarintCodec.encodedSize(value));
    assertThrows(
        IllegalArgumentException.class, () -> VarintCodec.write(ByteBuffer.allocate(8), value));
    assertThrows(IllegalArgumentException.class, () -> VarintCodec.encode(value, new byte[8], 0));
  }

  @Test
  void shouldRefuseAValueTooLargeForTheLengthAndALengthThatIsNotOne() {
    assertThrows(
        IllegalArgumentException.class, () -> VarintCodec.write(ByteBuffer.allocate(8), 64, 1));
    assertThrows(
        IllegalArgumentException.class, () -> VarintCodec.write(ByteBuffer.allocate(8), 16_384, 2));
    assertThrows(
        IllegalArgumentException.class,
        () -> VarintCodec.write(ByteBuffer.allocate(8), 1L << 30, 4));
    assertThrows(
        IllegalArgumentException.class, () -> VarintCodec.write(ByteBuffer.allocate(8), 1, 3));
    assertThrows(IllegalArgumentException.class, () -> VarintCodec.maxValue(0));
  }

  /** A buffer too short for the value fails as a full buffer does, before anything is written. */
  @Test
  void shouldOverflowAShortBufferWithoutWritingPartOfTheValue() {
    ByteBuffer buffer = ByteBuffer.allocate(3);
    assertThrows(BufferOverflowException.class, () -> VarintCodec.write(buffer, 1L << 20));
    assertEquals(0, buffer.position());
  }

  /** Every cut of every length's encoding is incomplete; the empty buffer and a bad index too. */
  @ParameterizedTest
  @CsvSource({"4040, 2", "80004000, 4", "c000000040000000, 8"})
  void shouldReportTruncatedInputAsIncomplete(String hex, int length) {
    byte[] whole = bytes(hex);
    for (int cut = 0; cut < length; cut++) {
      ByteBuffer truncated = ByteBuffer.wrap(whole, 0, cut);
      assertEquals(-1, VarintCodec.completeLengthAt(truncated, 0), "cut at " + cut);
    }
    ByteBuffer wholeBuffer = ByteBuffer.wrap(whole);
    assertEquals(length, VarintCodec.completeLengthAt(wholeBuffer, 0));
    assertEquals(-1, VarintCodec.completeLengthAt(wholeBuffer, -1));
    assertEquals(-1, VarintCodec.completeLengthAt(wholeBuffer, length));
  }

  private static byte[] bytes(String hex) {
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }
}

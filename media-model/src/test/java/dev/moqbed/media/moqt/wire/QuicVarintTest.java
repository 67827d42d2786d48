package dev.moqbed.media.moqt.wire;

import static dev.moqbed.media.moqt.WireBytes.assertViolation;
import static dev.moqbed.media.moqt.WireBytes.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.media.moqt.wire.MoqtProtocolException.Problem;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class QuicVarintTest {
  private static byte[] encode(long value) {
    return new WireWriter(QuicVarint.INSTANCE).writeVarint(value).toByteArray();
  }

  private static long decode(byte[] bytes) {
    WireReader in = new WireReader(ByteBuffer.wrap(bytes), QuicVarint.INSTANCE, "test");
    long value = in.readVarint("value");
    in.expectEnd();
    return value;
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    // value, shortest encoding: 2-bit length code in the top bits of the first byte
    "0, 00",
    "37, 25",
    "63, 3f", // largest 1-byte value
    "64, 4040", // smallest 2-byte value: 01 prefix
    "300, 412c",
    "15293, 7bbd", // RFC 9000 appendix A.1 example
    "16383, 7fff", // largest 2-byte value
    "16384, 80004000", // smallest 4-byte value: 10 prefix
    "494878333, 9d7f3e7d", // RFC 9000 appendix A.1 example
    "1073741823, bfffffff", // 2^30 - 1, largest 4-byte value
    "1073741824, c000000040000000", // 2^30, smallest 8-byte value: 11 prefix
    "4278190094, c0000000ff00000e", // draft-14's version number 0xff00000e
    "151288809941952652, c2197c5eff14e88c", // RFC 9000 appendix A.1 example
    "4611686018427387903, ffffffffffffffff" // 2^62 - 1
  })
  void shouldEncodeShortestFormWhenValueIsAtALengthBoundary(long value, String expected) {
    assertArrayEquals(hex(expected), encode(value));
    assertEquals(hex(expected).length, QuicVarint.INSTANCE.encodedLength(value));
    assertEquals(value, decode(hex(expected)));
  }

  @Test
  void shouldAcceptNonMinimalEncodingWhenDecoding() {
    // RFC 9000 A.1: 0x4025 is a two-byte encoding of 37; receivers must accept it.
    assertEquals(37, decode(hex("4025")));
    assertEquals(0, decode(hex("c000000000000000")));
  }

  @Test
  void shouldRefuseToEncodeWhenValueIsOutOfRange() {
    assertThrows(IllegalArgumentException.class, () -> encode(-1));
    assertThrows(IllegalArgumentException.class, () -> encode(1L << 62));
    assertThrows(IllegalArgumentException.class, () -> encode(Long.MAX_VALUE));
  }

  @Test
  void shouldReportTruncationWhenVarintIsCutAtEveryPosition() {
    byte[] full = hex("c2197c5eff14e88c");
    for (int cut = 0; cut < full.length; cut++) {
      byte[] prefix = java.util.Arrays.copyOf(full, cut);
      assertViolation(Problem.TRUNCATED, () -> decode(prefix));
    }
  }

  @Test
  void shouldRoundTripWhenValuesAreRandom() {
    SplittableRandom random = new SplittableRandom(0x5EED_0001L);
    WireWriter out = new WireWriter(QuicVarint.INSTANCE);
    long[] values = new long[10_000];
    for (int i = 0; i < values.length; i++) {
      // Spread over all four lengths, not just the 8-byte range a uniform draw would favour.
      int bits = 1 + random.nextInt(62);
      values[i] = random.nextLong(1L << bits);
      out.writeVarint(values[i]);
    }
    WireReader in = new WireReader(out.view(), QuicVarint.INSTANCE, "test");
    for (long value : values) {
      assertEquals(value, in.readVarint("value"));
    }
    in.expectEnd();
  }

  @Test
  void shouldGrowAndPatchWhenWriterOutgrowsItsCapacity() {
    WireWriter out = new WireWriter(QuicVarint.INSTANCE, 8);
    out.writeUint16(0);
    for (int i = 0; i < 1000; i++) {
      out.writeUint8(i);
    }
    out.patchUint16(0, 1000);
    byte[] bytes = out.toByteArray();
    assertEquals(1002, bytes.length);
    assertEquals(0x03, bytes[0]);
    assertEquals((byte) 0xE8, bytes[1]);
    assertEquals((byte) 999, bytes[1001]);
  }
}

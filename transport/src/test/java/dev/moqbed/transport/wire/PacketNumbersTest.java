package dev.moqbed.transport.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PacketNumbersTest {
  /** RFC 9000 Appendix A.2 (and §17.1): 0xac5c02 needs 16 bits, 0xace8fe needs 24. */
  @ParameterizedTest
  @CsvSource({"ac5c02, abe8b3, 2", "ace8fe, abe8b3, 3"})
  void encodedLengthOfTheRfcExamples(String full, String acked, int bytes) {
    assertEquals(
        bytes, PacketNumbers.encodedLength(Long.parseLong(full, 16), Long.parseLong(acked, 16)));
  }

  /** RFC 9000 Appendix A.3 (and §17.1): 0x9b32 after 0xa82f30ea is 0xa82f9b32. */
  @Test
  void decodesTheRfcExample() {
    assertEquals(0xa82f9b32L, PacketNumbers.decode(0xa82f30eaL, 0x9b32, 2));
  }

  @ParameterizedTest
  @CsvSource({
    // nothing received yet: a 1-byte 0 is packet 0
    "-1, 00, 1, 0",
    // wrap forwards: expected 256, truncated 0x01 is 257
    "255, 01, 1, 257",
    // a late packet from just below a window boundary
    "256, ff, 1, 255",
    // near the top of the space the candidate must not overflow 2^62
    "4611686018427387902, ff, 1, 4611686018427387903",
  })
  void decodesAroundWindowEdges(long largest, String truncated, int length, long full) {
    assertEquals(full, PacketNumbers.decode(largest, Long.parseLong(truncated, 16), length));
  }

  @Test
  void firstPacketsNeedOneByte() {
    assertEquals(1, PacketNumbers.encodedLength(0, PacketNumbers.NONE));
    assertEquals(1, PacketNumbers.encodedLength(126, PacketNumbers.NONE));
    assertEquals(2, PacketNumbers.encodedLength(127, PacketNumbers.NONE));
    // a distance of exactly 2^15 needs 3 bytes: the range must be more than twice as large
    assertEquals(3, PacketNumbers.encodedLength(1 << 15, 0));
  }

  @Test
  void refusesDistancesBeyondFourBytes() {
    assertThrows(IllegalArgumentException.class, () -> PacketNumbers.encodedLength(1L << 31, 0));
    assertThrows(IllegalArgumentException.class, () -> PacketNumbers.encodedLength(5, 5));
  }

  @Test
  void writesAndReadsTheLowBytes() {
    ByteBuffer buffer = ByteBuffer.allocate(4);
    PacketNumbers.write(buffer, 0xa82f9b32L, 2);
    assertEquals("9b32", TestBytes.written(buffer));
    assertEquals(0x9b32, PacketNumbers.readTruncated(buffer, 0, 2));
  }

  /** Whatever the sender truncates by the §17.1 rule, the receiver rebuilds. */
  @Test
  void randomTruncationsRoundTrip() {
    Random random = new Random(17);
    ByteBuffer buffer = ByteBuffer.allocate(4);
    for (int i = 0; i < 20_000; i++) {
      long largestAcked = random.nextInt(4) == 0 ? PacketNumbers.NONE : random.nextLong() >>> 3;
      long inFlight = 1 + (random.nextLong() >>> (33 + random.nextInt(30)));
      long full = largestAcked + inFlight;
      int length = PacketNumbers.encodedLength(full, largestAcked);
      buffer.clear();
      PacketNumbers.write(buffer, full, length);
      long truncated = PacketNumbers.readTruncated(buffer, 0, length);
      // the receiver has seen anything from the acknowledged packet up to just before this one
      long largestReceived = largestAcked + (long) (random.nextDouble() * (inFlight - 1));
      assertEquals(full, PacketNumbers.decode(largestReceived, truncated, length), "pn " + full);
    }
  }
}

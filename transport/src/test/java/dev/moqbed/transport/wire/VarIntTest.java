package dev.moqbed.transport.wire;

import static dev.moqbed.transport.wire.TestBytes.hex;
import static dev.moqbed.transport.wire.TestBytes.written;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VarIntTest {
  /** RFC 9000 Appendix A.1, including the non-minimal two-byte 37. */
  @ParameterizedTest
  @CsvSource({
    "c2197c5eff14e88c, 151288809941952652",
    "9d7f3e7d, 494878333",
    "7bbd, 15293",
    "25, 37",
    "4025, 37",
  })
  void decodesTheRfcExamples(String encoded, long value) throws QuicWireException {
    ByteBuffer buffer = hex(encoded);
    assertEquals(value, VarInt.read(buffer));
    assertFalse(buffer.hasRemaining());
  }

  @ParameterizedTest
  @CsvSource({
    "151288809941952652, c2197c5eff14e88c",
    "494878333, 9d7f3e7d",
    "15293, 7bbd",
    "37, 25",
  })
  void encodesTheRfcExamplesMinimally(long value, String encoded) {
    ByteBuffer buffer = ByteBuffer.allocate(8);
    VarInt.write(buffer, value);
    assertEquals(encoded, written(buffer));
    assertEquals(encoded.length() / 2, VarInt.encodedSize(value));
  }

  @Test
  void explicitLengthWritesTheLongerForms() throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(15);
    VarInt.write(buffer, 37, 2);
    VarInt.write(buffer, 37, 4);
    VarInt.write(buffer, 37, 8);
    VarInt.write(buffer, 0, 1);
    assertEquals("4025" + "80000025" + "c000000000000025" + "00", written(buffer));
    buffer.flip();
    for (int i = 0; i < 4; i++) {
      assertEquals(i < 3 ? 37 : 0, VarInt.read(buffer));
    }
  }

  @Test
  void writeAtFillsAReservedField() throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(4);
    buffer.position(2);
    VarInt.writeAt(buffer, 0, 1182, 2);
    assertEquals(2, buffer.position());
    assertEquals(1182, VarInt.read(buffer.position(0)));
  }

  @ParameterizedTest
  @CsvSource({"0, 1", "63, 1", "64, 2", "16383, 2", "16384, 4", "1073741823, 4", "1073741824, 8"})
  void sizesAtTheBoundaries(long value, int size) {
    assertEquals(size, VarInt.encodedSize(value));
    assertTrue(VarInt.isMinimal(value, size));
  }

  @Test
  void largestValueRoundTrips() throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(8);
    VarInt.write(buffer, VarInt.MAX);
    assertEquals("ffffffffffffffff", written(buffer));
    assertEquals(VarInt.MAX, VarInt.read(buffer.flip()));
  }

  @ParameterizedTest
  @ValueSource(longs = {-1, 1L << 62, Long.MAX_VALUE, Long.MIN_VALUE})
  void refusesValuesBeyondTheRange(long value) {
    assertThrows(IllegalArgumentException.class, () -> VarInt.encodedSize(value));
    assertThrows(IllegalArgumentException.class, () -> VarInt.write(ByteBuffer.allocate(8), value));
  }

  @Test
  void refusesExplicitLengthsTooShortOrInvalid() {
    assertThrows(IllegalArgumentException.class, () -> VarInt.write(ByteBuffer.allocate(8), 64, 1));
    assertThrows(IllegalArgumentException.class, () -> VarInt.write(ByteBuffer.allocate(8), 1, 3));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "40", "80 00 00", "c0 00 00 00 00 00 00"})
  void truncatedVarIntIsAFrameEncodingError(String encoded) {
    QuicWireException error =
        assertThrows(QuicWireException.class, () -> VarInt.read(hex(encoded)));
    assertEquals(TransportErrorCode.FRAME_ENCODING_ERROR, error.error());
  }

  @Test
  void readerReportsItsOwnErrorCode() {
    QuicWireReader reader = new QuicWireReader(TransportErrorCode.TRANSPORT_PARAMETER_ERROR);
    ByteBuffer buffer = hex("80 00");
    reader.reset(buffer, 0, 2);
    QuicWireException error = assertThrows(QuicWireException.class, reader::readVarInt);
    assertEquals(TransportErrorCode.TRANSPORT_PARAMETER_ERROR, error.error());
  }

  @Test
  void randomValuesRoundTripInEveryLengthTheyFit() throws QuicWireException {
    Random random = new Random(9000);
    ByteBuffer buffer = ByteBuffer.allocate(8);
    for (int i = 0; i < 10_000; i++) {
      long value = random.nextLong() >>> (2 + random.nextInt(62));
      for (int length = 1; length <= 8; length *= 2) {
        if (!VarInt.fits(value, length)) {
          continue;
        }
        buffer.clear();
        VarInt.write(buffer, value, length);
        assertEquals(length, buffer.position());
        buffer.flip();
        assertEquals(length, VarInt.lengthFromFirstByte(buffer.get(0)));
        assertEquals(value, VarInt.read(buffer));
      }
    }
  }
}

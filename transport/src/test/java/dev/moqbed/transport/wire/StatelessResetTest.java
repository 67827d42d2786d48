package dev.moqbed.transport.wire;

import static dev.moqbed.transport.wire.TestBytes.bytes;
import static dev.moqbed.transport.wire.TestBytes.counting;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The stateless reset layout (RFC 9000 §10.3) and the connection ID value (§5.1). */
class StatelessResetTest {
  private static final StatelessResetToken TOKEN = StatelessResetToken.of(counting(16));

  @Test
  void resetLooksLikeAShortHeaderAndEndsWithTheToken() {
    for (int length : new int[] {StatelessReset.MIN_LENGTH, 43, 1200}) {
      ByteBuffer buffer = ByteBuffer.allocate(length);
      StatelessReset.write(buffer, length, TOKEN, new Random(length));
      assertEquals(length, buffer.position());
      assertEquals(0x40, buffer.get(0) & 0xc0, "fixed bit set, short header form");
      assertEquals(length - 16, StatelessReset.candidateTokenOffset(buffer, 0, length));
      assertTrue(StatelessReset.endsWith(buffer, 0, length, TOKEN));
      assertFalse(StatelessReset.endsWith(buffer, 0, length, StatelessResetToken.of(new byte[16])));
    }
  }

  @Test
  void tooShortOrLongHeaderDatagramsAreNotResets() {
    ByteBuffer buffer = ByteBuffer.allocate(40);
    assertEquals(-1, StatelessReset.candidateTokenOffset(buffer, 0, 20));
    buffer.put(0, (byte) 0xc0);
    assertEquals(-1, StatelessReset.candidateTokenOffset(buffer, 0, 40));
    assertThrows(
        IllegalArgumentException.class,
        () -> StatelessReset.write(ByteBuffer.allocate(40), 20, TOKEN, new Random()));
  }

  @Test
  void tokensCompareByValue() {
    assertEquals(TOKEN, StatelessResetToken.of(counting(16)));
    assertEquals(TOKEN.hashCode(), StatelessResetToken.of(counting(16)).hashCode());
    assertNotEquals(TOKEN, StatelessResetToken.of(new byte[16]));
    assertThrows(IllegalArgumentException.class, () -> StatelessResetToken.of(new byte[15]));
  }

  @Test
  void connectionIdsHoldZeroToTwentyBytes() {
    assertEquals(0, ConnectionId.of().length());
    assertEquals(20, ConnectionId.of(new byte[20]).length());
    assertThrows(IllegalArgumentException.class, () -> ConnectionId.of(new byte[21]));
    byte[] source = bytes("0102");
    ConnectionId id = ConnectionId.of(source);
    source[0] = 9;
    assertEquals("0102", id.toString(), "copied in");
    assertEquals(ConnectionId.of(bytes("0102")), id);
    assertEquals(ConnectionId.of(bytes("0102")).hashCode(), id.hashCode());
    assertTrue(id.matches(TestBytes.hex("ff0102"), 1, 2));
    assertFalse(id.matches(TestBytes.hex("ff0103"), 1, 2));
    assertFalse(id.matches(TestBytes.hex("ff0102"), 1, 1));
  }

  @Test
  void errorCodesDescribeThemselves() {
    assertEquals("FRAME_ENCODING_ERROR", TransportErrorCode.describe(0x07));
    assertEquals("CRYPTO_ERROR(0x2a)", TransportErrorCode.describe(0x12a));
    assertEquals("0x4242", TransportErrorCode.describe(0x4242));
    QuicWireException error =
        new QuicWireException(TransportErrorCode.FRAME_ENCODING_ERROR, 0x08, "short");
    assertEquals("FRAME_ENCODING_ERROR in frame 0x8: short", error.toString());
    assertEquals(0, error.getStackTrace().length, "no stack trace for peer-triggered errors");
  }
}

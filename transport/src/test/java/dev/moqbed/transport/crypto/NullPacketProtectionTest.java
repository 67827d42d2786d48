package dev.moqbed.transport.crypto;

import static dev.moqbed.transport.crypto.HexBytes.hexOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.crypto.TestPackets.Layout;
import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketHeaderParser;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Null protection: same sizes and offsets as real protection, nothing hidden, a zero tag. */
class NullPacketProtectionTest {
  private final OpenedPacket opened = new OpenedPacket();

  @Test
  void sealedPacketsHaveTheSizeOfProtectedOnesAndStayReadable() throws QuicWireException {
    byte[] frames = TestPackets.randomBytes(new Random(41), 80);
    ByteBuffer clear = ByteBuffer.allocate(200);
    Layout layout = TestPackets.longHeader(clear, 300, 2, frames);
    ByteBuffer real = TestPackets.copy(clear, 200);
    String clearBytes = hexOf(clear, 0, layout.payloadEnd());

    int nullEnd =
        new NullPacketProtection()
            .seal(clear, 0, layout.packetNumberOffset(), 300, layout.payloadEnd());
    int realEnd =
        AeadPacketProtection.of(
                TestPackets.randomSecret(new Random(42), CipherSuite.TLS_AES_128_GCM_SHA256))
            .seal(real, 0, layout.packetNumberOffset(), 300, layout.payloadEnd());

    assertEquals(realEnd, nullEnd, "same size as a protected packet");
    assertEquals(clearBytes, hexOf(clear, 0, layout.payloadEnd()), "nothing encrypted or masked");
    assertEquals("00".repeat(16), hexOf(clear, layout.payloadEnd(), nullEnd));

    PacketHeader header = new PacketHeader();
    new PacketHeaderParser().parse(clear, 0, nullEnd, 0, header);
    NullPacketProtection receiver = new NullPacketProtection();
    assertTrue(receiver.open(header, 299, opened));
    assertEquals(300, opened.packetNumber());
    assertEquals(layout.packetNumberOffset() + 2, opened.payloadOffset());
    assertEquals(layout.payloadEnd(), opened.payloadEnd());
  }

  @Test
  void aNonZeroTagIsRejected() {
    ByteBuffer buffer = ByteBuffer.allocate(100);
    Layout layout = TestPackets.shortHeader(buffer, 1, 1, false, new byte[10]);
    NullPacketProtection protection = new NullPacketProtection();
    int end = protection.seal(buffer, 0, layout.packetNumberOffset(), 1, layout.payloadEnd());
    buffer.put(end - 3, (byte) 1);
    assertFalse(protection.open(buffer, 0, layout.packetNumberOffset(), end, 0, opened));
    assertFalse(
        protection.open(buffer, 0, layout.packetNumberOffset(), 20, 0, opened), "truncated");
    assertEquals(1, protection.authenticationFailures());
  }

  @Test
  void sealChecksTheSameBoundsAsRealProtection() {
    ByteBuffer buffer = ByteBuffer.allocate(100);
    Layout layout = TestPackets.shortHeader(buffer, 1, 1, false, new byte[2]);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new NullPacketProtection()
                .seal(buffer, 0, layout.packetNumberOffset(), 1, layout.payloadEnd()));
  }
}

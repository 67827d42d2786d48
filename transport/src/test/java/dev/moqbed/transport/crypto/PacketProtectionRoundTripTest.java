package dev.moqbed.transport.crypto;

import static dev.moqbed.transport.crypto.HexBytes.hexOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.crypto.TestPackets.Layout;
import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketHeaderParser;
import dev.moqbed.transport.wire.PacketNumbers;
import dev.moqbed.transport.wire.PacketType;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seal and open for each cipher suite: long and short headers, every packet-number length, small
 * and full-size payloads, heap and direct buffers; tampering, wrong keys and truncation fail as a
 * {@code false}, never an exception.
 */
class PacketProtectionRoundTripTest {
  private final PacketHeaderParser parser = new PacketHeaderParser();
  private final PacketHeader header = new PacketHeader();
  private final OpenedPacket opened = new OpenedPacket();

  @ParameterizedTest
  @EnumSource(CipherSuite.class)
  void roundTripsEveryHeaderAndPacketNumberLength(CipherSuite suite) throws QuicWireException {
    Random random = new Random(suite.code());
    TrafficSecret secret = TestPackets.randomSecret(random, suite);
    PacketProtection sender = AeadPacketProtection.of(secret);
    PacketProtection receiver = AeadPacketProtection.of(secret);
    long packetNumber = 1_000;
    for (boolean longHeader : new boolean[] {true, false}) {
      for (int pnLength = 1; pnLength <= 4; pnLength++) {
        // 4 - pnLength bytes of frames are the least that leaves a whole sample (RFC 9001 §5.4.2)
        for (int frames : new int[] {4 - pnLength, 37, 1200}) {
          packetNumber += 1 + random.nextInt(3);
          byte[] plaintext = TestPackets.randomBytes(random, frames);
          ByteBuffer buffer = ByteBuffer.allocate(1500);
          Layout layout =
              longHeader
                  ? TestPackets.longHeader(buffer, packetNumber, pnLength, plaintext)
                  : TestPackets.shortHeader(buffer, packetNumber, pnLength, false, plaintext);
          String clearHeader = hexOf(buffer, 0, layout.packetNumberOffset() + pnLength);

          int end =
              sender.seal(
                  buffer, 0, layout.packetNumberOffset(), packetNumber, layout.payloadEnd());
          assertEquals(layout.sealedEnd(), end);
          assertNotEquals(
              clearHeader, hexOf(buffer, 0, layout.packetNumberOffset() + pnLength), "masked");

          parser.parse(buffer, 0, end, TestPackets.DCID.length(), header);
          assertEquals(longHeader ? PacketType.HANDSHAKE : PacketType.ONE_RTT, header.type());
          assertTrue(receiver.open(header, packetNumber - 1, opened), "opens");
          assertEquals(packetNumber, opened.packetNumber());
          assertEquals(clearHeader, hexOf(buffer, 0, opened.payloadOffset()));
          assertEquals(
              HexBytes.hex(plaintext), hexOf(buffer, opened.payloadOffset(), opened.payloadEnd()));
          PacketHeader.checkReservedBits(opened.firstByte(), longHeader);
        }
      }
    }
    assertEquals(24, sender.packetsSealed());
    assertEquals(0, receiver.authenticationFailures());
  }

  @ParameterizedTest
  @EnumSource(CipherSuite.class)
  void directBuffersRoundTrip(CipherSuite suite) {
    TrafficSecret secret = TestPackets.randomSecret(new Random(7), suite);
    ByteBuffer buffer = ByteBuffer.allocateDirect(1500);
    buffer.position(100); // a second packet in the datagram: offsets are absolute
    byte[] plaintext = TestPackets.randomBytes(new Random(8), 300);
    Layout layout = TestPackets.shortHeader(buffer, 77, 2, true, plaintext);

    int end =
        AeadPacketProtection.of(secret)
            .seal(buffer, 100, layout.packetNumberOffset(), 77, layout.payloadEnd());
    ByteBuffer heapCopy = ByteBuffer.allocate(1500);
    heapCopy.put(0, buffer, 0, end);

    assertTrue(
        AeadPacketProtection.of(secret)
            .open(buffer, 100, layout.packetNumberOffset(), end, 70, opened));
    assertTrue(opened.keyPhase());
    assertEquals(
        HexBytes.hex(plaintext), hexOf(buffer, opened.payloadOffset(), opened.payloadEnd()));
    assertTrue(
        AeadPacketProtection.of(secret)
            .open(heapCopy, 100, layout.packetNumberOffset(), end, 70, opened),
        "a heap buffer opens what a direct one sealed");
  }

  /**
   * A direct buffer is sealed and opened through a heap copy: the bytes are those a heap buffer
   * gets, and a packet that fails authentication is left as it arrived.
   */
  @ParameterizedTest
  @EnumSource(CipherSuite.class)
  void directBuffersSealAsHeapBuffersAndKeepAFailedPacket(CipherSuite suite) {
    TrafficSecret secret = TestPackets.randomSecret(new Random(9), suite);
    byte[] plaintext = TestPackets.randomBytes(new Random(10), 1100);
    ByteBuffer direct = ByteBuffer.allocateDirect(1500);
    ByteBuffer heap = ByteBuffer.allocate(1500);
    Layout directLayout = TestPackets.shortHeader(direct, 12, 2, false, plaintext);
    Layout heapLayout = TestPackets.shortHeader(heap, 12, 2, false, plaintext);
    int end =
        AeadPacketProtection.of(secret)
            .seal(direct, 0, directLayout.packetNumberOffset(), 12, directLayout.payloadEnd());
    int heapEnd =
        AeadPacketProtection.of(secret)
            .seal(heap, 0, heapLayout.packetNumberOffset(), 12, heapLayout.payloadEnd());
    assertEquals(heapEnd, end);
    assertEquals(hexOf(heap, 0, end), hexOf(direct, 0, end));

    direct.put(end - 20, (byte) (direct.get(end - 20) ^ 0x01)); // the ciphertext's last bytes
    String tampered = hexOf(direct, directLayout.packetNumberOffset() + 2, end);
    PacketProtection receiver = AeadPacketProtection.of(secret);
    assertFalse(receiver.open(direct, 0, directLayout.packetNumberOffset(), end, 11, opened));
    assertEquals(tampered, hexOf(direct, directLayout.packetNumberOffset() + 2, end));
  }

  @ParameterizedTest
  @EnumSource(CipherSuite.class)
  void tamperingFailsAuthentication(CipherSuite suite) {
    TrafficSecret secret = TestPackets.randomSecret(new Random(11), suite);
    ByteBuffer sealed = ByteBuffer.allocate(200);
    Layout layout =
        TestPackets.longHeader(sealed, 5, 2, TestPackets.randomBytes(new Random(12), 60));
    int end =
        AeadPacketProtection.of(secret)
            .seal(sealed, 0, layout.packetNumberOffset(), 5, layout.payloadEnd());
    PacketProtection receiver = AeadPacketProtection.of(secret);

    int[] flips = {
      end - 1, // the tag
      layout.packetNumberOffset() + 2 + 10, // the ciphertext
      7, // the destination connection ID, in the associated data
      0, // the first byte's protected bits (changes the packet number length)
      layout.packetNumberOffset(), // the protected packet number
    };
    for (int flip : flips) {
      ByteBuffer packet = TestPackets.copy(sealed, end);
      packet.put(flip, (byte) (packet.get(flip) ^ 0x01));
      assertFalse(
          receiver.open(packet, 0, layout.packetNumberOffset(), end, 4, opened),
          "bit flipped at " + flip);
    }
    assertEquals(flips.length, receiver.authenticationFailures());
    assertTrue(
        receiver.open(
            TestPackets.copy(sealed, end), 0, layout.packetNumberOffset(), end, 4, opened),
        "the untouched packet still opens");
  }

  @ParameterizedTest
  @EnumSource(CipherSuite.class)
  void wrongKeysFail(CipherSuite suite) {
    Random random = new Random(13);
    TrafficSecret secret = TestPackets.randomSecret(random, suite);
    ByteBuffer sealed = ByteBuffer.allocate(200);
    Layout layout =
        TestPackets.shortHeader(sealed, 9, 1, false, TestPackets.randomBytes(random, 40));
    int end =
        AeadPacketProtection.of(secret)
            .seal(sealed, 0, layout.packetNumberOffset(), 9, layout.payloadEnd());

    PacketProtection stranger = AeadPacketProtection.of(TestPackets.randomSecret(random, suite));
    assertFalse(stranger.open(TestPackets.copy(sealed, end), 0, 9, end, 8, opened));
    PacketProtection nextPhase = AeadPacketProtection.of(secret).nextGeneration();
    assertFalse(
        nextPhase.open(TestPackets.copy(sealed, end), 0, 9, end, 8, opened),
        "the next key phase does not open the current one's packets");
    for (CipherSuite other : CipherSuite.values()) {
      if (other != suite) {
        PacketProtection otherSuite =
            AeadPacketProtection.of(TestPackets.randomSecret(random, other));
        assertFalse(otherSuite.open(TestPackets.copy(sealed, end), 0, 9, end, 8, opened));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(CipherSuite.class)
  void truncatedPacketsFailWithoutException(CipherSuite suite) {
    TrafficSecret secret = TestPackets.randomSecret(new Random(17), suite);
    ByteBuffer sealed = ByteBuffer.allocate(200);
    Layout layout =
        TestPackets.shortHeader(sealed, 3, 4, false, TestPackets.randomBytes(new Random(18), 30));
    int pnOffset = layout.packetNumberOffset();
    int end = AeadPacketProtection.of(secret).seal(sealed, 0, pnOffset, 3, layout.payloadEnd());
    PacketProtection receiver = AeadPacketProtection.of(secret);

    for (int cut = 1; cut <= end - pnOffset; cut++) {
      ByteBuffer packet = TestPackets.copy(sealed, end);
      assertFalse(receiver.open(packet, 0, pnOffset, end - cut, 2, opened), "cut " + cut);
    }
    ByteBuffer whole = TestPackets.copy(sealed, end);
    assertTrue(receiver.open(whole, 0, pnOffset, end, 2, opened));
  }

  /** A duplicated datagram opens again: the JDK's nonce-reuse guard must not get in the way. */
  @ParameterizedTest
  @EnumSource(CipherSuite.class)
  void duplicatesOpenAgain(CipherSuite suite) {
    TrafficSecret secret = TestPackets.randomSecret(new Random(19), suite);
    ByteBuffer sealed = ByteBuffer.allocate(200);
    Layout layout =
        TestPackets.shortHeader(sealed, 40, 2, false, TestPackets.randomBytes(new Random(20), 50));
    int end = AeadPacketProtection.of(secret).seal(sealed, 0, 9, 40, layout.payloadEnd());
    PacketProtection receiver = AeadPacketProtection.of(secret);
    for (int copy = 0; copy < 3; copy++) {
      assertTrue(
          receiver.open(TestPackets.copy(sealed, end), 0, 9, end, 39, opened), "copy " + copy);
    }
    assertEquals(40, opened.packetNumber());
  }

  /**
   * Key update (RFC 9001 §6): both sides derive the next generation; header protection is removed
   * with the unchanged key, the key phase bit picks the AEAD key.
   */
  @ParameterizedTest
  @EnumSource(CipherSuite.class)
  void keyUpdateRoundTrip(CipherSuite suite) {
    Random random = new Random(23);
    TrafficSecret secret = TestPackets.randomSecret(random, suite);
    PacketProtection[] senderPhases = {AeadPacketProtection.of(secret), null};
    senderPhases[1] = senderPhases[0].nextGeneration();
    PacketProtection receiverCurrent = AeadPacketProtection.of(secret);
    PacketProtection receiverNext = receiverCurrent.nextGeneration();
    for (long pn = 0; pn < 6; pn++) {
      boolean phase = pn >= 3;
      byte[] plaintext = TestPackets.randomBytes(random, 25);
      ByteBuffer buffer = ByteBuffer.allocate(100);
      Layout layout = TestPackets.shortHeader(buffer, pn, 1, phase, plaintext);
      int end =
          senderPhases[phase ? 1 : 0].seal(
              buffer, 0, layout.packetNumberOffset(), pn, layout.payloadEnd());

      // The header protection key is the same in both phases, so either instance unmasks.
      int firstByte =
          receiverCurrent.removeHeaderProtection(buffer, 0, layout.packetNumberOffset());
      assertEquals(phase, PacketHeader.keyPhase(firstByte));
      long truncated = PacketNumbers.readTruncated(buffer, layout.packetNumberOffset(), 1);
      long packetNumber = PacketNumbers.decode(pn - 1, truncated, 1);
      assertEquals(pn, packetNumber);
      int payloadOffset = layout.packetNumberOffset() + 1;
      PacketProtection wrong = phase ? receiverCurrent : receiverNext;
      assertFalse(wrong.openPayload(buffer, 0, payloadOffset, end, packetNumber));
      PacketProtection right = phase ? receiverNext : receiverCurrent;
      assertTrue(right.openPayload(buffer, 0, payloadOffset, end, packetNumber), "pn " + pn);
      assertEquals(HexBytes.hex(plaintext), hexOf(buffer, payloadOffset, end - 16));
    }
    assertEquals(3, senderPhases[1].packetsSealed());
  }

  @Test
  void nextGenerationChangesKeyAndIvButNotHeaderProtection() {
    TrafficSecret secret =
        TestPackets.randomSecret(new Random(29), CipherSuite.TLS_AES_256_GCM_SHA384);
    TrafficSecret next = secret.next();
    assertEquals(48, next.secret().length);
    assertFalse(java.util.Arrays.equals(secret.packetKey(), next.packetKey()));
    assertFalse(java.util.Arrays.equals(secret.iv(), next.iv()));
    // The header protection key comes from the first generation's secret and is kept (§6.1):
    // the next generation reuses the same header protector rather than deriving from next.
    ByteBuffer buffer = ByteBuffer.allocate(100);
    Layout layout = TestPackets.shortHeader(buffer, 1, 2, true, new byte[30]);
    AeadPacketProtection first = AeadPacketProtection.of(secret);
    int end =
        first.nextGeneration().seal(buffer, 0, layout.packetNumberOffset(), 1, layout.payloadEnd());
    AeadPacketProtection receiver = AeadPacketProtection.of(secret);
    int firstByte = receiver.removeHeaderProtection(buffer, 0, layout.packetNumberOffset());
    assertEquals(0x40 | 0x20 | 0x04 | 0x01, firstByte);
    assertTrue(
        receiver.nextGeneration().openPayload(buffer, 0, layout.packetNumberOffset() + 2, end, 1));
  }

  @Test
  void sealRejectsMisuse() {
    AeadPacketProtection protection =
        AeadPacketProtection.of(
            TestPackets.randomSecret(new Random(31), CipherSuite.TLS_AES_128_GCM_SHA256));
    ByteBuffer buffer = ByteBuffer.allocate(100);
    Layout layout = TestPackets.shortHeader(buffer, 10, 1, false, new byte[2]);
    assertThrows(
        IllegalArgumentException.class,
        () -> protection.seal(buffer, 0, layout.packetNumberOffset(), 10, layout.payloadEnd()),
        "too short to sample");

    ByteBuffer ok = ByteBuffer.allocate(100);
    Layout okLayout = TestPackets.shortHeader(ok, 10, 1, false, new byte[3]);
    assertThrows(
        IllegalArgumentException.class,
        () -> protection.seal(ok, 0, okLayout.packetNumberOffset(), 11, okLayout.payloadEnd()),
        "header carries another packet number");
    assertThrows(
        IllegalArgumentException.class,
        () ->
            protection.seal(ok.limit(okLayout.payloadEnd() + 15), 0, 9, 10, okLayout.payloadEnd()),
        "no room for the tag");
    ok.clear();
    protection.seal(ok, 0, okLayout.packetNumberOffset(), 10, okLayout.payloadEnd());

    ByteBuffer again = ByteBuffer.allocate(100);
    Layout againLayout = TestPackets.shortHeader(again, 10, 1, false, new byte[3]);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            protection.seal(
                again, 0, againLayout.packetNumberOffset(), 10, againLayout.payloadEnd()),
        "a repeated packet number would repeat the nonce");
  }

  @Test
  void openRejectsOffsetsOutsideTheBuffer() {
    AeadPacketProtection protection =
        AeadPacketProtection.of(
            TestPackets.randomSecret(new Random(37), CipherSuite.TLS_AES_128_GCM_SHA256));
    ByteBuffer buffer = ByteBuffer.allocate(50);
    assertThrows(
        IllegalArgumentException.class, () -> protection.open(buffer, 0, 9, 51, 0, opened));
    assertThrows(
        IllegalArgumentException.class, () -> protection.open(buffer, 10, 9, 50, 0, opened));
  }
}

package dev.moqbed.transport.wire;

import static dev.moqbed.transport.wire.TestBytes.bytes;
import static dev.moqbed.transport.wire.TestBytes.hexOf;
import static dev.moqbed.transport.wire.TestBytes.written;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Headers of every packet type, written and parsed, and the RFC 9001 Appendix A headers. */
class PacketHeaderTest {
  private static final ConnectionId CLIENT_DCID = ConnectionId.of(bytes("8394c8f03e515708"));
  private static final ConnectionId SERVER_SCID = ConnectionId.of(bytes("f067a5502a4262b5"));

  private final PacketHeaderParser parser = new PacketHeaderParser();
  private final PacketHeader header = new PacketHeader();

  private static ByteBuffer datagram(String hexPrefix, int totalLength) {
    ByteBuffer buffer = ByteBuffer.allocate(totalLength);
    buffer.put(bytes(hexPrefix));
    return buffer.clear();
  }

  /** RFC 9001 A.2: the client Initial's unprotected header, in a 1200-byte datagram. */
  @Test
  void rfc9001ClientInitialHeader() throws QuicWireException {
    String unprotected = "c300000001088394c8f03e5157080000449e00000002";
    ByteBuffer buffer = datagram(unprotected, 1200);
    parser.parse(buffer, 0, 1200, 8, header);
    assertEquals(PacketType.INITIAL, header.type());
    assertEquals(QuicVersion.VERSION_1, header.version());
    assertEquals(CLIENT_DCID, header.dcid());
    assertEquals(ConnectionId.EMPTY, header.scid());
    assertEquals(0, header.tokenLength());
    assertEquals(1182, header.lengthField());
    assertEquals(18, header.packetNumberOffset());
    assertEquals(1200, header.packetEnd());
    assertEquals(0x0f, header.protectedBitsMask());
    assertEquals(4, PacketHeader.packetNumberLength(header.firstByte()));
    assertEquals(2, PacketNumbers.readTruncated(buffer, header.packetNumberOffset(), 4));

    ByteBuffer out = ByteBuffer.allocate(64);
    int pnOffset =
        PacketHeaderWriter.writeLongHeader(
            out,
            PacketType.INITIAL,
            QuicVersion.VERSION_1,
            CLIENT_DCID,
            ConnectionId.EMPTY,
            new byte[0],
            2,
            4,
            1182 - 4,
            2);
    assertEquals(unprotected, written(out));
    assertEquals(18, pnOffset);
  }

  /** RFC 9001 A.2: in the protected packet the sample sits 4 bytes after the packet number. */
  @Test
  void rfc9001ClientInitialSample() throws QuicWireException {
    String protectedStart =
        "c000000001088394c8f03e5157080000449e7b9aec34d1b1c98dd7689fb8ec11d242b123dc9b";
    ByteBuffer buffer = datagram(protectedStart, 1200);
    parser.parse(buffer, 0, 1200, 8, header);
    assertEquals("d1b1c98dd7689fb8ec11d242b123dc9b", hexOf(buffer, header.sampleOffset(), 16));
  }

  /** RFC 9001 A.3: the server Initial header (empty DCID, 2-byte packet number 1). */
  @Test
  void rfc9001ServerInitialHeader() throws QuicWireException {
    String unprotected = "c1000000010008f067a5502a4262b50040750001";
    int total = 18 + 117;
    parser.parse(datagram(unprotected, total), 0, total, 0, header);
    assertEquals(PacketType.INITIAL, header.type());
    assertEquals(0, header.dcidLength());
    assertEquals(SERVER_SCID, header.scid());
    assertEquals(117, header.lengthField());
    assertEquals(total, header.packetEnd());
    assertEquals(2, PacketHeader.packetNumberLength(header.firstByte()));

    ByteBuffer out = ByteBuffer.allocate(64);
    PacketHeaderWriter.writeLongHeader(
        out,
        PacketType.INITIAL,
        QuicVersion.VERSION_1,
        ConnectionId.EMPTY,
        SERVER_SCID,
        new byte[0],
        1,
        2,
        115,
        2);
    assertEquals(unprotected, written(out));
  }

  /** RFC 9001 A.4: a whole Retry packet; its integrity tag is opaque here. */
  @Test
  void rfc9001Retry() throws QuicWireException {
    String retry = "ff000000010008f067a5502a4262b5746f6b656e04a265ba2eff4d829058fb3f0f2496ba";
    ByteBuffer buffer = TestBytes.hex(retry);
    parser.parse(buffer, 0, buffer.limit(), 0, header);
    assertEquals(PacketType.RETRY, header.type());
    assertEquals(SERVER_SCID, header.scid());
    assertEquals("token", new String(header.token(), java.nio.charset.StandardCharsets.US_ASCII));
    assertEquals(
        "04a265ba2eff4d829058fb3f0f2496ba", hexOf(buffer, header.retryIntegrityTagOffset(), 16));
    assertEquals(-1, header.packetNumberOffset());

    ByteBuffer out = ByteBuffer.allocate(64);
    PacketHeaderWriter.writeRetry(
        out,
        QuicVersion.VERSION_1,
        ConnectionId.EMPTY,
        SERVER_SCID,
        bytes("746f6b656e"),
        bytes("04a265ba2eff4d829058fb3f0f2496ba"),
        0x0f);
    assertEquals(retry, written(out));
    assertEquals(out.position(), PacketHeaderWriter.retrySize(0, 8, 5));
  }

  /** RFC 9001 A.5: a short header with a 3-byte packet number and its sample. */
  @Test
  void rfc9001ShortHeader() throws QuicWireException {
    ByteBuffer unprotected = datagram("4200bff4", 21);
    parser.parse(unprotected, 0, 21, 0, header);
    assertEquals(PacketType.ONE_RTT, header.type());
    assertEquals(1, header.packetNumberOffset());
    assertEquals(0x1f, header.protectedBitsMask());
    assertFalse(header.spinBit());
    assertFalse(PacketHeader.keyPhase(header.firstByte()));
    int pnLength = PacketHeader.packetNumberLength(header.firstByte());
    assertEquals(3, pnLength);
    long truncated = PacketNumbers.readTruncated(unprotected, 1, pnLength);
    assertEquals(654360564L, PacketNumbers.decode(654360563L, truncated, pnLength));

    ByteBuffer protectedPacket = TestBytes.hex("4cfe4189655e5cd55c41f69080575d7999c25a5bfb");
    parser.parse(protectedPacket, 0, 21, 0, header);
    assertEquals(
        "5e5cd55c41f69080575d7999c25a5bfb", hexOf(protectedPacket, header.sampleOffset(), 16));
  }

  @ParameterizedTest
  @CsvSource({"INITIAL, 5", "ZERO_RTT, 0", "HANDSHAKE, 0", "INITIAL, 0"})
  void longHeadersRoundTrip(PacketType type, int tokenLength) throws QuicWireException {
    Random random = new Random(tokenLength * 31L + type.ordinal());
    for (int pnLength = 1; pnLength <= 4; pnLength++) {
      ConnectionId dcid = randomId(random, random.nextInt(21));
      ConnectionId scid = randomId(random, random.nextInt(21));
      byte[] token = new byte[tokenLength];
      random.nextBytes(token);
      int payload = 20 + random.nextInt(100);
      ByteBuffer buffer = ByteBuffer.allocate(400);
      int pnOffset =
          PacketHeaderWriter.writeLongHeader(
              buffer,
              type,
              QuicVersion.VERSION_1,
              dcid,
              scid,
              token,
              0x01020304,
              pnLength,
              payload);
      assertEquals(
          PacketHeaderWriter.longHeaderSize(
              type, dcid.length(), scid.length(), tokenLength, pnLength, payload),
          buffer.position());
      int end = buffer.position() + payload;
      parser.parse(buffer, 0, end + 7, 0, header);
      assertEquals(type, header.type());
      assertEquals(dcid, header.dcid());
      assertEquals(scid, header.scid());
      assertArrayEquals(token, header.token());
      assertEquals(pnOffset, header.packetNumberOffset());
      assertEquals(end, header.packetEnd(), "Length field bounds the packet");
      assertEquals(pnLength, PacketHeader.packetNumberLength(header.firstByte()));
      assertEquals(
          0x01020304L & ((1L << (8 * pnLength)) - 1),
          PacketNumbers.readTruncated(buffer, pnOffset, pnLength));
    }
  }

  @Test
  void shortHeadersRoundTripSpinAndKeyPhase() throws QuicWireException {
    ConnectionId dcid = ConnectionId.of(bytes("0102030405"));
    for (int bits = 0; bits < 4; bits++) {
      boolean spin = (bits & 1) != 0;
      boolean keyPhase = (bits & 2) != 0;
      ByteBuffer buffer = ByteBuffer.allocate(64);
      int pnOffset = PacketHeaderWriter.writeShortHeader(buffer, dcid, 0xabcd, 2, spin, keyPhase);
      assertEquals(PacketHeaderWriter.shortHeaderSize(5, 2), buffer.position());
      parser.parse(buffer, 0, 40, 5, header);
      assertEquals(PacketType.ONE_RTT, header.type());
      assertTrue(dcid.matches(buffer, header.dcidOffset(), header.dcidLength()));
      assertEquals(pnOffset, header.packetNumberOffset());
      assertEquals(spin, header.spinBit());
      assertEquals(keyPhase, PacketHeader.keyPhase(header.firstByte()));
      assertEquals(40, header.packetEnd());
    }
  }

  @Test
  void versionNegotiationRoundTripsWithLongConnectionIds() throws QuicWireException {
    byte[] dcid = new byte[255];
    byte[] scid = new byte[3];
    new Random(6).nextBytes(dcid);
    int[] versions = {QuicVersion.VERSION_1, 0x1a2a3a4a};
    ByteBuffer buffer = ByteBuffer.allocate(400);
    PacketHeaderWriter.writeVersionNegotiation(buffer, 0x40, dcid, scid, versions);
    parser.parse(buffer, 0, buffer.position(), 0, header);
    assertEquals(PacketType.VERSION_NEGOTIATION, header.type());
    assertEquals(0xc0, header.firstByte());
    assertArrayEquals(dcid, header.dcidBytes());
    assertArrayEquals(scid, header.scidBytes());
    assertEquals(2, header.supportedVersionCount());
    assertEquals(QuicVersion.VERSION_1, header.supportedVersion(0));
    assertTrue(QuicVersion.isReservedForNegotiation(header.supportedVersion(1)));
  }

  /** A long header of another version: only the invariant fields (RFC 8999 §5.1). */
  @Test
  void unsupportedVersionExposesTheConnectionIds() throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(1200);
    buffer.put(bytes("c0 ff00001d 19")).put(new byte[25]).put(bytes("02 aabb"));
    parser.parse(buffer, 0, 1200, 0, header);
    assertEquals(PacketType.UNSUPPORTED_VERSION, header.type());
    assertEquals(0xff00001d, header.version());
    assertEquals(25, header.dcidLength());
    assertEquals("aabb", TestBytes.hexOf(buffer, header.scidOffset(), header.scidLength()));
    assertEquals(1200, header.packetEnd());
  }

  /** Coalesced packets (RFC 9000 §12.2): each Length leads to the next header. */
  @Test
  void coalescedPacketsFollowTheLengthFields() throws QuicWireException {
    ByteBuffer buffer = ByteBuffer.allocate(1200);
    PacketHeaderWriter.writeLongHeader(
        buffer,
        PacketType.INITIAL,
        QuicVersion.VERSION_1,
        CLIENT_DCID,
        SERVER_SCID,
        new byte[0],
        0,
        1,
        40);
    buffer.position(buffer.position() + 40);
    PacketHeaderWriter.writeLongHeader(
        buffer,
        PacketType.HANDSHAKE,
        QuicVersion.VERSION_1,
        CLIENT_DCID,
        SERVER_SCID,
        new byte[0],
        0,
        1,
        30);
    buffer.position(buffer.position() + 30);
    int shortStart = buffer.position();
    PacketHeaderWriter.writeShortHeader(buffer, CLIENT_DCID, 0, 1, false, false);
    int end = shortStart + 60;

    PacketType[] expected = {PacketType.INITIAL, PacketType.HANDSHAKE, PacketType.ONE_RTT};
    int offset = 0;
    for (PacketType type : expected) {
      parser.parse(buffer, offset, end, 8, header);
      assertEquals(type, header.type());
      assertEquals(CLIENT_DCID, header.dcid());
      offset = header.packetEnd();
    }
    assertEquals(end, offset);
  }

  @Test
  void reservedBitsAreCheckedAfterUnprotection() throws QuicWireException {
    PacketHeader.checkReservedBits(0xc3, true);
    PacketHeader.checkReservedBits(0x47, false);
    QuicWireException longBits =
        assertThrows(QuicWireException.class, () -> PacketHeader.checkReservedBits(0xc4, true));
    assertEquals(TransportErrorCode.PROTOCOL_VIOLATION, longBits.error());
    assertThrows(QuicWireException.class, () -> PacketHeader.checkReservedBits(0x50, false));
  }

  private static ConnectionId randomId(Random random, int length) {
    byte[] id = new byte[length];
    random.nextBytes(id);
    return ConnectionId.of(id);
  }
}

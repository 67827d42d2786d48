package dev.moqbed.transport.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.wire.ConnectionId;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Routing fields read in place from the first header of a datagram (RFC 9000 §17). */
class InboundHeaderTest {
  private static final byte[] ID = {1, 2, 3, 4, 5, 6, 7, 8};
  private final InboundHeader header = new InboundHeader();

  private static ByteBuffer initial(int dcidLength, int scidLength, int size) {
    ByteBuffer buffer = ByteBuffer.allocate(Math.max(size, 64));
    buffer.put((byte) 0xc3).putInt(1).put((byte) dcidLength);
    for (int i = 0; i < dcidLength; i++) {
      buffer.put(i < ID.length ? ID[i] : 0);
    }
    buffer.put((byte) scidLength);
    for (int i = 0; i < scidLength; i++) {
      buffer.put((byte) (0x40 + i));
    }
    return buffer.limit(Math.max(buffer.position(), size)).position(0);
  }

  /** {@code first}, then {@code rest} zero bytes (of which {@code id} opens the first eight). */
  private static ByteBuffer shortHeader(int first, byte[] id, int rest) {
    ByteBuffer buffer = ByteBuffer.allocate(1 + rest);
    buffer.put((byte) first).put(id);
    return buffer.position(0);
  }

  @Test
  void shouldReadAnInitialsIdsAndAcceptItFromTwelveHundredBytes() {
    ByteBuffer datagram = initial(8, 5, 1200);
    assertTrue(header.parse(datagram));
    assertEquals(InboundHeader.keyOf(ConnectionId.of(ID)), header.destinationKey());
    assertTrue(header.isAcceptableInitial());
    assertEquals(
        ConnectionId.of(new byte[] {0x40, 0x41, 0x42, 0x43, 0x44}), header.sourceId(datagram));
    assertEquals(ConnectionId.of(ID), InboundHeader.idOf(header.destinationKey()));

    assertTrue(header.parse(initial(8, 0, 1199)));
    assertFalse(header.isAcceptableInitial(), "below 1,200 bytes (§14.1)");
  }

  @Test
  void shouldRouteAShortHeaderOnItsEightBytes() {
    ByteBuffer datagram = shortHeader(0x41, ID, 38);
    assertTrue(header.parse(datagram));
    assertEquals(InboundHeader.keyOf(ConnectionId.of(ID)), header.destinationKey());
    assertFalse(header.isAcceptableInitial());
  }

  @Test
  void shouldNameAClientsLongerFirstId() {
    ByteBuffer datagram = initial(20, 8, 1200);
    assertTrue(header.parse(datagram));
    assertTrue(header.hasForeignDestination(), "quiche's 20-byte first id");
    assertTrue(header.isAcceptableInitial());
    assertEquals(20, header.destinationId(datagram).length());
    assertTrue(header.parse(initial(8, 8, 1200)));
    assertFalse(header.hasForeignDestination());
  }

  @Test
  void shouldRefuseWhatNoConnectionHereCanOwn() {
    assertFalse(header.parse(ByteBuffer.allocate(0)), "empty");
    assertFalse(header.parse(shortHeader(0x41, new byte[3], 3)), "short");
    assertFalse(header.parse(shortHeader(0x01, new byte[20], 20)), "fixed bit clear");
    assertFalse(header.parse(initial(4, 8, 1200)), "a 4-byte id");
    assertFalse(header.parse(initial(21, 8, 1200)), "a 21-byte id");
    ByteBuffer truncated = initial(8, 20, 0);
    truncated.limit(6 + 8 + 1 + 10);
    assertFalse(header.parse(truncated), "Source Connection ID past the end");
    ByteBuffer tooLong = initial(8, 0, 40);
    tooLong.put(6 + 8, (byte) 21);
    assertFalse(header.parse(tooLong), "a 21-byte Source Connection ID");
  }

  @Test
  void shouldReadAnInitialsTokenAndRefuseOneThatRunsPastTheDatagram() {
    ByteBuffer none = initial(8, 4, 1200);
    none.put(1 + 4 + 1 + 8 + 1 + 4, (byte) 0); // Token Length 0
    assertTrue(header.parse(none));
    assertEquals(0, header.initialToken(none).length);

    ByteBuffer two = initial(8, 4, 1200);
    int at = 1 + 4 + 1 + 8 + 1 + 4;
    two.put(at, (byte) 0x40)
        .put(at + 1, (byte) 3)
        .put(at + 2, (byte) 7)
        .put(at + 3, (byte) 8)
        .put(at + 4, (byte) 9);
    assertTrue(header.parse(two));
    assertEquals(3, header.initialToken(two).length, "a 2-byte varint length");
    assertEquals(9, header.initialToken(two)[2]);

    ByteBuffer past = initial(8, 4, 1200);
    past.put(at, (byte) 0x44).put(at + 1, (byte) 0xb0); // 1,200 bytes of token in 1,200 bytes
    assertTrue(header.parse(past));
    assertEquals(null, header.initialToken(past));
    ByteBuffer cut = initial(8, 4, 0).limit(at + 1).put(at, (byte) 0x80); // 4-byte varint, 1 byte
    assertTrue(header.parse(cut));
    assertEquals(null, header.initialToken(cut));
  }
}

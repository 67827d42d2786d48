package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.wire.ConnectionId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/** Routing fields read in place from the first header of a datagram (RFC 9000 §17). */
class InboundHeaderTest {
  private static final byte[] ID = {1, 2, 3, 4, 5, 6, 7, 8};
  private final InboundHeader header = new InboundHeader();

  private static ByteBuf initial(int dcidLength, int scidLength, int size) {
    ByteBuf buffer = Unpooled.buffer(size).writeByte(0xc3).writeInt(1).writeByte(dcidLength);
    for (int i = 0; i < dcidLength; i++) {
      buffer.writeByte(i < ID.length ? ID[i] : 0);
    }
    buffer.writeByte(scidLength);
    for (int i = 0; i < scidLength; i++) {
      buffer.writeByte(0x40 + i);
    }
    return buffer.writerIndex(Math.max(buffer.writerIndex(), size));
  }

  @Test
  void shouldReadAnInitialsIdsAndAcceptItFromTwelveHundredBytes() {
    ByteBuf datagram = initial(8, 5, 1200);
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
    ByteBuf datagram = Unpooled.buffer().writeByte(0x41).writeBytes(ID).writeZero(30);
    assertTrue(header.parse(datagram));
    assertEquals(InboundHeader.keyOf(ConnectionId.of(ID)), header.destinationKey());
    assertFalse(header.isAcceptableInitial());
  }

  @Test
  void shouldNameAClientsLongerFirstId() {
    ByteBuf datagram = initial(20, 8, 1200);
    assertTrue(header.parse(datagram));
    assertTrue(header.hasForeignDestination(), "quiche's 20-byte first id");
    assertTrue(header.isAcceptableInitial());
    assertEquals(20, header.destinationId(datagram).length());
    assertTrue(header.parse(initial(8, 8, 1200)));
    assertFalse(header.hasForeignDestination());
  }

  @Test
  void shouldRefuseWhatNoConnectionHereCanOwn() {
    assertFalse(header.parse(Unpooled.buffer()), "empty");
    assertFalse(header.parse(Unpooled.buffer().writeByte(0x41).writeZero(3)), "short");
    assertFalse(header.parse(Unpooled.buffer().writeByte(0x01).writeZero(20)), "fixed bit clear");
    assertFalse(header.parse(initial(4, 8, 1200)), "a 4-byte id");
    assertFalse(header.parse(initial(21, 8, 1200)), "a 21-byte id");
    ByteBuf truncated = initial(8, 20, 0);
    truncated.writerIndex(6 + 8 + 1 + 10);
    assertFalse(header.parse(truncated), "Source Connection ID past the end");
    ByteBuf tooLong = initial(8, 0, 40);
    tooLong.setByte(6 + 8, 21);
    assertFalse(header.parse(tooLong), "a 21-byte Source Connection ID");
  }

  @Test
  void shouldReadAnInitialsTokenAndRefuseOneThatRunsPastTheDatagram() {
    ByteBuf none = initial(8, 4, 1200);
    none.setByte(1 + 4 + 1 + 8 + 1 + 4, 0); // Token Length 0
    assertTrue(header.parse(none));
    assertEquals(0, header.initialToken(none).length);

    ByteBuf two = initial(8, 4, 1200);
    int at = 1 + 4 + 1 + 8 + 1 + 4;
    two.setByte(at, 0x40)
        .setByte(at + 1, 3)
        .setByte(at + 2, 7)
        .setByte(at + 3, 8)
        .setByte(at + 4, 9);
    assertTrue(header.parse(two));
    assertEquals(3, header.initialToken(two).length, "a 2-byte varint length");
    assertEquals(9, header.initialToken(two)[2]);

    ByteBuf past = initial(8, 4, 1200);
    past.setByte(at, 0x44).setByte(at + 1, 0xb0); // 1,200 bytes of token in a 1,200-byte datagram
    assertTrue(header.parse(past));
    assertEquals(null, header.initialToken(past));
    ByteBuf cut = initial(8, 4, 0).writerIndex(at + 1).setByte(at, 0x80); // 4-byte varint, 1 byte
    assertTrue(header.parse(cut));
    assertEquals(null, header.initialToken(cut));
  }
}

package dev.moqbed.transport.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A client sends to the id the server chose for itself once it has heard from it (§7.2). */
class PeerSourceIdTest {
  private static final int LONG_HEADER = 1 + 4 + 1 + 8 + 1 + 8 + 2 + 4;

  private static QuicPacket packet(PacketSpace space, long number, Frame... frames) {
    int header = space == PacketSpace.APPLICATION ? 1 + 8 + 1 : LONG_HEADER + 1;
    int size = header + 16;
    for (Frame frame : frames) {
      size += frame.sizeBytes();
    }
    int numberLength = space == PacketSpace.APPLICATION ? 1 : 4;
    return new QuicPacket(space, number, numberLength, List.of(frames), size);
  }

  private static ByteBuffer copy(ByteBuffer bytes) {
    return ByteBuffer.allocate(bytes.remaining()).put(bytes).flip();
  }

  @Test
  void clientSwitchesToTheServersSourceIdAfterItsFirstLongHeaderPacket() throws QuicWireException {
    SplittableRandom random = new SplittableRandom(7);
    ConnectionIds clientIds = ConnectionIds.randomForClient(random);
    ConnectionId serverChosen = ConnectionIds.randomId(random);
    assertNotEquals(clientIds.remote(), serverChosen);
    PacketCodec client = PacketCodec.withNullProtection(clientIds).followPeerSourceId();
    // The server receives on the id the client made up and also on its own, and answers from its
    // own.
    PacketCodec server =
        PacketCodec.withNullProtection(new ConnectionIds(serverChosen, clientIds.local()));

    QuicPacket hello = packet(PacketSpace.INITIAL, 0, new Frame.Crypto(0, 200));
    assertEquals(clientIds.remote(), client.ids().remote(), "first Initial: the made-up id");
    ByteBuffer firstInitial = copy(client.encode(List.of(hello)));
    assertEquals(clientIds.remote(), ConnectionId.copyOf(firstInitial, 6, 8));

    QuicPacket answer = packet(PacketSpace.INITIAL, 0, new Frame.Crypto(0, 100));
    assertEquals(1, client.decode(copy(server.encode(List.of(answer)))).size());
    assertEquals(serverChosen, client.ids().remote());

    ByteBuffer next =
        copy(
            client.encode(
                List.of(
                    packet(PacketSpace.APPLICATION, 1, new Frame.Ping(), new Frame.Padding(40)))));
    assertEquals(
        serverChosen, ConnectionId.copyOf(next, 1, 8), "1-RTT packets go to the server's id");
    assertEquals(1, server.decode(next).size());

    // Only the first: a later long header with another Source Connection ID changes nothing.
    ConnectionId other = ConnectionIds.randomId(random);
    PacketCodec impostor =
        PacketCodec.withNullProtection(new ConnectionIds(other, clientIds.local()));
    client.decode(
        copy(
            impostor.encode(
                List.of(
                    packet(PacketSpace.HANDSHAKE, 0, new Frame.Ping(), new Frame.Padding(40))))));
    assertEquals(serverChosen, client.ids().remote());
  }
}

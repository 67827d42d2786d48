package dev.moqbed.transport.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.crypto.InitialSecrets;
import dev.moqbed.transport.crypto.PacketProtection;
import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Keys installed per space as a handshake produces them; packets kept until their keys come. */
class PacketCodecKeysTest {
  private final ConnectionIds clientIds = ConnectionIds.forSimulatedEndpoint(1, 0, 3);
  private final InitialSecrets initial = InitialSecrets.of(clientIds.remote());
  private final PacketCodec client = codec(clientIds, true);
  private final PacketCodec server = codec(clientIds.peer(), false);

  private PacketCodec codec(ConnectionIds ids, boolean isClient) {
    PacketProtection[] sealing = new PacketProtection[3];
    PacketProtection[] opening = new PacketProtection[3];
    sealing[0] = isClient ? initial.clientProtection() : initial.serverProtection();
    opening[0] = isClient ? initial.serverProtection() : initial.clientProtection();
    return new PacketCodec(ids, sealing, opening, 3, 1200);
  }

  private static QuicPacket handshakePacket(long number, byte[] crypto) {
    Frame.Crypto frame = new Frame.Crypto(0, crypto.length, ByteSlice.of(crypto));
    return new QuicPacket(PacketSpace.HANDSHAKE, number, 4, List.of(frame), 45 + frame.sizeBytes());
  }

  private static ByteBuffer copy(ByteBuffer bytes) {
    return ByteBuffer.allocate(bytes.remaining()).put(bytes).flip();
  }

  @Test
  void aPacketBeforeItsKeysIsKeptAndOpenedOnceTheyCome() throws QuicWireException {
    byte[] secret = new byte[32];
    secret[0] = 7;
    PacketProtection clientSealing =
        dev.moqbed.transport.crypto.AeadPacketProtection.of(
            dev.moqbed.transport.crypto.CipherSuite.TLS_AES_128_GCM_SHA256, secret);
    PacketProtection serverOpening =
        dev.moqbed.transport.crypto.AeadPacketProtection.of(
            dev.moqbed.transport.crypto.CipherSuite.TLS_AES_128_GCM_SHA256, secret);
    client.installKeys(PacketSpace.HANDSHAKE, clientSealing, null);
    byte[] finished = {20, 0, 0, 32, 1, 2, 3};
    ByteBuffer sent = copy(client.encode(List.of(handshakePacket(0, finished))));

    assertNull(server.decodeDatagram(sent, 0, 1, 3, EcnMark.NOT_ECT), "no Handshake keys yet");
    assertNull(server.decodeKeptPackets(0, 1, 3, EcnMark.NOT_ECT), "still none");
    server.installKeys(PacketSpace.HANDSHAKE, null, serverOpening);
    Datagram kept = server.decodeKeptPackets(0, 1, 3, EcnMark.NOT_ECT);
    List<QuicPacket> packets = QuicPackets.in(kept);
    Frame.Crypto crypto = (Frame.Crypto) packets.get(0).frames().get(0);
    assertArrayEquals(finished, crypto.data().toArray());
    assertNull(server.decodeKeptPackets(0, 1, 3, EcnMark.NOT_ECT), "delivered once");
    assertEquals(0, server.packetsDropped());
  }

  @Test
  void keptPacketsAreBoundedAndDiscardedKeysDropThem() throws QuicWireException {
    byte[] secret = new byte[32];
    PacketProtection sealing =
        dev.moqbed.transport.crypto.AeadPacketProtection.of(
            dev.moqbed.transport.crypto.CipherSuite.TLS_AES_128_GCM_SHA256, secret);
    client.installKeys(PacketSpace.HANDSHAKE, sealing, null);
    int sent = PacketDecoder.MAX_KEPT_PACKETS + 3;
    for (int i = 0; i < sent; i++) {
      server.decodeDatagram(
          copy(client.encode(List.of(handshakePacket(i, new byte[] {1})))),
          0,
          1,
          3,
          EcnMark.NOT_ECT);
    }
    assertEquals(3, server.packetsDropped(), "beyond the bound");
    server.discardKeys(PacketSpace.HANDSHAKE);
    assertNull(server.decodeKeptPackets(0, 1, 3, EcnMark.NOT_ECT));
    assertEquals(sent, server.packetsDropped(), "the kept ones go with the space");
  }

  @Test
  void aPacketOfASpaceWithoutSealingKeysIsNotWritten() {
    ByteBuffer bytes = client.encode(List.of(handshakePacket(0, new byte[] {1})));
    assertEquals(0, bytes.remaining());
    assertEquals(1, client.packetsWithoutKeys());
  }
}

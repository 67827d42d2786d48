package dev.moqbed.transport.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.crypto.NullPacketProtection;
import dev.moqbed.transport.crypto.RetryIntegrity;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.PacketHeaderWriter;
import dev.moqbed.transport.wire.QuicVersion;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What quiche sends that the project's own peer never does: a Retry, zeros after a datagram's last
 * packet, non-minimal frame encodings and frames the stack does not act on, and a client's first id
 * of 20 bytes.
 */
class ForeignPeerCodecTest {
  private static final SplittableRandom RANDOM = new SplittableRandom(17);

  private static QuicPacket initial(long number) {
    return new QuicPacket(
        PacketSpace.INITIAL, number, 4, List.of(new Frame.Crypto(0, 200)), 1 + 4 + 18 + 3 + 4);
  }

  private static ByteBuffer copy(ByteBuffer bytes) {
    return ByteBuffer.allocate(bytes.remaining()).put(bytes).flip();
  }

  private static ByteBuffer retry(ConnectionId to, ConnectionId from, ConnectionId original) {
    byte[] token = {1, 2, 3, 4, 5};
    ByteBuffer buffer =
        ByteBuffer.allocate(PacketHeaderWriter.retrySize(to.length(), from.length(), 5));
    PacketHeaderWriter.writeRetry(buffer, QuicVersion.VERSION_1, to, from, token, new byte[16], 0);
    RetryIntegrity.writeTag(original, buffer, 0, buffer.position());
    return buffer.flip();
  }

  @Test
  void clientTakesOneValidRetryAndResendsToItsIdWithItsToken() throws QuicWireException {
    ConnectionIds ids = ConnectionIds.randomForClient(RANDOM);
    ConnectionId serverId = ConnectionId.of(new byte[20]);
    List<ConnectionId> retries = new ArrayList<>();
    PacketCodec client =
        PacketCodec.withNullProtection(ids).acceptRetry(ids.remote(), retries::add);

    // A Retry whose tag was computed for another original id fails its integrity check.
    ByteBuffer forged = retry(ids.local(), serverId, ConnectionIds.randomId(RANDOM));
    assertEquals(0, client.decode(forged).size());
    assertEquals(0, client.retriesAccepted());

    assertEquals(0, client.decode(retry(ids.local(), serverId, ids.remote())).size());
    assertEquals(List.of(serverId), retries);
    assertEquals(serverId, client.ids().remote());
    ByteBuffer again = copy(client.encode(List.of(initial(1))));
    assertEquals(20, again.get(5), "DCID length");
    assertEquals(serverId, ConnectionId.copyOf(again, 6, 20));
    int tokenLengthAt = 6 + 20 + 1 + 8;
    assertEquals(5, again.get(tokenLengthAt), "the Retry's token");
    assertEquals(1, again.get(tokenLengthAt + 1));

    // Only one Retry is taken (RFC 9000 §17.2.5.2).
    ConnectionId other = ConnectionId.of(new byte[] {9, 9, 9, 9, 9, 9, 9, 9});
    client.decode(retry(ids.local(), other, ids.remote()));
    assertEquals(1, client.retriesAccepted());
    assertEquals(serverId, client.ids().remote());
  }

  @Test
  void packetsBeforeTrailingZerosAreKept() throws QuicWireException {
    ConnectionIds ids = ConnectionIds.randomForClient(RANDOM);
    PacketCodec client = PacketCodec.withNullProtection(ids);
    PacketCodec server = PacketCodec.withNullProtection(ids.peer());
    ByteBuffer packet = client.encode(List.of(initial(0)));
    ByteBuffer padded = ByteBuffer.allocate(1200).put(packet).position(0);
    List<QuicPacket> decoded = server.decode(padded);
    assertEquals(1, decoded.size());
    assertEquals(1, server.packetsDropped(), "the zeros");
    // A datagram of zeros alone still fails: nothing in it parses.
    assertThrows(QuicWireException.class, () -> server.decode(ByteBuffer.allocate(1200)));
  }

  /** A 1-RTT packet to {@code to} with {@code payload} as its frames, under the null protection. */
  private static ByteBuffer shortPacket(ConnectionId to, byte[] payload) {
    ByteBuffer buffer = ByteBuffer.allocate(200);
    int numberAt = PacketHeaderWriter.writeShortHeader(buffer, to, 3, 1, false, false);
    buffer.put(payload);
    int end = new NullPacketProtection().seal(buffer, 0, numberAt, 3, buffer.position());
    return buffer.position(0).limit(end);
  }

  @Test
  void foreignFramesAreReadOnlyWhereAskedFor() throws QuicWireException {
    ConnectionIds ids = ConnectionIds.randomForClient(RANDOM);
    byte[] payload = {
      0x0a,
      0x00,
      0x40,
      0x05,
      1,
      2,
      3,
      4,
      5, // STREAM 0 with a 2-byte Length (quiche's)
      0x12,
      0x40,
      0x64, // MAX_STREAMS (bidirectional) 100
      0x1d,
      0x00,
      0x02,
      'o',
      'k' // CONNECTION_CLOSE (application) with a reason
    };
    PacketCodec strict = PacketCodec.withNullProtection(ids.peer());
    assertThrows(QuicWireException.class, () -> strict.decode(shortPacket(ids.remote(), payload)));

    PacketCodec lenient = PacketCodec.withNullProtection(ids.peer()).acceptForeignFrames();
    List<Frame> frames = lenient.decode(shortPacket(ids.remote(), payload)).get(0).frames();
    assertEquals(3, frames.size());
    Frame.Stream stream = assertInstanceOf(Frame.Stream.class, frames.get(0));
    assertEquals(5, stream.length());
    // MAX_STREAMS is the stack's own frame now (RFC 9000 §4.6), whatever its encoding.
    assertEquals(new Frame.MaxStreams(true, 100), frames.get(1));
    assertInstanceOf(Frame.ConnectionClose.class, frames.get(2));
  }

  @Test
  void serverOpensLongHeadersToTheClientsFirstIdOnly() throws QuicWireException {
    ConnectionId firstId = ConnectionId.of(new byte[20]);
    ConnectionId serverId = ConnectionIds.randomId(RANDOM);
    ConnectionId clientId = ConnectionIds.randomId(RANDOM);
    PacketCodec client = PacketCodec.withNullProtection(new ConnectionIds(clientId, firstId));
    PacketCodec server =
        PacketCodec.withNullProtection(new ConnectionIds(serverId, clientId))
            .acceptLongHeadersTo(firstId);
    assertEquals(1, server.decode(copy(client.encode(List.of(initial(0))))).size());
    ByteBuffer shortToFirstId = shortPacket(firstId, new byte[] {0x01, 0, 0, 0});
    assertEquals(0, server.decode(shortToFirstId).size());
  }
}

package dev.moqbed.transport.quic;

import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;

/**
 * The server's datagrams as bytes on the wire, as the UDP driver sends them: encoded by the
 * server's codec under the null protection (node 0 to node 1, flow 0), then copied out and decoded
 * by the client's into new packets, so that nothing the server's connection made travels on.
 */
public final class NullProtectionWire {
  private final PacketCodec server =
      PacketCodec.withNullProtection(ConnectionIds.forSimulatedEndpoint(0, 1, 0));
  private final PacketCodec client =
      PacketCodec.withNullProtection(ConnectionIds.forSimulatedEndpoint(1, 0, 0));

  /** The UDP payload of a datagram the server sent, in a buffer the next call reuses. */
  public ByteBuffer encode(Datagram sent) {
    return server.encode(sent);
  }

  /** What the client receives for an encoded payload: a copy, decoded. */
  public Datagram decode(ByteBuffer encoded) {
    ByteBuffer copy = ByteBuffer.allocate(encoded.remaining()).put(encoded).flip();
    try {
      return client.decodeDatagram(copy, 0, 1, 0, EcnMark.NOT_ECT);
    } catch (QuicWireException e) {
      throw new AssertionError("the client could not decode the server's datagram", e);
    }
  }
}

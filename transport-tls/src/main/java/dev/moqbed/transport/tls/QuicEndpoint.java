package dev.moqbed.transport.tls;

import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;

/**
 * One real QUIC endpoint: a {@link QuicConnection} with its TLS handshake and the {@link
 * PacketCodec} holding the keys that handshake installs. A host (the UDP driver, or a test's pipe)
 * gives it UDP payloads and takes UDP payloads from it; timers are the connection's ({@link
 * QuicConnection#nextWakeMicros}). Made by {@link QuicEndpointFactory}. Not thread-safe.
 */
public final class QuicEndpoint {
  /** The node numbers its model datagrams carry: the wire has no use for them. */
  static final int LOCAL_NODE = 0;

  static final int REMOTE_NODE = 1;

  private final QuicConnection connection;
  private final PacketCodec codec;
  private final TlsCryptoHandshake handshake;
  private long malformedDatagrams;

  QuicEndpoint(QuicConnection connection, PacketCodec codec, TlsCryptoHandshake handshake) {
    this.connection = connection;
    this.codec = codec;
    this.handshake = handshake;
  }

  public QuicConnection connection() {
    return connection;
  }

  public PacketCodec codec() {
    return codec;
  }

  public TlsCryptoHandshake handshake() {
    return handshake;
  }

  /**
   * Processes a received UDP payload, {@code [position, limit)} of {@code payload} (opened in
   * place). Packets that do not open are dropped and counted ({@link PacketCodec#packetsDropped});
   * packets kept for keys that this one brought are processed after it. A datagram whose header
   * cannot be parsed is dropped and counted ({@link #malformedDatagrams}): before authentication
   * its bytes may come from anyone, so it must not close the connection. A packet that opened but
   * breaks the protocol (reserved bits, malformed or forbidden frames) closes the connection with
   * the error's code.
   */
  public void receive(long nowMicros, ByteBuffer payload, EcnMark ecn) {
    try {
      Datagram datagram =
          codec.decodeDatagram(payload, REMOTE_NODE, LOCAL_NODE, connection.flowId(), ecn);
      if (datagram != null) {
        connection.receive(nowMicros, datagram);
      }
      Datagram kept;
      while ((kept = codec.decodeKeptPackets(REMOTE_NODE, LOCAL_NODE, connection.flowId(), ecn))
          != null) {
        connection.receive(nowMicros, kept);
      }
    } catch (QuicWireException e) {
      if (codec.lastFailureAuthenticated()) {
        connection.close(e.error().code(), false); // the peer broke the protocol
      } else {
        malformedDatagrams++;
      }
    }
  }

  /**
   * The next UDP payload to send now, or null when nothing can go now (then wait until {@link
   * QuicConnection#nextWakeMicros}). Valid until the next call.
   */
  public ByteBuffer poll(long nowMicros) {
    Datagram datagram;
    while ((datagram = connection.poll(nowMicros)) != null) {
      ByteBuffer payload = codec.encode(datagram);
      if (payload.hasRemaining()) {
        return payload;
      }
      // Every packet of it was in a space without keys: treated as lost, poll on.
    }
    return null;
  }

  /** Received datagrams dropped because they could not be parsed. */
  public long malformedDatagrams() {
    return malformedDatagrams;
  }
}

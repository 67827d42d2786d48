package dev.moqbed.transport.codec;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.crypto.NullPacketProtection;
import dev.moqbed.transport.crypto.PacketProtection;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The bridge between one endpoint of the model ({@link dev.moqbed.transport.quic.QuicConnection})
 * and QUIC v1 bytes: {@link #encode} turns a datagram the model sent (its coalesced {@link
 * QuicPacket}s) into a UDP payload, {@link #decode} turns a received UDP payload back into the
 * packets the model receives. The layout is picoquic's (see {@link PacketEncoder}); frames are
 * written by {@link FrameEncoder} and read back by {@link ModelFrameCollector}.
 *
 * <p>Sending reuses one buffer: {@link #encode} returns a view of it, valid until the next call,
 * and allocates nothing. Not thread-safe, like the connection it serves.
 */
public final class PacketCodec {
  /** The largest UDP payload the codec writes: the model's path MTU never exceeds 1,500 bytes. */
  public static final int MAX_DATAGRAM_BYTES = 1500;

  private final PacketEncoder encoder;
  private final PacketDecoder decoder;
  private final ByteBuffer sendBuffer = ByteBuffer.allocate(MAX_DATAGRAM_BYTES);

  /**
   * A codec with the given keys.
   *
   * @param sealing one protection per {@link PacketSpace} (by ordinal) for the packets sent
   * @param opening one per space for the packets received
   * @param peerAckDelayExponent the peer's ack_delay_exponent, to rebuild its ACKs' delay units
   * @param maxDatagramFrameBytes the max_datagram_frame_size this endpoint accepts (RFC 9221 §3)
   */
  public PacketCodec(
      ConnectionIds ids,
      PacketProtection[] sealing,
      PacketProtection[] opening,
      int peerAckDelayExponent,
      int maxDatagramFrameBytes) {
    this.encoder = new PacketEncoder(ids, sealing);
    this.decoder =
        new PacketDecoder(
            ids.local(), opening, peerAckDelayExponent, maxDatagramFrameBytes, new FrameEncoder());
  }

  /**
   * A codec under {@link NullPacketProtection} in every space (not QUIC: see that class), with the
   * model's ack_delay_exponent and DATAGRAM frames up to the largest datagram.
   */
  public static PacketCodec withNullProtection(ConnectionIds ids) {
    return new PacketCodec(
        ids,
        nullProtections(),
        nullProtections(),
        TransportDefaults.ACK_DELAY_EXPONENT,
        MAX_DATAGRAM_BYTES);
  }

  private static PacketProtection[] nullProtections() {
    PacketProtection[] protections = new PacketProtection[PacketSpace.values().length];
    for (int i = 0; i < protections.length; i++) {
      protections[i] = new NullPacketProtection();
    }
    return protections;
  }

  /**
   * Encodes a datagram the model sent: its payload is the model's list of packets.
   *
   * @return the UDP payload, from position 0 to its limit, in a buffer reused by the next call
   */
  @SuppressWarnings("unchecked")
  public ByteBuffer encode(Datagram datagram) {
    return encode((List<QuicPacket>) datagram.payload());
  }

  /** Encodes coalesced packets into one UDP payload (see {@link #encode(Datagram)}). */
  public ByteBuffer encode(List<QuicPacket> packets) {
    sendBuffer.clear();
    encoder.encode(packets, sendBuffer);
    return sendBuffer.flip();
  }

  /**
   * Decodes a received UDP payload, {@code [position, limit)} of {@code payload}, which is opened
   * in place.
   *
   * @return the packets that opened, in datagram order
   * @throws QuicWireException if a header cannot be parsed or a packet's frames are malformed or
   *     not ones the model carries
   */
  public List<QuicPacket> decode(ByteBuffer payload) throws QuicWireException {
    return decoder.decode(payload, payload.position(), payload.limit());
  }

  /**
   * Decodes a received UDP payload into the datagram the model receives: the packets that opened as
   * its payload, the bytes received as its size.
   *
   * @return null when no packet of the payload opened
   * @throws QuicWireException as {@link #decode(ByteBuffer)}
   */
  public Datagram decodeDatagram(
      ByteBuffer payload, int sourceNode, int destinationNode, int flowId, EcnMark ecn)
      throws QuicWireException {
    int size = payload.remaining();
    List<QuicPacket> packets = decode(payload);
    if (packets.isEmpty()) {
      return null;
    }
    return new Datagram(sourceNode, destinationNode, flowId, size, ecn, packets);
  }

  /**
   * For a client: sends to the Source Connection ID of the first long-header packet that opens from
   * then on (RFC 9000 §7.2), instead of the id it made up for the server in its first Initial.
   * Simulated endpoints know each other's ids from the start and do not call this.
   */
  public PacketCodec followPeerSourceId() {
    decoder.onFirstPeerSourceId(encoder::remoteId);
    return this;
  }

  /**
   * The ids this codec writes now: the remote one changes once after {@link #followPeerSourceId}.
   */
  public ConnectionIds ids() {
    return encoder.ids();
  }

  /** Packets received for another connection id or that failed to open. */
  public long packetsDropped() {
    return decoder.packetsDropped();
  }

  /** The encoded size of one model frame, for comparing it with the size the model counts. */
  public int encodedFrameSize(Frame frame) {
    return encoder.frameEncoder().encodedSize(frame);
  }
}

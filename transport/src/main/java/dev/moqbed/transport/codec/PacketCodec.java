package dev.moqbed.transport.codec;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import dev.moqbed.transport.crypto.KeyPhases;
import dev.moqbed.transport.crypto.NullPacketProtection;
import dev.moqbed.transport.crypto.PacketProtection;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.QuicWireException;
import dev.moqbed.transport.wire.StatelessResetToken;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The bridge between one endpoint of the stack ({@link dev.moqbed.transport.quic.QuicConnection})
 * and QUIC v1 bytes: {@link #encode} turns a datagram the stack sent (its coalesced {@link
 * QuicPacket}s) into a UDP payload, {@link #decode} turns a received UDP payload back into the
 * packets the stack receives. The layout is picoquic's (see {@link PacketEncoder}); frames are
 * written by {@link FrameEncoder} and read back by {@link ModelFrameCollector}.
 *
 * <p>Sending reuses one buffer: {@link #encode} returns a view of it, valid until the next call,
 * and allocates nothing. Not thread-safe, like the connection it serves.
 */
public final class PacketCodec {
  /** The largest UDP payload the codec writes: the stack's path MTU never exceeds 1,500 bytes. */
  public static final int MAX_DATAGRAM_BYTES = 1500;

  private final PacketEncoder encoder;
  private final PacketDecoder decoder;
  // Room beyond the stack's largest datagram for a peer's longer ids (up to 20 bytes, RFC 9000
  // §17.2) and a Retry token in the Initial: the stack counts 8-byte ids and no token.
  private final ByteBuffer sendBuffer = ByteBuffer.allocate(MAX_DATAGRAM_BYTES + 256);
  private long retriesAccepted;
  private QuicPackets reusedPayload;
  private Datagram received;
  private StatelessResetToken peerResetToken;
  private KeyPhases keyPhases;

  /**
   * A codec with the given keys.
   *
   * @param sealing one protection per {@link PacketSpace} (by ordinal) for the packets sent, null
   *     for a space whose keys are not there yet ({@link #installKeys})
   * @param opening one per space for the packets received, null likewise
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
   * Encodes a datagram the stack sent: its payload is the stack's list of packets.
   *
   * @return the UDP payload, from position 0 to its limit, in a buffer reused by the next call
   */
  public ByteBuffer encode(Datagram datagram) {
    return encode(QuicPackets.in(datagram));
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
   *     not ones the stack carries
   */
  public List<QuicPacket> decode(ByteBuffer payload) throws QuicWireException {
    return decoder.decode(payload, payload.position(), payload.limit());
  }

  /**
   * Decodes a received UDP payload into the datagram the stack receives: the packets that opened as
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
    if (reusedPayload == null) {
      return new Datagram(sourceNode, destinationNode, flowId, size, ecn, new QuicPackets(packets));
    }
    if (received == null
        || received.sourceNode() != sourceNode
        || received.destinationNode() != destinationNode
        || received.flowId() != flowId) {
      received = new Datagram(sourceNode, destinationNode, flowId, size, ecn, reusedPayload);
    } else {
      received.reuse(size, ecn, reusedPayload);
    }
    return received;
  }

  /**
   * From now on {@link #decodeDatagram} returns the same datagram, packets, frame lists and STREAM
   * frames refilled for every UDP payload: valid until the next call, so for a host that hands each
   * to its connection at once (the UDP driver), never for one that carries them on. STREAM frames
   * borrow their bytes from the payload's buffer in either case (see {@code
   * Frame.Stream#borrowed}).
   */
  public PacketCodec reuseDecoded() {
    decoder.reuseDecoded();
    reusedPayload = new QuicPackets(decoder.reusedPacketList());
    return this;
  }

  /**
   * Installs the keys of {@code space} as the handshake produces them (RFC 9001 §4.1.4): {@code
   * sealing} for what this endpoint sends, {@code opening} for what it receives; either may be null
   * to install one direction only (a server reads 1-RTT packets only once its handshake is
   * complete, §5.7). Packets of a space without opening keys are kept, a few, until its keys come
   * ({@link #decodeKeptPackets}); packets to send in a space without sealing keys are skipped.
   */
  public void installKeys(PacketSpace space, PacketProtection sealing, PacketProtection opening) {
    if (sealing != null) {
      encoder.install(space, sealing);
      if (keyPhases != null && space == PacketSpace.APPLICATION) {
        keyPhases.installSealing(sealing);
      }
    }
    if (opening != null) {
      decoder.install(space, opening);
      if (keyPhases != null && space == PacketSpace.APPLICATION) {
        keyPhases.installOpening(opening);
      }
    }
  }

  /**
   * Key updates for the 1-RTT keys installed from now on (RFC 9001 §6): the peer's are followed,
   * and we start one every {@code intervalPackets} packets sealed (once the peer acknowledged the
   * current phase). Call before the 1-RTT keys come; real endpoints do, the simulator's codecs
   * never.
   */
  public PacketCodec enableKeyUpdate(long intervalPackets) {
    keyPhases = new KeyPhases(intervalPackets);
    encoder.keyPhases(keyPhases);
    decoder.keyPhases(keyPhases);
    return this;
  }

  /** The 1-RTT key phases, or null without {@link #enableKeyUpdate}. */
  public KeyPhases keyPhases() {
    return keyPhases;
  }

  /** Discards both directions' keys of a space the connection discarded (RFC 9001 §4.9). */
  public void discardKeys(PacketSpace space) {
    encoder.install(space, null);
    decoder.discard(space);
  }

  /** Whether packets of {@code space} can be opened now. */
  public boolean hasOpeningKeys(PacketSpace space) {
    return decoder.hasKeys(space);
  }

  /** The peer's ack_delay_exponent, from its transport parameters (RFC 9000 §18.2). */
  public void setPeerAckDelayExponent(int exponent) {
    decoder.setPeerAckDelayExponent(exponent);
  }

  /**
   * The packets that arrived before their keys and can be opened now, as a datagram for the
   * connection (its size: the packets' bytes); null when none. Call after each datagram the
   * connection received, since processing it may have brought keys.
   *
   * @throws QuicWireException as {@link #decode(ByteBuffer)}
   */
  public Datagram decodeKeptPackets(int sourceNode, int destinationNode, int flowId, EcnMark ecn)
      throws QuicWireException {
    List<QuicPacket> packets = decoder.decodeKeptPackets();
    if (packets.isEmpty()) {
      return null;
    }
    int size = 0;
    for (QuicPacket packet : packets) {
      size += packet.sizeBytes();
    }
    return new Datagram(sourceNode, destinationNode, flowId, size, ecn, new QuicPackets(packets));
  }

  /**
   * Whether the last {@link QuicWireException} of a decode came from an authenticated packet (its
   * reserved bits or frames): a connection error with that exception's code. Otherwise a header did
   * not parse, and the datagram is simply dropped.
   */
  public boolean lastFailureAuthenticated() {
    return decoder.lastFailureAuthenticated();
  }

  /** Packets not sent because their space had no sealing keys. */
  public long packetsWithoutKeys() {
    return encoder.packetsWithoutKeys();
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
   * For a client: takes one Retry from the server (RFC 9000 §17.2.5) answering its first Initial,
   * sent to {@code originalDcid}, before any packet of the server opened. Once the Retry's
   * integrity tag checks out (RFC 9001 §5.8), later packets go to the Retry's Source Connection ID
   * and later Initials carry its token (§17.2.5.2); then {@code handler} installs the Initial keys
   * of that id (RFC 9001 §5.2) and resends the Initial's CRYPTO data. Packet numbers go on
   * (§17.2.5.3). Simulated endpoints never see a Retry and do not call this.
   */
  public PacketCodec acceptRetry(ConnectionId originalDcid, RetryHandler handler) {
    decoder.acceptRetry(
        originalDcid,
        (retrySourceId, token) -> {
          encoder.remoteId(retrySourceId);
          encoder.initialToken(token);
          retriesAccepted++;
          handler.onRetry(retrySourceId);
        });
    return this;
  }

  /**
   * Reads frames as another stack writes them (see {@code ModelFrameCollector}): set on the
   * real-QUIC path, where the peer may be quiche; the simulator's codecs never call this.
   */
  public PacketCodec acceptForeignFrames() {
    decoder.acceptForeignFrames();
    return this;
  }

  /**
   * For a server that chose its own id instead of the one the client made up for it: opens the
   * client's long-header packets to that first id too, as they keep coming until the server's first
   * packet reaches the client (RFC 9000 §7.2). Short headers carry only the server's id.
   */
  public PacketCodec acceptLongHeadersTo(ConnectionId clientChosenId) {
    decoder.acceptLongHeadersTo(clientChosenId);
    return this;
  }

  /**
   * The stateless_reset_token of the peer's connection id (a server's transport parameter, RFC 9000
   * §10.3), or null: a datagram ending with it that opens no packet ends the connection.
   */
  public void setPeerResetToken(StatelessResetToken token) {
    this.peerResetToken = token;
  }

  /** The peer's stateless reset token, null when it declared none (or before the handshake). */
  public StatelessResetToken peerResetToken() {
    return peerResetToken;
  }

  /** Retry packets accepted: 0 or 1 (a datagram that brought one has work for the sender). */
  public long retriesAccepted() {
    return retriesAccepted;
  }

  /** What a client does once the codec accepted a Retry. */
  public interface RetryHandler {
    /** Called inside {@link #decode}, with the Retry's Source Connection ID. */
    void onRetry(ConnectionId retrySourceId);
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

  /** The encoded size of one frame, for comparing it with the size the stack counts. */
  public int encodedFrameSize(Frame frame) {
    return encoder.frameEncoder().encodedSize(frame);
  }
}

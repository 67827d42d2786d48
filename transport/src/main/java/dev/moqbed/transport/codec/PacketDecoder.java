package dev.moqbed.transport.codec;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.crypto.KeyPhases;
import dev.moqbed.transport.crypto.OpenedPacket;
import dev.moqbed.transport.crypto.PacketProtection;
import dev.moqbed.transport.crypto.RetryIntegrity;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.FrameDecoder;
import dev.moqbed.transport.wire.PacketHeader;
import dev.moqbed.transport.wire.PacketHeaderParser;
import dev.moqbed.transport.wire.PacketNumbers;
import dev.moqbed.transport.wire.PacketType;
import dev.moqbed.transport.wire.QuicWireException;
import dev.moqbed.transport.wire.TransportErrorCode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads a UDP payload of coalesced QUIC v1 packets (RFC 9000 §12.2) back into the stack's {@link
 * QuicPacket}s: parses each header, opens it with its space's {@link PacketProtection} (the packet
 * number rebuilt against the largest received in that space, §17.1 and Appendix A.3), checks the
 * reserved bits (§17.2), and decodes the frames into model frames. A packet that does not open is
 * dropped (RFC 9001 §5.5) and counted; the others of the datagram are still read.
 *
 * <p>Allocates the stack's objects it returns (the packets, their frame lists and frames, copies of
 * DATAGRAM bytes), as the stack's receive path takes objects, unless told to reuse them ({@link
 * #reuseDecoded}); parsing and opening themselves allocate nothing. STREAM frames borrow their
 * bytes from the buffer the datagram was opened in (the caller's heap buffer, or the decoder's
 * receive buffer for a direct one): they are valid while the datagram is processed, and whatever
 * keeps them longer copies them ({@link Frame.Stream#borrowed()}).
 */
final class PacketDecoder {
  private final ConnectionId localId;
  private final PacketProtection[] protections;
  private final long[] largestReceived = new long[PacketSpace.values().length];
  private final PacketHeaderParser parser = new PacketHeaderParser();
  private final PacketHeader header = new PacketHeader();
  private final OpenedPacket opened = new OpenedPacket();
  private final FrameDecoder frameDecoder;
  private final ModelFrameCollector collector;
  private long packetsDropped;
  private ReusedPackets reused;

  /** Where a datagram in a direct buffer is copied to be opened (see {@link #received}). */
  private ByteBuffer receiveBuffer = ByteBuffer.allocate(PacketCodec.MAX_DATAGRAM_BYTES + 256);

  private Consumer<ConnectionId> peerSourceIdListener;
  private boolean lastFailureAuthenticated;
  private ConnectionId retryOriginalId;
  private RetryListener retryListener;
  private ConnectionId longHeaderAlias;
  private KeyPhases keyPhases;

  /**
   * Packets that arrived before their space's keys (a coalesced Handshake packet behind the Initial
   * that brings its keys, 1-RTT packets before a server's handshake completes), copied; RFC 9001
   * §5.7 lets a receiver keep a few. Later ones are dropped: a peer cannot fill memory with them.
   */
  static final int MAX_KEPT_PACKETS = 8;

  private final List<byte[]> kept = new ArrayList<>(2);
  private final List<PacketSpace> keptSpaces = new ArrayList<>(2);
  private final boolean[] discarded = new boolean[PacketSpace.values().length];

  /**
   * @param localId this endpoint's connection id: packets for another are dropped, and its length
   *     is how short headers are parsed (they do not state it)
   * @param protections one per {@link PacketSpace}, by ordinal: the keys this endpoint opens with
   *     (null while it has none for that space: its packets are then kept, see {@link
   *     #decodeKeptPackets})
   * @param peerAckDelayExponent the peer's ack_delay_exponent (RFC 9000 §18.2)
   * @param maxDatagramFrameBytes the max_datagram_frame_size this endpoint advertises (RFC 9221)
   */
  PacketDecoder(
      ConnectionId localId,
      PacketProtection[] protections,
      int peerAckDelayExponent,
      int maxDatagramFrameBytes,
      FrameEncoder sizes) {
    if (protections.length != PacketSpace.values().length) {
      throw new IllegalArgumentException("one protection per packet-number space");
    }
    this.localId = localId;
    this.protections = protections.clone();
    Arrays.fill(largestReceived, PacketNumbers.NONE);
    this.frameDecoder =
        new FrameDecoder().acceptDatagrams(maxDatagramFrameBytes).acceptAckFrequency(true);
    this.collector = new ModelFrameCollector(peerAckDelayExponent, sizes);
  }

  /**
   * Reports, once, the Source Connection ID of the first long-header packet that opens: a client
   * sends to it from then on (RFC 9000 §7.2), whatever id it made up for its first Initial.
   */
  void onFirstPeerSourceId(Consumer<ConnectionId> listener) {
    this.peerSourceIdListener = listener;
  }

  /**
   * For a client: accepts one Retry (RFC 9000 §17.2.5.2) for its first Initial, sent to {@code
   * originalId}, until a packet of the server opens; {@code listener} hears the Retry's Source
   * Connection ID and token once its integrity tag (RFC 9001 §5.8) checks out.
   */
  void acceptRetry(ConnectionId originalId, RetryListener listener) {
    this.retryOriginalId = originalId;
    this.retryListener = listener;
  }

  /** Also opens long-header packets sent to {@code id} (a server: the client's first id). */
  void acceptLongHeadersTo(ConnectionId id) {
    longHeaderAlias = id;
  }

  void acceptForeignFrames() {
    collector.acceptForeignFrames();
  }

  void setPeerAckDelayExponent(int exponent) {
    collector.setPeerAckDelayExponent(exponent);
  }

  /** The 1-RTT keys across key updates (a real handshake's), or null for the space's keys. */
  void keyPhases(KeyPhases phases) {
    this.keyPhases = phases;
  }

  /** Packets for another connection id or that failed to open, over the decoder's life. */
  long packetsDropped() {
    return packetsDropped;
  }

  /**
   * The packets of the datagram in {@code [start, end)} of {@code buffer}, opened in place.
   *
   * @throws QuicWireException for a header that cannot be parsed (the rest of the datagram is
   *     dropped, §12.2) or a packet whose frames are malformed or not the stack's
   */
  List<QuicPacket> decode(ByteBuffer buffer, int start, int end) throws QuicWireException {
    if (!buffer.hasArray()) {
      // A socket's direct buffer: copied into the receive buffer, so that STREAM frames can
      // borrow their bytes from an array instead of copying each.
      buffer = received(buffer, start, end);
      end -= start;
      start = 0;
    }
    collector.startDatagram();
    List<QuicPacket> packets = reused != null ? reused.startDatagram() : new ArrayList<>(1);
    int packetStart = start;
    while (packetStart < end) {
      try {
        packetStart = decodePacket(buffer, packetStart, end, packets, true);
      } catch (QuicWireException e) {
        if (packetStart == start || lastFailureAuthenticated) {
          throw e;
        }
        // What follows the first packet does not parse: quiche pads a datagram with zeros after
        // its last packet. The rest is dropped, the packets before it are kept (RFC 9000 §12.2).
        packetsDropped++;
        break;
      }
    }
    return packets;
  }

  /**
   * Installs the keys this endpoint opens {@code space} with; packets of that space kept while they
   * were missing become readable through {@link #decodeKeptPackets}.
   */
  void install(PacketSpace space, PacketProtection protection) {
    protections[space.ordinal()] = protection;
  }

  /** Drops the keys of {@code space} for good: later packets of it are dropped (RFC 9001 §4.9). */
  void discard(PacketSpace space) {
    protections[space.ordinal()] = null;
    discarded[space.ordinal()] = true;
  }

  /**
   * Whether the last {@link QuicWireException} came from a packet that opened (reserved bits,
   * frames): the peer sent it, so it is a connection error (RFC 9000 §12.4, §17.2); otherwise the
   * header could not be parsed and anyone may have sent the datagram.
   */
  boolean lastFailureAuthenticated() {
    return lastFailureAuthenticated;
  }

  boolean hasKeys(PacketSpace space) {
    return protections[space.ordinal()] != null;
  }

  /**
   * Decodes every datagram from now on into the same objects (packet list, packets, frame lists,
   * STREAM frames), valid until the next {@link #decode}: for a host that hands each datagram to
   * its connection at once (see {@link ReusedPackets}).
   */
  void reuseDecoded() {
    reused = new ReusedPackets();
    collector.reuseStreamFrames();
  }

  /** The packet list every datagram is decoded into after {@link #reuseDecoded}. */
  List<QuicPacket> reusedPacketList() {
    return reused.startDatagram();
  }

  /** The kept packets whose keys are now there, opened, in arrival order (maybe none). */
  List<QuicPacket> decodeKeptPackets() throws QuicWireException {
    if (kept.isEmpty()) {
      return List.of(); // asked after every datagram: nothing made when nothing waits
    }
    List<QuicPacket> packets = new ArrayList<>(kept.size());
    for (int i = 0; i < kept.size(); ) {
      byte[] packet = kept.get(i);
      PacketSpace space = keptSpaces.get(i);
      if (discarded[space.ordinal()]) {
        kept.remove(i);
        keptSpaces.remove(i);
        packetsDropped++;
      } else if (hasKeys(space)) {
        kept.remove(i);
        keptSpaces.remove(i);
        decodePacket(ByteBuffer.wrap(packet), 0, packet.length, packets, false);
      } else {
        i++;
      }
    }
    return packets;
  }

  /** Decodes the packet at {@code packetStart}; returns where the next one starts. */
  private int decodePacket(
      ByteBuffer buffer, int packetStart, int end, List<QuicPacket> packets, boolean mayKeep)
      throws QuicWireException {
    lastFailureAuthenticated = false;
    parser.parse(buffer, packetStart, end, localId.length(), header);
    if (header.type() == PacketType.RETRY) {
      onRetry(buffer);
      return header.packetEnd();
    }
    PacketSpace space = spaceOf(header.type());
    int packetEnd = header.packetEnd();
    int index = space.ordinal();
    boolean ours =
        localId.matches(buffer, header.dcidOffset(), header.dcidLength())
            || (longHeaderAlias != null
                && header.type().isLongHeader()
                && longHeaderAlias.matches(buffer, header.dcidOffset(), header.dcidLength()));
    if (ours && protections[index] == null) {
      if (mayKeep && !discarded[index] && kept.size() < MAX_KEPT_PACKETS) {
        kept.add(copy(buffer, packetStart, packetEnd));
        keptSpaces.add(space);
      } else {
        packetsDropped++;
      }
    } else if (ours && open(index, header)) {
      lastFailureAuthenticated = true; // from here on an error is the peer's, authenticated
      retryListener = null; // a Retry after the server's first packet is discarded (§17.2.5.2)
      PacketHeader.checkReservedBits(opened.firstByte(), header.type().isLongHeader());
      // Kept packets (mayKeep false) are read after the datagram's: never into reused objects.
      boolean reuse = reused != null && mayKeep;
      List<Frame> frames = reuse ? reused.frameList(packets.size()) : new ArrayList<>(4);
      collector.start(buffer, opened.payloadOffset(), frames, reuse);
      frameDecoder.decode(
          buffer, opened.payloadOffset(), opened.payloadEnd(), header.type(), collector);
      collector.finish(opened.payloadEnd());
      if (peerSourceIdListener != null && header.type().isLongHeader()) {
        Consumer<ConnectionId> listener = peerSourceIdListener;
        peerSourceIdListener = null;
        listener.accept(ConnectionId.copyOf(buffer, header.scidOffset(), header.scidLength()));
      }
      long packetNumber = opened.packetNumber();
      largestReceived[index] = Math.max(largestReceived[index], packetNumber);
      if (keyPhases != null && space == PacketSpace.APPLICATION) {
        for (int i = 0; i < frames.size(); i++) {
          if (frames.get(i) instanceof Frame.Ack ack) {
            keyPhases.onAcknowledged(ack.frame().largestAcknowledged());
          }
        }
      }
      int size = packetEnd - packetStart;
      packets.add(
          reuse
              ? reused.packet(
                  packets.size(), space, packetNumber, opened.packetNumberLength(), frames, size)
              : new QuicPacket(space, packetNumber, opened.packetNumberLength(), frames, size));
    } else {
      packetsDropped++;
      if (ours
          && keyPhases != null
          && space == PacketSpace.APPLICATION
          && keyPhases.integrityLimitReached()) {
        lastFailureAuthenticated = true; // the connection, not the datagram, is at fault now
        throw new QuicWireException(
            TransportErrorCode.AEAD_LIMIT_REACHED,
            keyPhases.authenticationFailures() + " packets failed authentication (RFC 9001 §6.6)");
      }
    }
    return packetEnd;
  }

  /** Opens a packet of space {@code index}: 1-RTT through the key phases when there are any. */
  private boolean open(int index, PacketHeader header) {
    if (keyPhases != null && index == PacketSpace.APPLICATION.ordinal() && keyPhases.hasOpening()) {
      return keyPhases.open(
          header.buffer(),
          header.packetStart(),
          header.packetNumberOffset(),
          header.packetEnd(),
          largestReceived[index],
          opened);
    }
    return protections[index].open(header, largestReceived[index], opened);
  }

  /**
   * A Retry is taken once, by a client that asked for it, for its own id, with a valid tag and a
   * Source Connection ID other than the one it sent to; any other Retry is dropped (§17.2.5.2).
   */
  private void onRetry(ByteBuffer buffer) {
    RetryListener listener = retryListener;
    if (listener == null
        || !localId.matches(buffer, header.dcidOffset(), header.dcidLength())
        || header.tokenLength() == 0
        || retryOriginalId.matches(buffer, header.scidOffset(), header.scidLength())
        || !RetryIntegrity.verify(retryOriginalId, header)) {
      packetsDropped++;
      return;
    }
    retryListener = null;
    listener.onRetry(
        ConnectionId.copyOf(buffer, header.scidOffset(), header.scidLength()), header.token());
  }

  /** Hears the one Retry a client accepts. */
  interface RetryListener {
    void onRetry(ConnectionId retrySourceId, byte[] token);
  }

  /**
   * {@code [start, end)} of {@code source} copied to the start of the receive buffer, which is
   * reused for the next datagram: what a decoded frame borrows from it is valid only while its
   * datagram is processed.
   */
  private ByteBuffer received(ByteBuffer source, int start, int end) {
    int length = end - start;
    if (receiveBuffer.capacity() < length) {
      receiveBuffer = ByteBuffer.allocate(length);
    }
    receiveBuffer.clear();
    receiveBuffer.put(0, source, start, length);
    return receiveBuffer;
  }

  private static byte[] copy(ByteBuffer buffer, int start, int end) {
    byte[] bytes = new byte[end - start];
    buffer.get(start, bytes);
    return bytes;
  }

  private static PacketSpace spaceOf(PacketType type) throws QuicWireException {
    switch (type) {
      case INITIAL:
        return PacketSpace.INITIAL;
      case HANDSHAKE:
        return PacketSpace.HANDSHAKE;
      case ONE_RTT:
        return PacketSpace.APPLICATION;
      default:
        throw new QuicWireException(
            TransportErrorCode.PROTOCOL_VIOLATION, type + " packets are not this stack's");
    }
  }
}

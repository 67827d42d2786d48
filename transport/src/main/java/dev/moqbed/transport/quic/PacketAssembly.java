package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.recovery.AckFrequencyPolicy;
import dev.moqbed.transport.recovery.PacketNumberHoles;
import java.util.ArrayList;
import java.util.List;

/**
 * What goes in the next datagram, in picoquic's order: coalesced Initial and Handshake packets
 * during the handshake, then one 1-RTT packet at a time (ACK, flow-control updates, control frames,
 * then under the window a path MTU probe, connection frames, datagrams and stream data by
 * priority), and the close. Packet sizes and headers are picoquic's; the packets it builds are
 * recorded with {@link LossDetection}.
 */
final class PacketAssembly {
  /** Header of a 1-RTT packet before the packet number: first byte and an 8-byte CID. */
  static final int SHORT_HEADER_BYTES = 1 + 8;

  static final int AEAD_TAG_BYTES = 16;

  /** picoquic pads 1-RTT packets to at least this many bytes. */
  static final int MINIMUM_SHORT_PACKET_BYTES = 55;

  /** Least datagram size of PATH_CHALLENGE, PATH_RESPONSE: the path carries it both ways. */
  static final int PATH_PROBE_DATAGRAM_BYTES = 1200;

  /**
   * Long-header Initial packet overhead, header and tag, as picoquic writes it with an empty token:
   * first byte, version, DCID length and 8 bytes, SCID length and 8 bytes, Token Length 0, a 2-byte
   * Length, a 4-byte packet number (30 bytes), and the 16-byte tag. The reference's 184-byte server
   * Initial is this, its 8-byte ACK and CRYPTO of {@link
   * ModelledHandshake#SERVER_INITIAL_CRYPTO_BYTES}.
   */
  private static final int INITIAL_PACKET_OVERHEAD_BYTES = 46;

  private static final int HANDSHAKE_PACKET_OVERHEAD_BYTES = 45;

  /**
   * picoquic always gives long headers a 4-byte packet number (sender.c,
   * picoquic_create_long_header); it is part of the overheads above.
   */
  private static final int LONG_HEADER_PACKET_NUMBER_BYTES = 4;

  /** The transport error an application close becomes in a long-header packet (RFC 9000 §20.1). */
  private static final long APPLICATION_ERROR = 0x0c;

  private final QuicConnection connection;
  private final Role role;
  private final int initialMtuBytes;
  private final int localNode;
  private final int remoteNode;
  private final int flowId;
  private final PacketNumberSpace[] spaces;
  private final PathState path;
  private final LossDetection loss;
  private final StreamTable streams;
  private final PendingFrames pending;
  private final AckFrequencyRequest ackFrequency;
  private final PacketNumberHoles packetNumberHoles;
  private final ConnectionStats stats;

  /** Whether the packet being built carries a PATH_CHALLENGE or PATH_RESPONSE. */
  private boolean pathFrameInPacket;

  private final OutputRecycling output;
  private final ApplicationData applicationData;

  PacketAssembly(
      QuicConnection connection,
      ConnectionConfig config,
      int localNode,
      int remoteNode,
      PacketNumberSpace[] spaces,
      PathState path,
      LossDetection loss,
      StreamTable streams,
      PendingFrames pending,
      AckFrequencyRequest ackFrequency,
      PacketNumberHoles packetNumberHoles,
      ConnectionStats stats,
      OutputRecycling output) {
    this.connection = connection;
    this.role = config.role();
    this.initialMtuBytes = config.initialMtuBytes();
    this.localNode = localNode;
    this.remoteNode = remoteNode;
    this.flowId = connection.flowId();
    this.spaces = spaces;
    this.path = path;
    this.loss = loss;
    this.streams = streams;
    this.pending = pending;
    this.ackFrequency = ackFrequency;
    this.packetNumberHoles = packetNumberHoles;
    this.stats = stats;
    this.output = output;
    this.applicationData = new ApplicationData(connection, path, streams, pending, output);
  }

  // ---------------------------------------------------------------------------------------------
  // Handshake

  boolean hasHandshakeDataToSend(long nowMicros) {
    for (int i = 0; i < 2; i++) {
      PacketNumberSpace space = spaces[i];
      if (!space.discarded
          && (space.cryptoToSend.hasDataToSend() || handshakeAckDue(space, nowMicros))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Initial and Handshake ACKs are immediate, with one exception: the client never acknowledges the
   * server's Initial, because the Handshake packet it sends at the same time (an ACK of the
   * server's first Handshake packet, or its Finished) makes it drop its Initial keys (RFC 9001
   * §4.9.1). So when the server's flight arrives datagram by datagram, the client answers the first
   * one with a Handshake ACK on its own (53 bytes), as picoquic does on a link without jitter
   * (alone_200's client qlog); datagrams that arrive together are answered together.
   */
  private boolean handshakeAckDue(PacketNumberSpace space, long nowMicros) {
    if (role == Role.CLIENT && space.space == PacketSpace.INITIAL) {
      return false;
    }
    return space.receivedPackets.isAckDue(nowMicros);
  }

  /**
   * A datagram of coalesced Initial and Handshake packets, then 1-RTT control frames if room is
   * left. Not paced, as picoquic's handshake senders never consult pacing; a client datagram
   * carrying an Initial is padded to the initial MTU.
   *
   * @param applicationKeys whether a 1-RTT packet may join the datagram
   * @param ready picoquic's ready state (handshake confirmed, not closing): packet-number holes
   */
  Datagram buildHandshakeDatagram(long nowMicros, boolean applicationKeys, boolean ready) {
    List<QuicPacket> packets = new ArrayList<>(3);
    int room = initialMtuBytes;
    boolean handshakeCryptoSent = false;
    for (int i = 0; i < 2 && room > 0; i++) {
      PacketNumberSpace space = spaces[i];
      if (space.discarded) {
        continue;
      }
      int overhead = i == 0 ? INITIAL_PACKET_OVERHEAD_BYTES : HANDSHAKE_PACKET_OVERHEAD_BYTES;
      List<Frame> frames = new ArrayList<>(2);
      int size = overhead;
      if (handshakeAckDue(space, nowMicros)) {
        AckFrame ack = space.receivedPackets.buildAck(nowMicros);
        if (ack != null) {
          Frame.Ack frame = new Frame.Ack(ack, space.receivedEcnCounts.clone());
          frames.add(frame);
          size += frame.sizeBytes();
        }
      }
      if (space.cryptoToSend.hasDataToSend() && room - size > 8) {
        long firstNewOffset = space.cryptoToSend.nextOffset;
        Frame.Crypto crypto = space.cryptoToSend.take(room - size);
        if (crypto != null) {
          frames.add(crypto);
          size += crypto.sizeBytes();
          handshakeCryptoSent |= i == 1;
          if (frames.size() == 1 && (crypto.offset() < firstNewOffset || role == Role.SERVER)) {
            size += HandshakeTrailingAck.add(space, frames, room - size, nowMicros);
          }
        }
      }
      if (frames.isEmpty()) {
        continue;
      }
      if (i == 0 && role == Role.CLIENT) {
        // The client pads any datagram carrying an Initial to the full initial size.
        int padding = room - size;
        if (padding > 0) {
          frames.add(new Frame.Padding(padding));
          size += padding;
        }
      }
      packets.add(
          new QuicPacket(
              space.space, space.nextPacketNumber, LONG_HEADER_PACKET_NUMBER_BYTES, frames, size));
      room -= size;
    }
    PacketNumberSpace initial = spaces[PacketSpace.INITIAL.ordinal()];
    if (handshakeCryptoSent && role == Role.CLIENT && !initial.discarded) {
      // Sending an ack-eliciting Handshake packet ends the client's Initial context (picoquic's
      // prepare_packet; RFC 9001 §4.9.1); a Handshake ACK alone does not.
      loss.discardSpace(initial, nowMicros);
    }
    if (applicationKeys && room > MINIMUM_SHORT_PACKET_BYTES && !path.mtu().probeInFlight()) {
      // Not control-only: the coalesced 1-RTT packet is window-checked and may carry data, as the
      // model has always built it (only a probe is ruled out).
      QuicPacket shortPacket = buildApplicationPacket(nowMicros, room, false, false, ready);
      if (shortPacket != null) {
        packets.add(shortPacket);
      }
    }
    if (packets.isEmpty()) {
      return null;
    }
    for (QuicPacket packet : packets) {
      if (packet.space() != PacketSpace.APPLICATION) {
        loss.onPacketSent(nowMicros, spaces[packet.space().ordinal()], packet, false);
      }
    }
    return finishDatagram(nowMicros, packets);
  }

  // ---------------------------------------------------------------------------------------------
  // 1-RTT

  /** Something a 1-RTT packet could carry if the window allows it. */
  boolean hasAnythingForApplicationPacket() {
    if (pending.handshakeDoneToSend || pending.newConnectionIdsToSend > 0 || ackFrequency.isDue()) {
      return true;
    }
    if (path.mtu().probeDue()) {
      return true;
    }
    if (!pending.datagrams.isEmpty() || streams.hasFrameToSend()) {
      return true;
    }
    return loss.probeTimeoutPending() || streams.flowControlUpdateDue();
  }

  /** Something that leaves whatever the window: an ACK due, control frames, window updates. */
  boolean hasAckOrControlToSend(long nowMicros) {
    return spaces[PacketSpace.APPLICATION.ordinal()].receivedPackets.isAckDue(nowMicros)
        || !pending.controlFrames.isEmpty()
        || streams.flowControlUpdateDue()
        || streams.anyResetDue();
  }

  /**
   * One 1-RTT packet in its own datagram, if pacing lets one go now; a path MTU probe only if the
   * {@link AmplificationLimit} allows its size.
   */
  Datagram buildApplicationDatagram(
      long nowMicros, boolean ready, AmplificationLimit amplification) {
    if (!path.pacer().canSend(nowMicros)) {
      return null;
    }
    boolean probeFits = amplification.allows(path.mtu().nextProbeBytes());
    QuicPacket packet =
        buildApplicationPacket(nowMicros, path.mtu().mtuBytes(), probeFits, false, ready);
    if (packet == null) {
      return null;
    }
    return finishDatagram(nowMicros, output.single(packet));
  }

  /**
   * One 1-RTT packet of ACK and control frames only, at most {@code room} bytes of them: a
   * PATH_CHALLENGE toward a peer's new address while the {@link AmplificationLimit} allows less
   * than a full datagram there (RFC 9000 §8.2.1 lets it go unpadded then).
   */
  Datagram buildControlDatagram(long nowMicros, int room, boolean ready) {
    QuicPacket packet = buildApplicationPacket(nowMicros, room, false, true, ready);
    return packet == null ? null : finishDatagram(nowMicros, output.single(packet));
  }

  /**
   * Builds one 1-RTT packet in picoquic's order (§6.1 of the transport note): ACK, flow-control
   * updates, queued control frames, then — if the window allows — a path MTU probe if none of those
   * is in the packet (picoquic never adds one to an ACK: {@code length > header_length} in {@code
   * sender.c}), else new connection ids, ACK_FREQUENCY, HANDSHAKE_DONE, datagrams and stream data;
   * last, a pure ACK may get {@link AckOfAckPing}'s PING.
   *
   * @param room the most bytes the packet may take
   * @param mayProbe whether this packet may become a path MTU probe
   * @param controlOnly ACK, control, connection frames only (no window check, no data): a
   *     PATH_CHALLENGE within the amplification limit
   * @param ready picoquic's ready state (packet numbers may be skipped, {@link AckOfAckPing})
   */
  private QuicPacket buildApplicationPacket(
      long nowMicros, int room, boolean mayProbe, boolean controlOnly, boolean ready) {
    PacketNumberSpace space = spaces[PacketSpace.APPLICATION.ordinal()];
    // picoquic checks for a hole first, whether or not a packet then leaves (sender.c).
    if (packetNumberHoles.skip(space.nextPacketNumber, ready, !space.sentPackets.isEmpty())) {
      space.nextPacketNumber++;
      stats.packetNumbersSkipped++;
    }
    int packetNumberBytes = packetNumberLength(space);
    int headerBytes = SHORT_HEADER_BYTES + packetNumberBytes + AEAD_TAG_BYTES;
    int capacity = room - headerBytes;
    List<Frame> frames = output.frameList(); // the sent-packet record keeps it
    int used = 0;
    boolean hasAck = false;
    pathFrameInPacket = false;
    if (space.receivedPackets.isAckDue(nowMicros)) {
      AckFrame ack = space.receivedPackets.buildAck(nowMicros);
      if (ack != null) {
        Frame.Ack frame = new Frame.Ack(ack, space.receivedEcnCounts.clone());
        frames.add(frame);
        used += frame.sizeBytes();
        hasAck = true;
      }
    }
    used += streams.addFlowControlUpdates(frames, capacity - used, path.rtt().minRttMicros());
    used += addControlFrames(frames, capacity - used);
    boolean probe = false;
    int probeSize = 0;
    if (!controlOnly) {
      if (!path.windowAllows(loss.probeTimeoutPending())) {
        path.onCongestionWindowBlocked(nowMicros);
      } else if (mayProbe && frames.isEmpty() && path.mtu().probeDue()) {
        probeSize = path.mtu().nextProbeBytes();
        probe = true;
      } else {
        used += addConnectionFrames(frames, capacity - used);
        int before = used;
        used += applicationData.add(nowMicros, frames, capacity - used);
        boolean dataAdded = used > before;
        if (!dataAdded && pending.datagrams.isEmpty() && !streams.hasData()) {
          path.onApplicationLimited(nowMicros);
        }
      }
    } else {
      used += addConnectionFrames(frames, capacity - used);
    }
    used += HandshakeTrailingAck.behindResend(space, frames, capacity - used, nowMicros, hasAck);
    if (loss.probeTimeoutPending() && (frames.isEmpty() || (hasAck && frames.size() == 1))) {
      frames.add(new Frame.Ping());
      used += 1;
    }
    if (probe) {
      frames.add(new Frame.Ping());
      int padding = probeSize - headerBytes - used - 1;
      frames.add(new Frame.Padding(padding));
      used = probeSize - headerBytes;
      path.mtu().onProbeSent();
    }
    long srtt = path.rtt().smoothedRttMicros();
    used += AckOfAckPing.add(space, frames, capacity - used, hasAck, nowMicros, srtt, ready);
    if (frames.isEmpty()) {
      output.giveBack(frames);
      return null;
    }
    int size = pad(frames, headerBytes + used, room, controlOnly);
    QuicPacket packet =
        output.applicationPacket(space.nextPacketNumber, packetNumberBytes, frames, size);
    loss.onPacketSent(nowMicros, space, packet, probe);
    packetNumberHoles.onPacketSent();
    if (packet.ackEliciting()) {
      loss.onProbeSent();
    }
    return packet;
  }

  /**
   * Pads a 1-RTT packet of {@code size} bytes to picoquic's minimum, and one that carries a path
   * frame so that its datagram reaches {@link #PATH_PROBE_DATAGRAM_BYTES} (to the end of the
   * datagram when it is coalesced behind others). A control-only datagram held below that by the
   * amplification limit goes unpadded, as §8.2.1 allows: padding it would spend the allowance.
   *
   * @return the packet's size with its padding
   */
  private int pad(List<Frame> frames, int size, int room, boolean controlOnly) {
    int target = MINIMUM_SHORT_PACKET_BYTES;
    if (pathFrameInPacket && (!controlOnly || room >= PATH_PROBE_DATAGRAM_BYTES)) {
      target = Math.max(target, Math.min(room, PATH_PROBE_DATAGRAM_BYTES));
    }
    if (size >= target) {
      return size;
    }
    frames.add(new Frame.Padding(target - size));
    return target;
  }

  /** RESET_STREAM frames, then the queued control frames that fit, in order. */
  private int addControlFrames(List<Frame> frames, int capacity) {
    int used = streams.addResetFrames(frames, capacity);
    while (!pending.controlFrames.isEmpty()
        && pending.controlFrames.peekFirst().sizeBytes() <= capacity - used) {
      Frame frame = pending.controlFrames.pollFirst();
      frames.add(frame);
      used += frame.sizeBytes();
      pathFrameInPacket |=
          frame instanceof Frame.PathChallenge || frame instanceof Frame.PathResponse;
    }
    return used;
  }

  /** NEW_CONNECTION_ID, ACK_FREQUENCY and HANDSHAKE_DONE: sent under the window, before data. */
  private int addConnectionFrames(List<Frame> frames, int capacity) {
    int used = 0;
    while (pending.newConnectionIdsToSend > 0 && 28 <= capacity - used) {
      frames.add(new Frame.NewConnectionId(pending.takeNewConnectionId()));
      used += 28;
    }
    if (ackFrequency.isDue()) {
      AckFrequencyPolicy.Update update = ackFrequency.compute();
      if (update.send()) {
        Frame frame =
            new Frame.AckFrequency(update.sequence(), update.gapPackets(), update.delayMicros());
        if (frame.sizeBytes() <= capacity - used) {
          ackFrequency.onFrameSent();
          frames.add(frame);
          used += frame.sizeBytes();
        }
      } else {
        ackFrequency.onNothingToSend();
      }
    }
    if (pending.handshakeDoneToSend && used + 1 <= capacity) {
      pending.handshakeDoneToSend = false;
      frames.add(new Frame.HandshakeDone());
      used += 1;
    }
    return used;
  }

  /**
   * picoquic's packet-number length: 1, 2, then 3 bytes while within 2^18 of the oldest unacked.
   */
  private static int packetNumberLength(PacketNumberSpace space) {
    long next = space.nextPacketNumber;
    if (next < 16) {
      return 1;
    }
    if (next < 1024) {
      return 2;
    }
    long oldest = space.sentPackets.isEmpty() ? next : space.sentPackets.peekFirst().packetNumber;
    return next - oldest < 262_144 ? 3 : 4;
  }

  // ---------------------------------------------------------------------------------------------
  // Close

  /**
   * A close in {@code closeSpace}, neither paced nor window-limited nor recorded as sent: 1-RTT
   * with an ACK first for an application close, as picoquic; or, before this end has 1-RTT keys, a
   * long-header packet of that space, where an application close becomes the transport's
   * APPLICATION_ERROR (RFC 9000 §10.2.3).
   */
  Datagram buildCloseDatagram(
      long nowMicros, long errorCode, boolean application, String reason, PacketSpace closeSpace) {
    if (closeSpace != PacketSpace.APPLICATION) {
      return buildHandshakeCloseDatagram(nowMicros, errorCode, application, reason, closeSpace);
    }
    PacketNumberSpace space = spaces[PacketSpace.APPLICATION.ordinal()];
    List<Frame> frames = new ArrayList<>(2);
    int packetNumberBytes = packetNumberLength(space);
    int size = SHORT_HEADER_BYTES + packetNumberBytes + AEAD_TAG_BYTES;
    if (application) {
      AckFrame ack = space.receivedPackets.buildAck(nowMicros);
      if (ack != null) {
        Frame.Ack frame = new Frame.Ack(ack, space.receivedEcnCounts.clone());
        frames.add(frame);
        size += frame.sizeBytes();
      }
    }
    Frame.ConnectionClose close = Frame.ConnectionClose.withReason(errorCode, application, reason);
    frames.add(close);
    size += close.sizeBytes();
    QuicPacket packet =
        new QuicPacket(
            PacketSpace.APPLICATION, space.nextPacketNumber++, packetNumberBytes, frames, size);
    return finishDatagram(nowMicros, List.of(packet));
  }

  private Datagram buildHandshakeCloseDatagram(
      long nowMicros, long errorCode, boolean application, String reason, PacketSpace closeSpace) {
    PacketNumberSpace space = spaces[closeSpace.ordinal()];
    // an application's reason stays out of packets an attacker can read (RFC 9000 §10.2.3)
    Frame.ConnectionClose close =
        application
            ? new Frame.ConnectionClose(APPLICATION_ERROR, false)
            : Frame.ConnectionClose.withReason(errorCode, false, reason);
    List<Frame> frames = new ArrayList<>(2);
    frames.add(close);
    int overhead =
        closeSpace == PacketSpace.INITIAL
            ? INITIAL_PACKET_OVERHEAD_BYTES
            : HANDSHAKE_PACKET_OVERHEAD_BYTES;
    int size = overhead + close.sizeBytes();
    if (closeSpace == PacketSpace.INITIAL && role == Role.CLIENT && size < initialMtuBytes) {
      frames.add(new Frame.Padding(initialMtuBytes - size)); // a client pads its Initials
      size = initialMtuBytes;
    }
    QuicPacket packet =
        new QuicPacket(
            closeSpace, space.nextPacketNumber++, LONG_HEADER_PACKET_NUMBER_BYTES, frames, size);
    return finishDatagram(nowMicros, List.of(packet));
  }

  private Datagram finishDatagram(long nowMicros, List<QuicPacket> packets) {
    int size = 0;
    for (int i = 0; i < packets.size(); i++) { // indexed: no iterator per datagram
      size += packets.get(i).sizeBytes();
    }
    loss.onDatagramSent(nowMicros);
    path.pacer().onPacketSent(nowMicros, size, path.mtu().mtuBytes());
    stats.onDatagramSent(nowMicros, size);
    stats.onRttEvent(path.rtt().latestRttMicros());
    return output.datagram(localNode, remoteNode, flowId, size, path.outgoingEcn(), packets);
  }
}

package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.EcnMark;
import java.util.ArrayList;
import java.util.List;

/**
 * Packets received before this end could process their space (RFC 9001 §5.7: an endpoint may keep
 * them until the keys arrive), in arrival order. Bounded: a peer cannot fill it.
 */
final class HeldPackets {
  /** At most this many packets wait; later ones are dropped, as the RFC allows. */
  static final int MAX_HELD_PACKETS = 64;

  /** A packet received before its keys, with its datagram's ECN mark. */
  record Held(QuicPacket packet, EcnMark ecn) {}

  private final List<Held> held = new ArrayList<>(2);

  /** Keeps {@code packet} for later, or drops it when the table is full. */
  void hold(QuicPacket packet, EcnMark ecn) {
    if (held.size() < MAX_HELD_PACKETS) {
      held.add(new Held(withOwnBytes(packet), ecn));
    }
  }

  /**
   * A copy of the packet with a frame list of its own, its STREAM and DATAGRAM frames owning their
   * bytes and its ACK frames copied: a codec that reuses what it decodes refills the packet, its
   * list and those frames, and overwrites the receive buffer the frames borrowed from, with the
   * next datagram.
   */
  private static QuicPacket withOwnBytes(QuicPacket packet) {
    List<Frame> copies = new ArrayList<>(packet.frames());
    for (int i = 0; i < copies.size(); i++) {
      if (copies.get(i) instanceof Frame.Stream stream) {
        copies.set(i, stream.withOwnBytes());
      } else if (copies.get(i) instanceof Frame.Datagram datagram
          && datagram.payload() instanceof DatagramPayload.Bytes bytes) {
        copies.set(i, new Frame.Datagram(DatagramPayload.of(bytes.bytes().toArray())));
      } else if (copies.get(i) instanceof Frame.Ack ack) {
        long[] ecn = ack.ecnCounts();
        copies.set(i, new Frame.Ack(ack.frame().copy(), ecn == null ? null : ecn.clone()));
      }
    }
    return new QuicPacket(
        packet.space(),
        packet.packetNumber(),
        packet.packetNumberLength(),
        copies,
        packet.sizeBytes());
  }

  /** The held packets {@code handshake} can now process, in arrival order; null when none. */
  List<Held> release(CryptoHandshake handshake) {
    if (held.isEmpty()) {
      return null;
    }
    List<Held> released = null;
    for (int i = 0; i < held.size(); ) {
      Held packet = held.get(i);
      PacketSpace space = packet.packet().space();
      if (handshake.canProcess(space)) {
        if (released == null) {
          released = new ArrayList<>(held.size());
        }
        released.add(packet);
        held.remove(i);
      } else {
        i++;
      }
    }
    return released;
  }
}

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
   * The packet, or a copy whose STREAM frames own their bytes when some were borrowed from the
   * receive buffer, which the next datagram overwrites.
   */
  private static QuicPacket withOwnBytes(QuicPacket packet) {
    List<Frame> frames = packet.frames();
    List<Frame> copies = null;
    for (int i = 0; i < frames.size(); i++) {
      if (frames.get(i) instanceof Frame.Stream stream && stream.borrowed()) {
        if (copies == null) {
          copies = new ArrayList<>(frames);
        }
        copies.set(i, stream.withOwnBytes());
      }
    }
    if (copies == null) {
      return packet;
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

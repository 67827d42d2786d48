package dev.moqbed.transport.codec;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import java.util.ArrayList;
import java.util.List;

/**
 * The objects a decoder refills for every datagram instead of making new ones: the datagram's
 * packet list, and per packet of it a {@link QuicPacket} and its frame list. For a host that hands
 * each decoded datagram to its connection before it decodes the next (the UDP driver): the
 * connection copies a packet it holds for later ({@code HeldPackets}), and nothing else of the
 * stack keeps a received packet or frame list. A simulated network carries datagrams by reference
 * and is never given these.
 */
final class ReusedPackets {
  private final List<QuicPacket> packets = new ArrayList<>(2);
  private final List<QuicPacket> packetPool = new ArrayList<>(2);
  private final List<List<Frame>> framePool = new ArrayList<>(2);

  /** The datagram's packet list, emptied. */
  List<QuicPacket> startDatagram() {
    packets.clear();
    return packets;
  }

  /** The frame list of the datagram's {@code index}th packet, emptied. */
  List<Frame> frameList(int index) {
    if (index == framePool.size()) {
      framePool.add(new ArrayList<>(4));
    }
    List<Frame> frames = framePool.get(index);
    frames.clear();
    return frames;
  }

  /** The datagram's {@code index}th packet, refilled. */
  QuicPacket packet(
      int index,
      PacketSpace space,
      long packetNumber,
      int packetNumberLength,
      List<Frame> frames,
      int sizeBytes) {
    if (index == packetPool.size()) {
      QuicPacket packet =
          new QuicPacket(space, packetNumber, packetNumberLength, frames, sizeBytes);
      packetPool.add(packet);
      return packet;
    }
    QuicPacket packet = packetPool.get(index);
    packet.refillReceived(space, packetNumber, packetNumberLength, frames, sizeBytes);
    return packet;
  }
}

package dev.moqbed.quicperf;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import java.util.List;

/** What the ACK_FREQUENCY tests look at in the datagrams a connection pair carries. */
final class ApplicationPackets {
  private ApplicationPackets() {}

  /**
   * Adds the datagram's 1-RTT packets to {@code into}; false, so that a pair's drop filter built on
   * it drops nothing.
   */
  static boolean record(Datagram datagram, List<QuicPacket> into) {
    for (QuicPacket packet : QuicPackets.in(datagram)) {
      if (packet.space() == PacketSpace.APPLICATION) {
        into.add(packet);
      }
    }
    return false;
  }

  /** Whether the packet carries a frame of this type. */
  static boolean has(QuicPacket packet, Class<? extends Frame> type) {
    return packet.frames().stream().anyMatch(type::isInstance);
  }
}

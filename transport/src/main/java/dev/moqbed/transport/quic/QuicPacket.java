package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import java.util.List;

/**
 * One QUIC packet: its space, number, frames and size on the wire (header, frames and AEAD tag). A
 * datagram carries one or, during the handshake, several coalesced packets.
 */
public record QuicPacket(PacketSpace space, long packetNumber, List<Frame> frames, int sizeBytes) {

  public boolean ackEliciting() {
    for (Frame frame : frames) {
      if (frame.ackEliciting()) {
        return true;
      }
    }
    return false;
  }
}

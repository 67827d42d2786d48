package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import java.util.List;

/**
 * One QUIC packet: its space, number, frames and size on the wire (header, frames and AEAD tag). A
 * datagram carries one or, during the handshake, several coalesced packets.
 */
public final class QuicPacket {
  private final PacketSpace space;
  private final long packetNumber;
  private final List<Frame> frames;
  private final int sizeBytes;
  private final boolean ackEliciting;

  public QuicPacket(PacketSpace space, long packetNumber, List<Frame> frames, int sizeBytes) {
    this.space = space;
    this.packetNumber = packetNumber;
    this.frames = frames;
    this.sizeBytes = sizeBytes;
    boolean eliciting = false;
    for (Frame frame : frames) {
      eliciting |= frame.ackEliciting();
    }
    this.ackEliciting = eliciting;
  }

  public PacketSpace space() {
    return space;
  }

  public long packetNumber() {
    return packetNumber;
  }

  public List<Frame> frames() {
    return frames;
  }

  public int sizeBytes() {
    return sizeBytes;
  }

  /** Whether the packet must be acknowledged (it holds a frame other than ACK or PADDING). */
  public boolean ackEliciting() {
    return ackEliciting;
  }
}

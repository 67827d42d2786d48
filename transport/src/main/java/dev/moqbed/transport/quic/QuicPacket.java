package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import java.util.List;

/**
 * One QUIC packet: its space, number, frames and size on the wire (header, frames and AEAD tag). A
 * datagram carries one or, during the handshake, several coalesced packets.
 *
 * <p>It also records how many bytes the header gives the packet number, because that choice is the
 * sender's state (picoquic: the distance to the oldest unacknowledged packet), not a property of
 * the number: the packet codec ({@code dev.moqbed.transport.codec}) writes exactly that length, so
 * the encoded header has the size the stack counted.
 */
public final class QuicPacket {
  private PacketSpace space;
  private long packetNumber;
  private int packetNumberLength;
  private List<Frame> frames;
  private int sizeBytes;
  private boolean ackEliciting;

  /**
   * @param packetNumberLength bytes of the truncated packet number in the header, 1 to 4 (RFC 9000
   *     §17.1)
   */
  public QuicPacket(
      PacketSpace space,
      long packetNumber,
      int packetNumberLength,
      List<Frame> frames,
      int sizeBytes) {
    refill(space, packetNumber, packetNumberLength, frames, sizeBytes);
  }

  /**
   * Makes this the next packet decoded, for a codec that reuses what it decodes: the packet was
   * processed before the next datagram is decoded into it (see {@code codec.ReusedPackets}).
   */
  public void refillReceived(
      PacketSpace space,
      long packetNumber,
      int packetNumberLength,
      List<Frame> frames,
      int sizeBytes) {
    refill(space, packetNumber, packetNumberLength, frames, sizeBytes);
  }

  /**
   * Makes this the next packet sent, for {@link OutputRecycling} only: a live connection's driver
   * encodes each packet before the next is built; packets a simulation carries never change.
   */
  void refill(
      PacketSpace space,
      long packetNumber,
      int packetNumberLength,
      List<Frame> frames,
      int sizeBytes) {
    if (packetNumberLength < 1 || packetNumberLength > 4) {
      throw new IllegalArgumentException("packet number length " + packetNumberLength);
    }
    this.space = space;
    this.packetNumber = packetNumber;
    this.packetNumberLength = packetNumberLength;
    this.frames = frames;
    this.sizeBytes = sizeBytes;
    boolean eliciting = false;
    for (int i = 0; i < frames.size(); i++) { // indexed: no iterator per packet
      eliciting |= frames.get(i).ackEliciting();
    }
    this.ackEliciting = eliciting;
  }

  public PacketSpace space() {
    return space;
  }

  public long packetNumber() {
    return packetNumber;
  }

  /** Bytes of the packet number in the header: 4 in long headers, 1 to 4 in short ones. */
  public int packetNumberLength() {
    return packetNumberLength;
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

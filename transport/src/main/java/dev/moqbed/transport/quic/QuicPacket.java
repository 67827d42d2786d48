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

  /**
   * The bytes this packet puts in flight, counts as delivered and reports to the controller.
   *
   * <p>With picoquic's accounting, a client's Initial leaves out its trailing PADDING: picoquic
   * pads a client datagram that carries an Initial with zeros after its coalesced packets ({@code
   * sender.c}, {@code picoquic_prepare_next_packet_ex}, up to {@code
   * PICOQUIC_ENFORCED_INITIAL_MTU}), so that padding belongs to no packet and never enters {@code
   * bytes_in_transit}, {@code delivered} or a controller's count. The model carries it as the
   * Initial's last frame. For a BBR client, counting it made the first delivery-rate sample four
   * times picoquic's (1,236 B instead of 314 B over the first RTT), and so its pacing rate, and the
   * client sent its path MTU probe before its first ACK where picoquic sends it after. RFC 9002
   * counts the whole packet ({@code sent_bytes}, §A.1.1).
   *
   * @param picoquic whether picoquic's accounting applies
   */
  public int countedBytes(boolean picoquic) {
    if (!picoquic || space != PacketSpace.INITIAL || frames.isEmpty()) {
      return sizeBytes;
    }
    return frames.get(frames.size() - 1) instanceof Frame.Padding padding
        ? sizeBytes - padding.length()
        : sizeBytes;
  }

  /** Whether the packet must be acknowledged (it holds a frame other than ACK or PADDING). */
  public boolean ackEliciting() {
    return ackEliciting;
  }
}

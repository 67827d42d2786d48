package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.DeliverySnapshot;
import java.util.List;

/**
 * What the sender remembers of a packet until it is acknowledged or given up: its frames (to resend
 * what was lost), its size (for bytes in flight) and the delivery-rate snapshot taken when it left.
 *
 * <p>Records are reused through the connection's {@link SentPacketPool}, so the fields are set by
 * {@link #fill} rather than a constructor; a record belongs to its space's lists from {@code fill}
 * until the pool takes it back, and nothing keeps one after that.
 */
final class SentPacket {
  PacketSpace space;
  long packetNumber;
  long sentMicros;
  int sizeBytes;
  boolean ackEliciting;
  boolean mtuProbe;

  /** The packet's frames: the same list the sent {@link QuicPacket} holds, never changed here. */
  List<Frame> frames;

  /** Filled by the delivery-rate sampler when the packet leaves (it sets every field). */
  final DeliverySnapshot snapshot = new DeliverySnapshot();

  /**
   * The 1-RTT header's bytes before the frames (picoquic's {@code packet->offset}): where its lost
   * stream data sat in it orders the resends ({@link StreamRepeats}).
   */
  int headerBytes;

  /** Still counted in bytes in flight. */
  boolean inFlight;

  /** Given back to the pool (set on release, cleared when taken again). */
  boolean pooled;

  /** The next free record while this one is in the pool. */
  SentPacket nextFree;

  SentPacket fill(
      PacketSpace space,
      long packetNumber,
      long sentMicros,
      int sizeBytes,
      boolean ackEliciting,
      boolean mtuProbe,
      List<Frame> frames) {
    this.space = space;
    this.packetNumber = packetNumber;
    this.sentMicros = sentMicros;
    this.sizeBytes = sizeBytes;
    this.ackEliciting = ackEliciting;
    this.mtuProbe = mtuProbe;
    this.frames = frames;
    this.inFlight = true;
    return this;
  }

  /**
   * The packet's length before protection, without its AEAD tag: picoquic's {@code packet->length},
   * which is what its congestion accounting counts as delivered, acknowledged or lost ({@code
   * frames.c}: {@code delivered += p->length}, {@code data_acked += acked_packet->length}; {@code
   * loss_recovery.c}: {@code total_bytes_lost += old_p->length}). Bytes in flight, pacing and the
   * MTU count the whole datagram ({@code length + checksum_overhead}). So picoquic's delivery rate
   * reads 1,424/1,440 of the wire rate on full packets.
   */
  int unprotectedBytes() {
    return sizeBytes - PacketAssembly.AEAD_TAG_BYTES;
  }
}

package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import java.util.List;

/**
 * What the sender remembers of a packet until it is acknowledged or given up: its frames (to resend
 * what was lost), its size (for bytes in flight) and the transport's snapshot for delivery-rate
 * samples.
 */
final class SentPacket {
  final PacketSpace space;
  final long packetNumber;
  final long sentMicros;
  final int sizeBytes;
  final boolean ackEliciting;
  final boolean mtuProbe;
  final List<Frame> frames;

  /** Delivery-rate snapshot taken at send time (delivered, times, in flight, flags). */
  final long deliveredAtSend;

  final long deliveredTimeAtSend;
  final long deliveredSentTimeAtSend;
  final long lostAtSend;
  final long bytesInFlightBefore;
  final boolean applicationLimited;
  final boolean congestionWindowLimited;

  /** Still counted in bytes in flight. */
  boolean inFlight = true;

  /** Declared lost (kept for spurious-loss detection until it ages out). */
  boolean declaredLost;

  SentPacket(
      PacketSpace space,
      long packetNumber,
      long sentMicros,
      int sizeBytes,
      boolean ackEliciting,
      boolean mtuProbe,
      List<Frame> frames,
      long deliveredAtSend,
      long deliveredTimeAtSend,
      long deliveredSentTimeAtSend,
      long lostAtSend,
      long bytesInFlightBefore,
      boolean applicationLimited,
      boolean congestionWindowLimited) {
    this.space = space;
    this.packetNumber = packetNumber;
    this.sentMicros = sentMicros;
    this.sizeBytes = sizeBytes;
    this.ackEliciting = ackEliciting;
    this.mtuProbe = mtuProbe;
    this.frames = frames;
    this.deliveredAtSend = deliveredAtSend;
    this.deliveredTimeAtSend = deliveredTimeAtSend;
    this.deliveredSentTimeAtSend = deliveredSentTimeAtSend;
    this.lostAtSend = lostAtSend;
    this.bytesInFlightBefore = bytesInFlightBefore;
    this.applicationLimited = applicationLimited;
    this.congestionWindowLimited = congestionWindowLimited;
  }
}

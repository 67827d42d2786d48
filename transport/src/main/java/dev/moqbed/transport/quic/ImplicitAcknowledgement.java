package dev.moqbed.transport.quic;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.DeliveryRateSampler;

/**
 * A packet of a closed Initial or Handshake context that was sent before the initial timer (start +
 * 250 ms) counts as delivered, and picoquic tells the controller so, one acknowledgement per packet
 * ({@code picoquic_implicit_handshake_ack}, sender.c): its bytes acknowledged, the path's latest
 * RTT sample, the bytes delivered since it was sent, application-limited, in its own packet space.
 *
 * <p>It matters to BBR: on the server, the client's first Handshake packet ends the Initial context
 * right after its ACK frame, and this second notification starts a round of its own (no 1-RTT
 * packet is acknowledged yet, so every handshake notification does), so picoquic's Startup counts
 * one round more than a transport that only moves the bytes. C4 ignores notifications outside the
 * application space. The notification comes before the packet leaves the flight, as in picoquic.
 */
final class ImplicitAcknowledgement {
  private final PathState path;
  private final boolean notifyController;
  private final AckSample sample = new AckSample();

  /**
   * @param notifyController whether the controller hears of it (picoquic's recovery with {@link
   *     ConnectionConfig#implicitAckNotified()}); otherwise a discarded packet only leaves the
   *     flight (RFC 9002 §6.4)
   */
  ImplicitAcknowledgement(PathState path, boolean notifyController) {
    this.path = path;
    this.notifyController = notifyController;
  }

  /** The packet's context was closed while it was in flight, and it was sent in time. */
  void onDiscarded(PacketSpace space, SentPacket packet, long nowMicros) {
    int bytes = packet.unprotectedBytes();
    DeliveryRateSampler sampler = path.sampler();
    sampler.onImplicitlyAcknowledged(bytes);
    if (!notifyController) {
      return;
    }
    long deliveredSinceSent = sampler.deliveredSince(packet.snapshot);
    sample
        .acknowledged(
            bytes,
            packet.packetNumber,
            packet.sentMicros,
            path.rtt().latestRttMicros(),
            path.bytesInFlight())
        .delivery(0, deliveredSinceSent, 0, 0, 0, true, false)
        .packetSpace(space);
    path.controller().onAck(nowMicros, sample);
    path.onControllerAck();
    path.updatePacing();
  }
}

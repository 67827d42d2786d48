package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;

/**
 * Told each time the connection declares a packet lost, before the controller hears of it, for logs
 * such as qlog's {@code recovery:packet_lost}. Called on the hot path of loss detection:
 * implementations must only record, never change the connection.
 */
@FunctionalInterface
public interface PacketLossListener {
  /** What made the packet count as lost, in qlog's terms. */
  enum Reason {
    /** Enough newer packets were acknowledged (packet threshold). */
    REORDERING_THRESHOLD,
    /** Its time threshold passed after a newer packet was acknowledged. */
    TIME_THRESHOLD,
    /** The probe timer fired and declared it lost (picoquic's timeout). */
    PTO_EXPIRED
  }

  /**
   * @param sizeBytes the packet's size on the wire
   */
  void onPacketLost(
      long nowMicros, PacketSpace space, long packetNumber, int sizeBytes, Reason reason);

  /**
   * A packet that elicited no ACK (ACK and PADDING only) was dropped when the retransmit timer
   * expired. The controller hears a timeout, but nothing is resent, so picoquic neither logs it
   * ({@code picoquic_count_and_notify_loss} with mode 2) nor counts it as a retransmission, and
   * neither does {@code ConnectionStats.packetsLost}. By default it is reported as a loss on the
   * probe timer; a log that follows picoquic's (qlog) leaves it out.
   */
  default void onNonElicitingDropped(
      long nowMicros, PacketSpace space, long packetNumber, int sizeBytes) {
    onPacketLost(nowMicros, space, packetNumber, sizeBytes, Reason.PTO_EXPIRED);
  }

  /**
   * A packet declared lost before was acknowledged after all (a spurious loss: what picoquic's
   * controllers undo a reduction on). Nothing by default.
   */
  default void onSpuriousLoss(long nowMicros, PacketSpace space, long packetNumber) {}
}

package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.AckFlavor;
import java.util.List;

/**
 * The PING picoquic bundles with an ACK to get its own ACKs acknowledged ({@code
 * picoquic_prepare_packet_ready}, sender.c f00feeb7, "If we have sent many ACKs, add a PING to get
 * an ack of ack"). An endpoint that only sends ACKs, such as the client of a download, gets no ACK
 * back unless the peer's own ack-of-ack rule fires ({@code AckTracker}), so picoquic makes one of
 * its ACK packets ack-eliciting when
 *
 * <ul>
 *   <li>the packet carries an ACK and nothing ack-eliciting (a pure ACK),
 *   <li>its number is more than 24 past the largest number the peer's ACK frames named,
 *   <li>that number rose more than one smoothed RTT ago, and
 *   <li>no ack-eliciting packet was sent since it rose ({@code ack_of_ack_requested}: set by every
 *       packet that is not a pure ACK, and by this PING; cleared when the number rises).
 * </ul>
 *
 * <p>The number is picoquic's {@code highest_acknowledged}: the largest an ACK frame named, whether
 * or not that packet is still tracked ({@link PacketNumberSpace#highestNamedInAck}). moqbed, as
 * picoquic, stops tracking its own ACK-only packets once their timer expires unacknowledged, so the
 * largest tracked packet acknowledged lags behind; an earlier port that used it sent PINGs where
 * picoquic's rule does not hold (docs/results/wifi-2026-12-07.md §6). picoquic does this in its
 * ready state only, on the application space. The PING makes the packet one byte longer and makes
 * the peer acknowledge it after its ACK delay: on a shared bottleneck that ACK is a 55-byte packet
 * in the data's queue, which shifts every later packet by its transmission time (44 µs at 10
 * Mbit/s; docs/results/vs-bbr-lg2-2026-12-07.md). With {@link AckFlavor#RFC9000} nothing is added
 * (RFC 9000 §13.2.4 leaves it to the endpoint).
 */
final class AckOfAckPing {
  /** picoquic's {@code ack_repeat_interval}: packets sent past the highest number named. */
  static final int ACK_REPEAT_INTERVAL = 24;

  private AckOfAckPing() {}

  /**
   * Updates the space's request flag for a packet about to leave with {@code frames} and adds the
   * PING if picoquic would. The packet will carry the space's next packet number.
   *
   * @param room bytes left in the packet after its frames
   * @param hasAck the packet carries an ACK of this space
   * @param smoothedRttMicros the path's smoothed RTT
   * @param ready picoquic's ready state
   * @return the bytes added: 1 for the PING, else 0
   */
  static int add(
      PacketNumberSpace space,
      List<Frame> frames,
      int room,
      boolean hasAck,
      long nowMicros,
      long smoothedRttMicros,
      boolean ready) {
    if (!ready || frames.isEmpty() || space.receivedPackets.flavor() != AckFlavor.PICOQUIC) {
      return 0;
    }
    for (int i = 0; i < frames.size() && !space.ackOfAckRequested; i++) {
      space.ackOfAckRequested = frames.get(i).ackEliciting();
    }
    if (space.ackOfAckRequested
        || !hasAck
        || room < 1
        || space.highestNamedInAck + ACK_REPEAT_INTERVAL >= space.nextPacketNumber
        || space.highestNamedInAckMicros + smoothedRttMicros >= nowMicros) {
      return 0;
    }
    frames.add(new Frame.Ping());
    space.ackOfAckRequested = true;
    return 1;
  }
}

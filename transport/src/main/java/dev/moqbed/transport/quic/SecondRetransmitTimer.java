package dev.moqbed.transport.quic;

/**
 * picoquic's second retransmit timer ({@code picoquic_is_packet_probably_lost}, {@code
 * loss_recovery.c}, the branch taken when the path has no retransmission pending): the oldest
 * packet of the retransmit queue is due once its send time plus twice the current retransmit timer
 * has passed, provided that moment is before the last packet's send time. A sender that keeps
 * sending into a link that delivers nothing (a Wi-Fi suspension, a black hole) therefore loses its
 * old packets about two timers after they left, where the first timer (last packet sent + one
 * timer) keeps moving with each new packet. An ack-eliciting packet is then a timer loss (the probe
 * timeout's branch), any other one a plain ("repeat") loss.
 */
final class SecondRetransmitTimer {
  private SecondRetransmitTimer() {}

  /**
   * When the oldest 1-RTT packet is due, {@link Long#MAX_VALUE} if never: nothing in the queue, a
   * retransmission pending, or the deadline not before the last packet sent.
   */
  static long deadlineMicros(
      PacketNumberSpace application,
      boolean retransmissionPending,
      long retransmitTimerMicros,
      long lastPacketSentMicros) {
    if (retransmissionPending || application.discarded || application.sentPackets.isEmpty()) {
      return Long.MAX_VALUE;
    }
    long deadline = application.sentPackets.peekFirst().sentMicros + 2 * retransmitTimerMicros;
    return deadline < lastPacketSentMicros ? deadline : Long.MAX_VALUE;
  }
}

package dev.moqbed.transport.quic;

/**
 * picoquic's lost-feedback timer ({@code picoquic_check_cc_feedback_timer}, sender.c), for the
 * controllers that ask for it (C4): when no ACK has come for two of the ACK delays this end asked
 * for past the oldest 1-RTT packet still in flight, the connection wakes, tells the controller once
 * (C4 does nothing with it), and waits for the next ACK before arming again.
 *
 * <p>The wake-up is a packet-preparation pass, and every such pass refills the pacer's bucket up to
 * its maximum of the moment. Before C4 first sets its rate that maximum is 16 ns, so a wake just
 * before the first 1-RTT ACK leaves the pacer nearly empty when the rate arrives: picoquic's client
 * then waits one packet time (9.3 ms on {@code alone_1_5M}) and sends its ACK_FREQUENCY together
 * with its first ACK, where moqbed's, without the wake, found a full bucket and sent it alone
 * (docs/results/v4-master-2026-12-07.md).
 */
final class LostFeedbackTimer {
  private final TimerTable timers;
  private final PathState path;
  private final PacketNumberSpace application;
  private final AckFrequencyRequest ackFrequency;
  private final long startMicros;

  LostFeedbackTimer(
      TimerTable timers,
      PathState path,
      PacketNumberSpace application,
      AckFrequencyRequest ackFrequency,
      long startMicros) {
    this.timers = timers;
    this.path = path;
    this.application = application;
    this.ackFrequency = ackFrequency;
    this.startMicros = startMicros;
  }

  /**
   * After a pass that sent nothing: a deadline already reached is the notification (no wake-up); a
   * later one arms the wake-up. picoquic's deadline is the time of the last new largest
   * acknowledgment (the connection's start before any), plus how much later than the newest
   * acknowledged data the oldest packet in flight was sent, plus twice the ACK delay last asked of
   * the peer (25 ms before any ACK_FREQUENCY).
   */
  void arm(long nowMicros) {
    timers.stop(ConnectionTimer.LOST_FEEDBACK);
    if (path.lostFeedbackNotified() || !path.controller().wantsLostFeedbackWake()) {
      return;
    }
    SentPacket oldest = application.sentPackets.peekFirst();
    if (oldest == null) {
      return;
    }
    long sentAfterAckedData = Math.max(0, oldest.sentMicros - path.lastAckedDataSentMicros());
    long lastNewAckMicros =
        application.largestAcked >= 0 ? application.largestAckedReceivedMicros : startMicros;
    long deadline = lastNewAckMicros + sentAfterAckedData + 2 * ackFrequency.sentDelayMicros();
    if (deadline <= nowMicros) {
      path.onLostFeedbackNotified();
    } else {
      timers.set(ConnectionTimer.LOST_FEEDBACK, deadline);
    }
  }
}

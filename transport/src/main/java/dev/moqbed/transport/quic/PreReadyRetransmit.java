package dev.moqbed.transport.quic;

import dev.moqbed.cc.LossTrigger;
import dev.moqbed.cc.PacketSpace;

/**
 * picoquic's retransmissions before the ready state ({@code picoquic_retransmit_needed_packet},
 * {@code loss_recovery.c} of f00feeb7: "We do not follow the PTO logic before the connection is
 * complete"). There is no probe timeout there: each packet-number context has its own timer, the
 * last packet still in its queue plus the current retransmit timer, and when it expires the oldest
 * packet of the context is declared lost ("timer") and its frames go out again in the next packet.
 * A packet with nothing to send again (ACK only) is declared lost the same way and the next one is
 * looked at, whose timer has expired too. The resent packet becomes the context's last, so one
 * packet per context goes per expiry. No probe bypasses the window, and the controller hears
 * nothing: picoquic tells it of losses only in the ready state ({@code
 * picoquic_count_and_notify_loss}).
 *
 * <p>A client that repeats its Initial (the server's flight was lost) makes the server declare the
 * oldest packets of its Initial context lost ("repeat", {@code initial_repeat_needed}) up to the
 * first one with something to resend, or of its Handshake context when nothing is left in the
 * Initial one; then the flag clears.
 *
 * <p>The contexts looked at are picoquic's sender's before ready: Initial and Handshake, and the
 * 1-RTT one only at the client ({@code picoquic_prepare_packet_almost_ready}: "There should not be
 * any retransmission at the server if not ready").
 */
final class PreReadyRetransmit {
  private final LossDetection loss;
  private final PacketNumberSpace[] spaces;
  private final boolean client;

  /** picoquic's {@code initial_repeat_needed}. */
  private boolean initialRepeatNeeded;

  /** picoquic's {@code last_loss_event_detected}, 0 before the first timer loss. */
  private long lastLossEventMicros;

  PreReadyRetransmit(LossDetection loss, PacketNumberSpace[] spaces, boolean client) {
    this.loss = loss;
    this.spaces = spaces;
    this.client = client;
  }

  /**
   * The client repeated its Initial (no new CRYPTO data in it): while this server's Initial context
   * still holds packets, they are repeated at the next send.
   */
  void onInitialRepeated() {
    PacketNumberSpace initial = spaces[PacketSpace.INITIAL.ordinal()];
    if (!initial.discarded && !initial.sentPackets.isEmpty()) {
      initialRepeatNeeded = true;
    }
  }

  /** A send opportunity before ready: the repeat asked for, then each context's timer. */
  void onSendOpportunity(long nowMicros) {
    for (PacketNumberSpace space : spaces) {
      if (!checked(space)) {
        continue;
      }
      if (initialRepeatNeeded && space.space != PacketSpace.APPLICATION) {
        initialRepeatNeeded = !repeatOldest(nowMicros, space);
      }
      expireTimer(nowMicros, space);
    }
  }

  /** When {@link #onSendOpportunity} next has something to do, {@link Long#MAX_VALUE} if never. */
  long deadlineMicros() {
    if (initialRepeatNeeded) {
      return 0;
    }
    long deadline = Long.MAX_VALUE;
    for (PacketNumberSpace space : spaces) {
      if (checked(space) && !space.sentPackets.isEmpty()) {
        deadline = Math.min(deadline, timerMicros(space));
      }
    }
    return deadline;
  }

  private boolean checked(PacketNumberSpace space) {
    return !space.discarded && (client || space.space != PacketSpace.APPLICATION);
  }

  /** Declares the oldest packets lost up to one with frames to resend; whether one had some. */
  private boolean repeatOldest(long nowMicros, PacketNumberSpace space) {
    while (!space.sentPackets.isEmpty()) {
      if (declareLost(nowMicros, space, space.sentPackets.pollFirst(), false)) {
        return true;
      }
    }
    return false;
  }

  private void expireTimer(long nowMicros, PacketNumberSpace space) {
    while (!space.sentPackets.isEmpty() && nowMicros >= timerMicros(space)) {
      SentPacket oldest = space.sentPackets.peekFirst();
      if (!expiredByTimer(nowMicros, space, oldest)) {
        // picoquic's second timer on an ACK-only packet: a plain ("repeat") loss.
        declareLost(nowMicros, space, space.sentPackets.pollFirst(), false);
        continue;
      }
      if ((oldest.packetNumber > space.largestAcked && oldest.sentMicros > lastLossEventMicros)
          || lastLossEventMicros == 0) {
        loss.onPreReadyRetransmit();
        lastLossEventMicros = nowMicros;
      }
      if (declareLost(nowMicros, space, space.sentPackets.pollFirst(), true)) {
        return; // sent again: it becomes the context's last packet, and its timer starts over
      }
    }
  }

  /**
   * The context's timer ({@code picoquic_is_packet_probably_lost}): its last packet + the current
   * retransmit timer, or, before any retransmission, the oldest packet + twice that timer when this
   * comes before the last packet was sent.
   */
  private long timerMicros(PacketNumberSpace space) {
    long timer = loss.currentProbeTimeoutMicros();
    long lastSentMicros = space.sentPackets.peekLast().sentMicros;
    long deadline = lastSentMicros + timer;
    if (loss.noRetransmitSinceAck()) {
      long second = space.sentPackets.peekFirst().sentMicros + 2 * timer;
      if (second < lastSentMicros) {
        deadline = Math.min(deadline, second);
      }
    }
    return deadline;
  }

  /** Declares a packet taken from its space lost; returns whether it had frames to send again. */
  private boolean declareLost(
      long nowMicros, PacketNumberSpace space, SentPacket packet, boolean timer) {
    boolean repeats = LostFrames.anySentAgain(packet.frames);
    // picoquic_prepare_packet_old_context puts an ACK behind the frames it resends.
    space.ackBehindResend |= repeats && space.space == PacketSpace.APPLICATION;
    loss.declareLost(
        nowMicros,
        space,
        packet,
        timer ? LossTrigger.TIMER : LossTrigger.ACK_THRESHOLD,
        timer ? PacketLossListener.Reason.PTO_EXPIRED : PacketLossListener.Reason.TIME_THRESHOLD);
    return repeats;
  }

  /** Whether the oldest packet is due on the first timer, or ack-eliciting on the second. */
  private boolean expiredByTimer(long nowMicros, PacketNumberSpace space, SentPacket oldest) {
    return oldest.ackEliciting
        || nowMicros >= space.sentPackets.peekLast().sentMicros + loss.currentProbeTimeoutMicros();
  }
}

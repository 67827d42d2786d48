package dev.moqbed.transport.quic;

/**
 * The deadlines a connection waits for, one entry each in its {@link TimerTable}. The host's next
 * wake-up is the earliest of them.
 */
enum ConnectionTimer {
  /** A packet below the largest acknowledged reaches its time threshold (loss by time). */
  LOSS_DETECTION,
  /** The probe timeout: no ACK came back for the ack-eliciting packets in flight. */
  PROBE_TIMEOUT,
  /** Nothing received for the idle timeout: the connection closes silently. */
  IDLE,
  /** The pacer refused a packet: when it has credit for one again. */
  PACING,
  /** Something can leave now: an ACK or control frame, data under an open window, a close. */
  SEND,
  /** The receiver's ACK delay ends: the next 1-RTT packet then carries an ACK. */
  ACK_DELAY,
  /**
   * C4's lost-feedback wake-up: no ACK for two requested ACK delays ({@link LostFeedbackTimer}).
   */
  LOST_FEEDBACK,
  /** The closing end gives up waiting for the peer's answer (three probe timeouts). */
  CLOSE,
  /**
   * A server validating a peer's new address: when a PATH_CHALLENGE fits the amplification limit,
   * or, at three probe timeouts, when it gives up and returns to the validated address.
   */
  PATH_VALIDATION;

  /** The kinds, read once: {@code values()} copies its array on every call. */
  static final ConnectionTimer[] ALL = values();
}

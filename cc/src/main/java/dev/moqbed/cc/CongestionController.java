package dev.moqbed.cc;

/**
 * One congestion controller on one path. The transport owns RTT estimation, loss detection,
 * delivery-rate sampling and pacing; the controller only decides the window, the pacing rate and
 * quantum, and the ECN codepoint of outgoing packets.
 *
 * <p>The event set and its order follow picoquic's notification table, so that C4, BBR, Cubic and
 * NewReno can be ported without reordering their logic. For one received packet that carries an ACK
 * frame the transport calls, in this order:
 *
 * <ol>
 *   <li>{@link #onEcnCongestion} if the peer's CE count grew (while the ACK frame is parsed);
 *   <li>{@link #onRttSample} if the newest acknowledged packet gave an RTT sample;
 *   <li>the transport then updates its rate estimators ({@link
 *       PathView#deliveryRateBytesPerSecond});
 *   <li>{@link #onPacketLost} once per packet this ACK declared lost;
 *   <li>{@link #onAck} once for the ACK frame.
 * </ol>
 *
 * <p>Timer-driven losses arrive through {@link #onPacketLost} with {@link LossTrigger#TIMER}, after
 * {@link #onProbeTimeout}. Samples passed to the callbacks are reused by the transport: a
 * controller reads them during the call and never keeps a reference.
 *
 * <p>All times are microseconds on the host's clock (virtual or real), sizes are bytes, rates are
 * bytes per second. Implementations must not allocate on the per-ACK and per-packet paths.
 *
 * <p>Which methods are abstract: as in quinn's {@code Controller} trait, an event hook (the {@code
 * on...} methods) has a neutral answer, doing nothing, so each hook is a no-op {@code default} and
 * a controller overrides only the events it reacts to; the transport still calls every hook, in the
 * order above, whether or not it is overridden. The queries have no neutral answer and stay
 * abstract: {@link #id} names the algorithm in the registry and in traces; {@link
 * #congestionWindowBytes}, {@link #pacingRateBytesPerSecond} and {@link #pacingQuantumBytes} are
 * the decision itself, and a made-up default window or quantum would make a silently broken
 * controller; {@link #inSlowStart} changes what careful resume and ACK tuning do, so each
 * controller must say when its first slow start ends; {@link #describe} feeds the traces every
 * controller must fill. {@link #outgoingEcn} has a safe default (not ECN-capable).
 */
public interface CongestionController {

  /** The registry id of the algorithm, e.g. {@code "cubic"}. */
  String id();

  /** A packet was sent. {@code bytesInFlightBefore} excludes the packet itself. */
  default void onPacketSent(
      long nowMicros,
      long packetNumber,
      int sizeBytes,
      long bytesInFlightBefore,
      boolean applicationLimited) {}

  /** The peer's cumulative ECN-CE count increased; totals are on the {@link PathView}. */
  default void onEcnCongestion(long nowMicros, EcnSample sample) {}

  /** The newest acknowledged packet of an ACK frame gave an RTT sample. */
  default void onRttSample(long nowMicros, RttSample sample) {}

  /** One packet was declared lost, by the ACK's thresholds or by a timer. */
  default void onPacketLost(long nowMicros, LossSample loss) {}

  /** One ACK frame was processed (after its RTT sample and the losses it revealed). */
  default void onAck(long nowMicros, AckSample ack) {}

  /** The probe timeout fired (before the timer-driven losses it causes are reported). */
  default void onProbeTimeout(long nowMicros) {}

  /**
   * RFC 9002 §7.6 persistent congestion was established. picoquic's transport never reports it; the
   * RFC transport option does.
   */
  default void onPersistentCongestion(long nowMicros) {}

  /** A packet reported lost was acknowledged after all. */
  default void onSpuriousLoss(long nowMicros, long packetNumber) {}

  /** The last packet-preparation pass stopped because the window was full. */
  default void onCongestionWindowBlocked(long nowMicros) {}

  /**
   * Whether the transport should wake when feedback seems lost (picoquic's {@code
   * is_lost_feedback_notification_required}): no ACK for about two ACK delays past the oldest
   * packet in flight. Only C4 asks, and does nothing on the notification; the wake-up itself is
   * what matters, a packet-preparation pass that refreshes the pacer.
   */
  default boolean wantsLostFeedbackWake() {
    return false;
  }

  /** The first ack-eliciting send after an idle period longer than the retransmission timeout. */
  default void onIdleRestart(long nowMicros) {}

  /**
   * Careful resume (RFC 9959): the transport validated a remembered rate and RTT from an earlier
   * connection on the same path.
   */
  default void onResumeSeed(
      long nowMicros, long rememberedRateBytesPerSecond, long rememberedRttMicros) {}

  /** The congestion window: the transport may send while bytes in flight do not exceed it. */
  long congestionWindowBytes();

  /**
   * The pacing rate. Zero means the controller gives no rate and the transport paces at congestion
   * window / smoothed RTT.
   */
  long pacingRateBytesPerSecond();

  /** The pacing burst: how many bytes may leave back to back when the pacer has credit. */
  long pacingQuantumBytes();

  /** The ECN codepoint for outgoing packets. */
  default EcnCodepoint outgoingEcn() {
    return EcnCodepoint.NOT_ECT;
  }

  /**
   * True while the controller is in its first slow start (used by careful resume and ACK tuning).
   */
  boolean inSlowStart();

  /** Describes the controller's state for traces and metrics, without allocating. */
  void describe(StateVisitor visitor);
}

package dev.moqbed.transport.recovery;

/**
 * How long the probe timer waits after {@code consecutivePtoCount} probe timeouts without an
 * acknowledgement of a new largest packet.
 *
 * <p>{@link RttFlavor#PICOQUIC} follows {@code picoquic_current_retransmit_timer} ({@code
 * timing.c}): the base is multiplied by 1, 2, 4, then 5, 6, 7, 8, 10, 12, 14, 16, 20, ... (the
 * multiplier doubles only every four steps after the second, and stops growing at 96), then
 *
 * <ul>
 *   <li>once at least one PTO fired, it is capped at idle timeout / 16 (1.875 s for 30 s);
 *   <li>before the ready state ({@code picoquic_state_client_ready_start}) it is capped at 1 s.
 *       Only when the local idle timeout exceeds 30 s does picoquic use plain doubling there,
 *       capped at idle timeout (ms) x 100 us. The research note says "plain doubling capped at 1
 *       s"; the code says the slow sequence, which is identical for the usual 250 ms base (250,
 *       500, 1000, cap);
 *   <li>in the ready state it is capped at 2 s, or at 1.5 x smoothed RTT if that is lower and the
 *       min RTT exceeds 610 ms.
 * </ul>
 *
 * <p>{@link RttFlavor#RFC9002} doubles the base at each PTO (RFC 9002 section 6.2.1), without caps.
 */
public final class ProbeTimeoutBackoff {

  /** picoquic stops the multiplier sequence here (its {@code n1 > 18} clamp): x 96. */
  private static final int PICOQUIC_MAX_STEP = 18;

  /** picoquic's {@code PICOQUIC_MICROSEC_HANDSHAKE_MAX} in ms: above it the long-idle rule. */
  private static final long HANDSHAKE_MAX_MILLIS = 30_000;

  private final RttFlavor flavor;
  private final long idleTimeoutMicros;

  /** picoquic's rules with its 30 s idle timeout. */
  public ProbeTimeoutBackoff() {
    this(RttFlavor.PICOQUIC, TransportDefaults.MAX_IDLE_TIMEOUT_MICROS);
  }

  /**
   * @param flavor which rules to follow
   * @param idleTimeoutMicros the idle timeout (picoquic uses the negotiated value for the /16 cap
   *     and the local one for the long-idle handshake rule; the two are equal in the simulator), 0
   *     when disabled
   */
  public ProbeTimeoutBackoff(RttFlavor flavor, long idleTimeoutMicros) {
    this.flavor = flavor;
    this.idleTimeoutMicros = idleTimeoutMicros;
  }

  /**
   * @param baseMicros the retransmit timer before backoff ({@link
   *     RttEstimator#retransmitTimeoutMicros(long)})
   * @param consecutivePtoCount probe timeouts since the last ACK of a new largest packet
   * @param ready picoquic: connection state at least {@code client_ready_start}
   * @param minRttMicros the path's min RTT
   * @param smoothedRttMicros the path's smoothed RTT
   */
  public long timeoutMicros(
      long baseMicros,
      int consecutivePtoCount,
      boolean ready,
      long minRttMicros,
      long smoothedRttMicros) {
    int count = Math.max(0, consecutivePtoCount);
    if (flavor == RttFlavor.RFC9002) {
      return shiftSaturating(baseMicros, count);
    }
    long rto = baseMicros;
    if (count > 0) {
      if (count < 3) {
        rto <<= count;
      } else {
        int step = Math.min(count - 2, PICOQUIC_MAX_STEP);
        rto <<= 2 + step / 4;
        rto += ((step & 3) * rto) >> 2;
      }
      if (idleTimeoutMicros > 15 && rto > (idleTimeoutMicros >> 4)) {
        rto = idleTimeoutMicros >> 4;
      }
    }
    if (!ready) {
      long idleMillis = idleTimeoutMicros / 1000;
      if (HANDSHAKE_MAX_MILLIS < idleMillis) {
        rto = Math.min(shiftSaturating(baseMicros, count), idleMillis * 100);
      } else if (rto > TransportDefaults.INITIAL_MAX_RETRANSMIT_TIMER_MICROS) {
        rto = TransportDefaults.INITIAL_MAX_RETRANSMIT_TIMER_MICROS;
      }
    } else if (rto > TransportDefaults.LARGE_RETRANSMIT_TIMER_MICROS) {
      long alternative = TransportDefaults.LARGE_RETRANSMIT_TIMER_MICROS;
      if (minRttMicros > TransportDefaults.TARGET_SATELLITE_RTT_MICROS) {
        alternative = (smoothedRttMicros * 3) >> 1;
      }
      rto = Math.min(rto, alternative);
    }
    return rto;
  }

  private static long shiftSaturating(long value, int shift) {
    if (shift >= 62 || value > (Long.MAX_VALUE >> shift)) {
      return Long.MAX_VALUE;
    }
    return value << shift;
  }
}

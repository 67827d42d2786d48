package dev.moqbed.transport.endpoint;

/**
 * What one endpoint lets peers make it hold and spend: a datagram never grows a table past these,
 * and strangers get no more handshakes (each about 2 ms of a core for the server's TLS) than these
 * rates. How they combine is {@link HandshakeBudget}'s.
 *
 * @param maxConnections connections in the table, client and server side together; a client Initial
 *     beyond it is dropped and counted
 * @param maxHandshakesPerSource a source address's share of server handshakes in progress: past it,
 *     a client from that address must prove it with a Retry first, and at {@link
 *     HandshakeBudget#HARD_CAP_FACTOR} times the share it is refused
 * @param retryAboveHandshakes from this many server handshakes in progress (all sources), a client
 *     Initial must prove its address with a Retry token before the server holds anything for it
 *     ({@link RetryGate}); {@link #RETRY_ALWAYS} for every Initial, {@link #RETRY_NEVER} for none
 *     (then what would be answered with a Retry is dropped)
 * @param handshakesPerSecond handshakes the server starts per second from all sources (a burst of
 *     twice as many): past it a client without a token gets a Retry, one with a token is dropped
 *     and comes back with its next Initial
 * @param handshakesPerSecondPerSource the same per source address, with a burst of a second's worth
 *     or its share of handshakes in progress, whichever is more
 */
public record EndpointLimits(
    int maxConnections,
    int maxHandshakesPerSource,
    int retryAboveHandshakes,
    int handshakesPerSecond,
    int handshakesPerSecondPerSource) {
  /** Every client Initial is answered with a Retry first. */
  public static final int RETRY_ALWAYS = 0;

  /** No Retry: every acceptable Initial makes a connection (within the other limits). */
  public static final int RETRY_NEVER = Integer.MAX_VALUE;

  /**
   * The default threshold: far above what honest clients keep in flight at once (a relay restart
   * that brings 1,000 subscribers back at the same moment pays one round trip more for the late
   * ones), and it bounds what spoofed Initials can make the endpoint hold to this many handshakes.
   */
  public static final int DEFAULT_RETRY_ABOVE_HANDSHAKES = 128;

  /**
   * Handshakes a second from all sources by default: at the measured 2.0–2.7 ms of server CPU per
   * handshake (ECDSA P-256, docs/security.md), at most about half a core, so a flood of real
   * clients leaves the media path the rest; 1,000 subscribers coming back after a relay restart are
   * all in within 5 s.
   */
  public static final int DEFAULT_HANDSHAKES_PER_SECOND = 200;

  /** Handshakes a second from one source address by default: a quarter of the total. */
  public static final int DEFAULT_HANDSHAKES_PER_SECOND_PER_SOURCE = 50;

  public EndpointLimits {
    if (maxConnections < 1
        || maxHandshakesPerSource < 1
        || retryAboveHandshakes < 0
        || handshakesPerSecond < 1
        || handshakesPerSecondPerSource < 1) {
      throw new IllegalArgumentException("limits must be at least 1 (the Retry threshold 0)");
    }
  }

  /**
   * 10,000 connections; a share of 64 handshakes in progress per source address; Retry above 128 in
   * progress; 200 handshakes a second in all, 50 per source.
   */
  public static EndpointLimits defaults() {
    return new EndpointLimits(
        10_000,
        64,
        DEFAULT_RETRY_ABOVE_HANDSHAKES,
        DEFAULT_HANDSHAKES_PER_SECOND,
        DEFAULT_HANDSHAKES_PER_SECOND_PER_SOURCE);
  }

  /** The same limits with another Retry threshold. */
  public EndpointLimits withRetryAboveHandshakes(int handshakes) {
    return new EndpointLimits(
        maxConnections,
        maxHandshakesPerSource,
        handshakes,
        handshakesPerSecond,
        handshakesPerSecondPerSource);
  }

  /** The same limits with other handshake rates, in all and per source address. */
  public EndpointLimits withHandshakeRates(int perSecond, int perSecondPerSource) {
    return new EndpointLimits(
        maxConnections,
        maxHandshakesPerSource,
        retryAboveHandshakes,
        perSecond,
        perSecondPerSource);
  }
}

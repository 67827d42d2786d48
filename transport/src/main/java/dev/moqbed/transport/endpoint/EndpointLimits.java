package dev.moqbed.transport.endpoint;

/**
 * What one endpoint lets peers make it hold: a datagram never grows a table past these.
 *
 * @param maxConnections connections in the table, client and server side together; a client Initial
 *     beyond it is dropped and counted
 * @param maxHandshakesPerSource server connections from one source address that have not finished
 *     their handshake: an address that opens many and never completes them is refused more
 * @param retryAboveHandshakes from this many server handshakes in progress (all sources), a client
 *     Initial must prove its address with a Retry token before the server holds anything for it
 *     ({@link RetryGate}); {@link #RETRY_ALWAYS} for every Initial, {@link #RETRY_NEVER} for none
 */
public record EndpointLimits(
    int maxConnections, int maxHandshakesPerSource, int retryAboveHandshakes) {
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

  public EndpointLimits {
    if (maxConnections < 1 || maxHandshakesPerSource < 1 || retryAboveHandshakes < 0) {
      throw new IllegalArgumentException("limits must be at least 1 (the Retry threshold 0)");
    }
  }

  /** 10,000 connections; 64 handshakes in progress per source address; Retry above 128. */
  public static EndpointLimits defaults() {
    return new EndpointLimits(10_000, 64, DEFAULT_RETRY_ABOVE_HANDSHAKES);
  }

  /** The same limits with another Retry threshold. */
  public EndpointLimits withRetryAboveHandshakes(int handshakes) {
    return new EndpointLimits(maxConnections, maxHandshakesPerSource, handshakes);
  }
}

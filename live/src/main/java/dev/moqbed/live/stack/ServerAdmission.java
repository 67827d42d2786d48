package dev.moqbed.live.stack;

import dev.moqbed.transport.endpoint.EndpointLimits;

/**
 * Who the project's server lets start a handshake, and when it asks for a Retry first ({@code relay
 * --retry --handshake-rate --handshake-rate-per-address}): the transport's {@link EndpointLimits}
 * as the relay exposes them. quiche's server, as Netty configures it here, sends a Retry to every
 * client and has no rates.
 *
 * @param retry when a client must prove its address with a Retry
 * @param handshakesPerSecond handshakes started per second from all addresses
 * @param handshakesPerSecondPerAddress handshakes started per second from one address
 */
public record ServerAdmission(
    ServerRetry retry, int handshakesPerSecond, int handshakesPerSecondPerAddress) {
  /** Retry once 128 handshakes are in progress; 200 handshakes a second in all, 50 per address. */
  public static final ServerAdmission DEFAULT =
      new ServerAdmission(
          ServerRetry.AUTO,
          EndpointLimits.DEFAULT_HANDSHAKES_PER_SECOND,
          EndpointLimits.DEFAULT_HANDSHAKES_PER_SECOND_PER_SOURCE);

  /**
   * For a load generator on the relay's own host (bench fanout's swarm: hundreds of subscribers
   * from one loopback address at once), whose connects are the set-up, not the measurement.
   */
  public static final ServerAdmission UNTHROTTLED =
      new ServerAdmission(ServerRetry.AUTO, 1_000_000, 1_000_000);

  public ServerAdmission {
    if (retry == null) {
      throw new IllegalArgumentException("retry: auto, always or never");
    }
    if (handshakesPerSecond < 1) {
      throw new IllegalArgumentException(
          "--handshake-rate " + handshakesPerSecond + ": expected at least 1 a second");
    }
    if (handshakesPerSecondPerAddress < 1) {
      throw new IllegalArgumentException(
          "--handshake-rate-per-address "
              + handshakesPerSecondPerAddress
              + ": expected at least 1 a second");
    }
  }

  /** The endpoint limits these make. */
  EndpointLimits limits() {
    return EndpointLimits.defaults()
        .withRetryAboveHandshakes(retry.aboveHandshakes())
        .withHandshakeRates(handshakesPerSecond, handshakesPerSecondPerAddress);
  }
}

package dev.moqbed.transport.udp;

import dev.moqbed.transport.endpoint.EndpointLimits;

/**
 * A copy of one endpoint's counters.
 *
 * @param datagramsReceived every datagram read from the socket
 * @param droppedUnroutable for no connection here and not a client Initial this endpoint may accept
 *     (short, wrong id length, unknown id, or no server setup)
 * @param droppedUndecodable routed to a connection but malformed, or no packet of it opened
 * @param refusedAtCapacity client Initials dropped because the table held {@link
 *     EndpointLimits#maxConnections()}
 * @param refusedHandshakes client Initials dropped that a Retry would have answered where Retry is
 *     off, and proven ones whose source address held four times its share ({@link
 *     EndpointLimits#maxHandshakesPerSource()}) of handshakes in progress
 * @param connectionsAccepted server connections created
 * @param connectionsOpened client connections created
 * @param connectionsRemoved connections freed (closed either way, or idle)
 * @param connections connections in the table now
 * @param datagramsSent datagrams written
 * @param flushes flushes of the channel, each one {@code sendmmsg} under epoll
 * @param internalErrors connections dropped because the transport threw (a bug, never a peer's)
 * @param socketErrors errors the channel reported (a send refused, an ICMP error read back)
 * @param statelessResetsSent Stateless Resets sent for short headers to unknown ids (RFC 9000
 *     §10.3)
 * @param statelessResetsReceived peers' Stateless Resets that ended a connection here
 * @param retriesSent Retry packets sent to client Initials while address validation was required
 *     ({@link EndpointLimits#retryAboveHandshakes()}, a source past its share, a handshake rate
 *     spent)
 * @param retriesValidated client Initials that brought back a valid Retry token
 * @param invalidRetryTokens client Initials dropped for a token that did not validate (forged,
 *     expired, for another address) while validation was required
 * @param refusedRate client Initials with a valid token dropped because a handshake rate ({@link
 *     EndpointLimits#handshakesPerSecond()}, per source or in all) was spent; the client's next
 *     Initial tries again
 * @param versionNegotiationsSent Version Negotiation packets sent to clients offering another
 *     version than 1
 */
public record UdpEndpointStats(
    long datagramsReceived,
    long droppedUnroutable,
    long droppedUndecodable,
    long refusedAtCapacity,
    long refusedHandshakes,
    long connectionsAccepted,
    long connectionsOpened,
    long connectionsRemoved,
    int connections,
    long datagramsSent,
    long flushes,
    long internalErrors,
    long socketErrors,
    long statelessResetsSent,
    long statelessResetsReceived,
    long retriesSent,
    long retriesValidated,
    long invalidRetryTokens,
    long refusedRate,
    long versionNegotiationsSent) {

  /** Datagrams per flush, 0 before any. */
  public double datagramsPerFlush() {
    return flushes == 0 ? 0 : (double) datagramsSent / flushes;
  }
}

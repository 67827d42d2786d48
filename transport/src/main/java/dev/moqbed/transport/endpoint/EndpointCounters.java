package dev.moqbed.transport.endpoint;

/**
 * What an {@link Endpoint} counted: datagrams it routed, dropped or answered itself, connections it
 * made and freed. Written on the endpoint's thread only; a host reads them there.
 */
public final class EndpointCounters {
  long datagramsReceived;
  long droppedUnroutable;
  long droppedUndecodable;
  long refusedAtCapacity;
  long refusedHandshakes;
  long connectionsAccepted;
  long connectionsOpened;
  long connectionsRemoved;
  long internalErrors;
  long statelessResetsSent;
  long statelessResetsReceived;
  long retriesSent;
  long retriesValidated;
  long invalidRetryTokens;
  long refusedRate;
  long versionNegotiationsSent;
  long handedOverOut;
  long handedOverIn;
  long addressChanges;
  long handshakesOffLoop;
  long droppedWhileOffLoop;
  long offLoopHandshakesExpired;

  /** Every datagram handed to the endpoint. */
  public long datagramsReceived() {
    return datagramsReceived;
  }

  /** For no connection here and not a client Initial the endpoint may accept. */
  public long droppedUnroutable() {
    return droppedUnroutable;
  }

  /** Routed to a connection but malformed, or no packet of it opened. */
  public long droppedUndecodable() {
    return droppedUndecodable;
  }

  /** Client Initials dropped because the table held its maximum of connections. */
  public long refusedAtCapacity() {
    return refusedAtCapacity;
  }

  /**
   * Client Initials dropped that a Retry would have answered where Retry is off (no TLS, or {@link
   * EndpointLimits#RETRY_NEVER}), and proven ones whose source held {@link
   * HandshakeBudget#HARD_CAP_FACTOR} times its share of handshakes.
   */
  public long refusedHandshakes() {
    return refusedHandshakes;
  }

  public long connectionsAccepted() {
    return connectionsAccepted;
  }

  public long connectionsOpened() {
    return connectionsOpened;
  }

  public long connectionsRemoved() {
    return connectionsRemoved;
  }

  /** Connections dropped because the transport threw (a bug, never a peer's doing). */
  public long internalErrors() {
    return internalErrors;
  }

  public long statelessResetsSent() {
    return statelessResetsSent;
  }

  public long statelessResetsReceived() {
    return statelessResetsReceived;
  }

  public long retriesSent() {
    return retriesSent;
  }

  public long retriesValidated() {
    return retriesValidated;
  }

  public long invalidRetryTokens() {
    return invalidRetryTokens;
  }

  /** Proven client Initials dropped because a handshake rate had no token left. */
  public long refusedRate() {
    return refusedRate;
  }

  /** Version Negotiation packets sent to clients that offered another version than 1. */
  public long versionNegotiationsSent() {
    return versionNegotiationsSent;
  }

  /** Datagrams for no connection here that the host handed to the endpoint that routes them. */
  public long handedOverOut() {
    return handedOverOut;
  }

  /** Datagrams another endpoint of the host's group handed to this one. */
  public long handedOverIn() {
    return handedOverIn;
  }

  /** Connections that moved to a new peer address (see {@link Endpoint#followAddressChanges}). */
  public long addressChanges() {
    return addressChanges;
  }

  /**
   * Server connections whose ClientHello was processed off the endpoint's thread ({@link
   * Endpoint#offloadHandshakes}) and that the endpoint then took over.
   */
  public long handshakesOffLoop() {
    return handshakesOffLoop;
  }

  /** Datagrams dropped because a connection already had its fill waiting for an off-loop pass. */
  public long droppedWhileOffLoop() {
    return droppedWhileOffLoop;
  }

  /** Off-loop connections removed at the idle timeout without a whole ClientHello. */
  public long offLoopHandshakesExpired() {
    return offLoopHandshakesExpired;
  }
}

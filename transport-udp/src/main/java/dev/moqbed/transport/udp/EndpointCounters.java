package dev.moqbed.transport.udp;

/** The endpoint's counters, written on its event loop only; {@link #snapshot} copies them. */
final class EndpointCounters {
  long datagramsReceived;
  long droppedUnroutable;
  long droppedUndecodable;
  long refusedAtCapacity;
  long refusedHandshakes;
  long connectionsAccepted;
  long connectionsOpened;
  long connectionsRemoved;
  long datagramsSent;
  long flushes;
  long internalErrors;
  long socketErrors;
  long statelessResetsSent;
  long statelessResetsReceived;
  long retriesSent;
  long retriesValidated;
  long invalidRetryTokens;

  void onFlush(int datagrams) {
    datagramsSent += datagrams;
    flushes++;
  }

  UdpEndpointStats snapshot(int connections) {
    return new UdpEndpointStats(
        datagramsReceived,
        droppedUnroutable,
        droppedUndecodable,
        refusedAtCapacity,
        refusedHandshakes,
        connectionsAccepted,
        connectionsOpened,
        connectionsRemoved,
        connections,
        datagramsSent,
        flushes,
        internalErrors,
        socketErrors,
        statelessResetsSent,
        statelessResetsReceived,
        retriesSent,
        retriesValidated,
        invalidRetryTokens);
  }
}

package dev.moqbed.transport.udp;

import dev.moqbed.transport.endpoint.EndpointCounters;

/** What the socket side of a {@link UdpEndpoint} counts, written on its event loop only. */
final class SocketCounters {
  long datagramsSent;
  long flushes;
  long socketErrors;

  void onFlush(int datagrams) {
    datagramsSent += datagrams;
    flushes++;
  }

  /** A copy of these and the routing side's counters. */
  UdpEndpointStats snapshot(EndpointCounters routing, int connections) {
    return new UdpEndpointStats(
        routing.datagramsReceived(),
        routing.droppedUnroutable(),
        routing.droppedUndecodable(),
        routing.refusedAtCapacity(),
        routing.refusedHandshakes(),
        routing.connectionsAccepted(),
        routing.connectionsOpened(),
        routing.connectionsRemoved(),
        connections,
        datagramsSent,
        flushes,
        routing.internalErrors(),
        socketErrors,
        routing.statelessResetsSent(),
        routing.statelessResetsReceived(),
        routing.retriesSent(),
        routing.retriesValidated(),
        routing.invalidRetryTokens(),
        routing.refusedRate(),
        routing.versionNegotiationsSent());
  }
}

package dev.moqbed.transport.session;

import dev.moqbed.session.transport.PathStats;
import dev.moqbed.transport.quic.QuicConnection;

/** A {@link PathStats} snapshot of one QUIC connection, whatever runs above it. */
final class PathStatistics {
  private PathStatistics() {}

  static PathStats of(QuicConnection connection) {
    return new PathStats(
        connection.path().smoothedRttMicros(),
        connection.controller().congestionWindowBytes(),
        connection.path().deliveryRateBytesPerSecond(),
        connection.stats().datagramsSent(),
        connection.stats().packetsLost(),
        connection.stats().bytesSent(),
        connection.controller().pacingRateBytesPerSecond(),
        connection.path().minRttMicros(),
        connection.path().latestRttMicros(),
        connection.path().bytesInFlight(),
        ControllerStates.of(connection.controller()));
  }
}

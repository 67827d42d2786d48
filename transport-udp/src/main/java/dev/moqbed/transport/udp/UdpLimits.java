package dev.moqbed.transport.udp;

/**
 * What one endpoint lets peers make it hold: a datagram never grows a table past these.
 *
 * @param maxConnections connections in the table, client and server side together; a client Initial
 *     beyond it is dropped and counted
 * @param maxHandshakesPerSource server connections from one source address that have not finished
 *     their handshake: an address that opens many and never completes them is refused more
 */
public record UdpLimits(int maxConnections, int maxHandshakesPerSource) {
  public UdpLimits {
    if (maxConnections < 1 || maxHandshakesPerSource < 1) {
      throw new IllegalArgumentException("limits must be at least 1");
    }
  }

  /** 10,000 connections; 64 handshakes in progress per source address. */
  public static UdpLimits defaults() {
    return new UdpLimits(10_000, 64);
  }
}

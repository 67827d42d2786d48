package dev.moqbed.session.transport;

/**
 * A snapshot of a connection's path, as the transport reports it. Fields a transport does not know
 * are -1.
 *
 * @param smoothedRttMicros the transport's RTT estimate
 * @param congestionWindowBytes the congestion window
 * @param deliveryRateBytesPerSecond the latest delivery-rate estimate
 * @param packetsSent packets sent on the path so far
 * @param packetsLost packets declared lost so far
 * @param bytesSent bytes sent on the path so far
 */
public record PathStats(
    long smoothedRttMicros,
    long congestionWindowBytes,
    long deliveryRateBytesPerSecond,
    long packetsSent,
    long packetsLost,
    long bytesSent) {

  /** Nothing known. */
  public static final PathStats UNKNOWN = new PathStats(-1, -1, -1, -1, -1, -1);
}

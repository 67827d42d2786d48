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
 * @param pacingRateBytesPerSecond the controller's pacing rate
 * @param minRttMicros the smallest RTT seen
 * @param latestRttMicros the latest RTT sample
 * @param bytesInFlight bytes sent and neither acknowledged nor declared lost
 * @param controller the controller's own state ({@link ControllerState#UNKNOWN} when the transport
 *     does not expose it)
 */
public record PathStats(
    long smoothedRttMicros,
    long congestionWindowBytes,
    long deliveryRateBytesPerSecond,
    long packetsSent,
    long packetsLost,
    long bytesSent,
    long pacingRateBytesPerSecond,
    long minRttMicros,
    long latestRttMicros,
    long bytesInFlight,
    ControllerState controller) {

  /** Nothing known. */
  public static final PathStats UNKNOWN = new PathStats(-1, -1, -1, -1, -1, -1);

  /** What a transport that knows neither the pacing rate nor the controller's state reports. */
  public PathStats(
      long smoothedRttMicros,
      long congestionWindowBytes,
      long deliveryRateBytesPerSecond,
      long packetsSent,
      long packetsLost,
      long bytesSent) {
    this(
        smoothedRttMicros,
        congestionWindowBytes,
        deliveryRateBytesPerSecond,
        packetsSent,
        packetsLost,
        bytesSent,
        -1,
        -1,
        -1,
        -1,
        ControllerState.UNKNOWN);
  }
}

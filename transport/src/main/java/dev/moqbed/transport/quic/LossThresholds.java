package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.RttEstimator;
import dev.moqbed.transport.recovery.RttFlavor;

/** The two durations loss detection compares packets against, from the path's RTT estimate. */
final class LossThresholds {
  private LossThresholds() {}

  /** RFC 9002 §7.6.1: three probe timeouts without backoff. */
  static long persistentCongestionDurationMicros(PathState path) {
    RttEstimator rtt = path.rtt();
    return 3
        * (rtt.smoothedRttMicros()
            + Math.max(4 * rtt.rttVarianceMicros(), 1_000)
            + path.peerMaxAckDelayMicros());
  }

  /**
   * When a packet below the largest acknowledged counts as lost by time: RFC 9002's 9/8 RTT, or
   * picoquic's send time + retransmit timer, capped by the RACK delay after the largest
   * acknowledged.
   */
  static long timeThresholdMicros(
      RttFlavor flavor, PathState path, PacketNumberSpace space, SentPacket packet) {
    RttEstimator rtt = path.rtt();
    if (flavor == RttFlavor.RFC9002) {
      long threshold =
          Math.max(9 * Math.max(rtt.smoothedRttMicros(), rtt.latestRttMicros()) / 8, 1_000);
      return packet.sentMicros + threshold;
    }
    long retransmitTimer = rtt.retransmitTimeoutMicros(path.peerMaxAckDelayMicros());
    long reorderDelay =
        Math.min(rtt.smoothedRttMicros() / 4, 5_000)
            + path.peerMaxAckDelayMicros()
            - (space.largestAckedSentMicros - packet.sentMicros);
    return Math.min(
        packet.sentMicros + retransmitTimer, space.largestAckedReceivedMicros + reorderDelay);
  }
}

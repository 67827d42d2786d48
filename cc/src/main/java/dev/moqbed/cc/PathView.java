package dev.moqbed.cc;

/**
 * The transport's view of one path, as a controller may read it during a callback. Times in
 * microseconds, sizes in bytes, rates in bytes per second. The transport keeps these values up to
 * date; a controller reads them at event time rather than caching them.
 */
public interface PathView {

  /** The current maximum packet size (picoquic's {@code send_mtu}). */
  int maxDatagramSizeBytes();

  long bytesInFlight();

  /** Smoothed RTT; the initial guess (250 ms in picoquic) before the first sample. */
  long smoothedRttMicros();

  long rttVarianceMicros();

  /** Smallest RTT seen on the path, 0 before the first sample. */
  long minRttMicros();

  /** The newest RTT sample, ACK-delay corrected as the transport does it. */
  long latestRttMicros();

  /** The latest delivery-rate sample (picoquic's {@code bandwidth_estimate}), 0 if none. */
  long deliveryRateBytesPerSecond();

  /** The largest rate seen over windows of at least 1 ms, never reset. */
  long peakDeliveryRateBytesPerSecond();

  /** Bytes acknowledged on the path since it started. */
  long deliveredBytes();

  /** The number the next application-space packet will carry. */
  long nextPacketNumber();

  /** The oldest packet neither acknowledged nor lost; largest acknowledged + 1 if none. */
  long lowestOutstandingPacketNumber();

  long largestAckedPacketNumber();

  /** Whether the handshake is done and the connection may send application data freely. */
  boolean isReady();

  /** The last time the sender had nothing to send, {@code Long.MIN_VALUE} if never. */
  long lastSenderLimitedMicros();

  /** Send time of the newest acknowledged packet that carried data. */
  long lastAckedDataSentMicros();

  /**
   * Whether the last packet-preparation pass stopped because the window was full. As picoquic's
   * {@code cnx->cwin_blocked}: cleared at the start of every pass, so a pass refused by pacing
   * clears it; a pass refused by pacing is always followed by one at the pacing time.
   */
  boolean congestionWindowBlocked();

  long peerEct0Total();

  long peerEct1Total();

  long peerCeTotal();

  /**
   * Replaces the path's minimum RTT. picoquic's BBR does this when ProbeRTT ends; it is the one
   * write a controller may make on the path.
   */
  void overrideMinRttMicros(long minRttMicros);
}

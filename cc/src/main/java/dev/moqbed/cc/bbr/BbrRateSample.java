package dev.moqbed.cc.bbr;

/**
 * The draft's per-ACK rate sample "RS" (picoquic's {@code bbr_per_ack_state_t}), filled from the
 * transport's {@code AckSample} or from a lost packet's snapshot. One instance per use, reused.
 */
final class BbrRateSample {
  long deliveryRateBytesPerSecond;

  /** Bytes delivered between the packet's send and now. */
  long deliveredBytes;

  long rttMicros;
  long newlyAckedBytes;
  long newlyLostBytes;
  long newlyLostRanges;

  /** Bytes in flight just before the packet was sent. */
  long txInFlightBytes;

  /** Bytes declared lost between the packet's send and now. */
  long lostBytes;

  double ecnFraction;
  double ecnAlpha;
  boolean applicationLimited;
  boolean congestionWindowLimited;

  void clear() {
    deliveryRateBytesPerSecond = 0;
    deliveredBytes = 0;
    rttMicros = 0;
    newlyAckedBytes = 0;
    newlyLostBytes = 0;
    newlyLostRanges = 0;
    txInFlightBytes = 0;
    lostBytes = 0;
    ecnFraction = 0;
    ecnAlpha = 0;
    applicationLimited = false;
    congestionWindowLimited = false;
  }
}

package dev.moqbed.transport.recovery;

/**
 * What a data sender asks its peer in ACK_FREQUENCY frames: picoquic's {@code
 * picoquic_compute_ack_gap_and_delay} with ACK frequency negotiated (as it always is between two
 * picoquic endpoints), and the send rule of {@code picoquic_format_ack_frequency_frame}.
 *
 * <p>Computation, in order:
 *
 * <ol>
 *   <li>N = cwnd / MTU, at least 2; halved while the controller has not ended startup;
 *   <li>tiny RTT: if min RTT &lt; 4 ms, N x floor(4 ms / min RTT), x 4 if min RTT is 1 ms or less;
 *   <li>gap = ceil(N / 4), floored at 2 (4 above 2,000,000 B/s of delivery rate, 10 if also min RTT
 *       &gt; 100 ms); above 32 it is capped at 32 for NewReno, else 32 + (N - 128)/8 capped at 64;
 *   <li>delay = min RTT / 4, capped at 10 ms, floored at the peer's min_ack_delay;
 *   <li>queue correction, when smoothed RTT &gt; 1.5 x min RTT: the delay is raised to the time 115
 *       bytes take at the highest rate at which this endpoint has received (capped at 10 ms), and
 *       the gap is raised so that ceil(N'/gap) ACKs spaced by the delay fit in (smoothed + min)/2,
 *       with N' = N from step 1 halved during startup;
 *   <li>final cap: gap &le; 32 if min RTT &lt; 4 x delay.
 * </ol>
 *
 * <p>A new frame (sequence + 1) goes out only if the gap grew or the delay left [7/8, 9/8] of the
 * last one sent; the gap sent never decreases (the ratchet). Before any frame, the reference is gap
 * 2 and delay 25 ms, so the first computation always yields a frame. The frames carry reordering
 * threshold 0 ("ignore order").
 *
 * <p>Usage: {@link #compute} returns the decision (a reused {@link Update}); when the frame is
 * written, call {@link #onFrameSent()} to make it the new reference. No allocation.
 */
public final class AckFrequencyPolicy {

  /** Estimated size of an ACK on the wire: L2 12 + IPv6 40 + UDP 8 + padded ACK 55. */
  static final long ACK_WIRE_SIZE_BYTES = 12 + 40 + 8 + 55;

  /** The reordering threshold picoquic always sends: 0, "do not ACK immediately on gaps". */
  public static final long REORDERING_THRESHOLD = 0;

  /** The decision of one {@link #compute} call; reused by the next call. */
  public static final class Update {
    private boolean send;
    private long sequence;
    private long gapPackets;
    private long delayMicros;

    /** Whether a new ACK_FREQUENCY frame should go out. */
    public boolean send() {
      return send;
    }

    /** The frame's sequence number (meaningful when {@link #send()}). */
    public long sequence() {
      return sequence;
    }

    /** Ack-eliciting threshold to request, after the ratchet (meaningful when {@link #send()}). */
    public long gapPackets() {
      return gapPackets;
    }

    /** Requested max ACK delay (meaningful when {@link #send()}). */
    public long delayMicros() {
      return delayMicros;
    }
  }

  private final Update update = new Update();
  private long lastSequence = -1;
  private long sentGapPackets = TransportDefaults.ACK_GAP_BEFORE_ACK_FREQUENCY;
  private long sentDelayMicros = TransportDefaults.DEFAULT_PEER_MAX_ACK_DELAY_MICROS;
  private long computedGapPackets;
  private long computedDelayMicros;

  /**
   * Decides whether to send a new ACK_FREQUENCY frame.
   *
   * @param congestionWindowBytes the path's cwnd
   * @param mtuBytes the path's current packet size
   * @param startupEnded picoquic's {@code is_ssthresh_initialized}
   * @param minRttMicros the path's min RTT
   * @param smoothedRttMicros the path's smoothed RTT
   * @param bandwidthEstimateBytesPerSecond the path's delivery-rate estimate (sets the gap floor)
   * @param maxReceiveRateBytesPerSecond the highest rate at which this endpoint received data
   * @param newReno whether the controller is NewReno (or no controller), which caps the gap at 32
   * @param peerMinAckDelayMicros the peer's min_ack_delay transport parameter
   */
  public Update compute(
      long congestionWindowBytes,
      int mtuBytes,
      boolean startupEnded,
      long minRttMicros,
      long smoothedRttMicros,
      long bandwidthEstimateBytesPerSecond,
      long maxReceiveRateBytesPerSecond,
      boolean newReno,
      long peerMinAckDelayMicros) {
    computeGapAndDelay(
        congestionWindowBytes,
        mtuBytes,
        startupEnded,
        minRttMicros,
        smoothedRttMicros,
        bandwidthEstimateBytesPerSecond,
        maxReceiveRateBytesPerSecond,
        newReno,
        peerMinAckDelayMicros);
    long gap = computedGapPackets;
    long delay = computedDelayMicros;
    boolean unchanged =
        gap <= sentGapPackets
            && delay >= (7 * sentDelayMicros) / 8
            && delay <= (9 * sentDelayMicros) / 8;
    update.send = !unchanged;
    update.sequence = lastSequence + 1;
    update.gapPackets = Math.max(gap, sentGapPackets);
    update.delayMicros = delay;
    return update;
  }

  /** Records that the frame of the last {@link #compute} went out: it becomes the reference. */
  public void onFrameSent() {
    if (!update.send) {
      throw new IllegalStateException("the last computation did not ask for a frame");
    }
    lastSequence = update.sequence;
    sentGapPackets = update.gapPackets;
    sentDelayMicros = update.delayMicros;
    update.send = false;
  }

  private void computeGapAndDelay(
      long congestionWindowBytes,
      int mtuBytes,
      boolean startupEnded,
      long minRttMicros,
      long smoothedRttMicros,
      long bandwidthEstimateBytesPerSecond,
      long maxReceiveRateBytesPerSecond,
      boolean newReno,
      long peerMinAckDelayMicros) {
    long packetsInWindow = Math.max(2, congestionWindowBytes / mtuBytes);
    long delay =
        Math.max(
            Math.min(minRttMicros / 4, TransportDefaults.MAX_ACK_DELAY_MICROS),
            peerMinAckDelayMicros);
    long gap =
        gapFor(
            packetsInWindow, startupEnded, minRttMicros, bandwidthEstimateBytesPerSecond, newReno);

    if (2 * smoothedRttMicros > 3 * minRttMicros && maxReceiveRateBytesPerSecond > 0) {
      long ackTransmissionMicros = (ACK_WIRE_SIZE_BYTES * 1_000_000) / maxReceiveRateBytesPerSecond;
      if (ackTransmissionMicros > delay) {
        delay = Math.min(ackTransmissionMicros, TransportDefaults.MAX_ACK_DELAY_MICROS);
      }
      long rttTargetMicros = (smoothedRttMicros + minRttMicros) / 2;
      long packets = startupEnded ? packetsInWindow : packetsInWindow / 2;
      long acksPerRtt = (packets + gap - 1) / gap;
      if (acksPerRtt * delay > rttTargetMicros) {
        long maxAcks = smoothedRttMicros / delay;
        if (maxAcks <= 1) {
          gap = packets;
        } else {
          gap = Math.max(gap, (packets + maxAcks - 1) / maxAcks);
        }
      }
    }
    if (minRttMicros < delay * 4 && gap > 32) {
      gap = 32;
    }
    computedGapPackets = gap;
    computedDelayMicros = delay;
  }

  /** Steps 1 to 3: halving, tiny-RTT multiplier, ceil(N/4), floor, cap. */
  private static long gapFor(
      long packetsInWindow,
      boolean startupEnded,
      long minRttMicros,
      long bandwidthEstimateBytesPerSecond,
      boolean newReno) {
    long packets = startupEnded ? packetsInWindow : packetsInWindow / 2;
    long fourMillis = 4 * TransportDefaults.MIN_ACK_DELAY_MICROS;
    if (minRttMicros < fourMillis) {
      long multiplier = 4;
      if (minRttMicros > TransportDefaults.MIN_ACK_DELAY_MICROS) {
        multiplier = fourMillis / minRttMicros;
      }
      packets *= multiplier;
    }
    long gap = (packets + 3) / 4;
    long gapFloor = 2;
    if (bandwidthEstimateBytesPerSecond > TransportDefaults.BANDWIDTH_MEDIUM_BYTES_PER_SECOND) {
      gapFloor = minRttMicros > TransportDefaults.TARGET_RENO_RTT_MICROS ? 10 : 4;
    }
    if (gap < gapFloor) {
      return gapFloor;
    }
    if (gap > 32) {
      // picoquic keeps NewReno (and multipath) at 32; a gap above 32 implies packets > 128.
      return newReno ? 32 : Math.min(64, 32 + (packets - 128) / 8);
    }
    return gap;
  }

  /** Sequence number of the last frame sent, -1 before any. */
  public long lastSequence() {
    return lastSequence;
  }

  /** The gap of the last frame sent (2 before any). */
  public long sentGapPackets() {
    return sentGapPackets;
  }

  /** The delay of the last frame sent (25 ms before any). */
  public long sentDelayMicros() {
    return sentDelayMicros;
  }

  /** The gap of the last computation, before the ratchet. */
  public long computedGapPackets() {
    return computedGapPackets;
  }

  /** The delay of the last computation. */
  public long computedDelayMicros() {
    return computedDelayMicros;
  }
}

package dev.moqbed.transport.recovery;

/**
 * The RTT estimator of one path: smoothed RTT, variation, minimum, latest sample, and the
 * retransmit (PTO) base derived from them.
 *
 * <p>{@link RttFlavor#PICOQUIC} follows {@code picoquic_update_path_rtt} ({@code timing.c}):
 *
 * <ul>
 *   <li>the ACK delay is not subtracted from the first sample nor before the handshake is
 *       confirmed; it is capped at the <em>local</em> max_ack_delay (10 ms), and subtracted only if
 *       min RTT + delay is strictly below the sample;
 *   <li>the min RTT is the minimum of the <em>adjusted</em> samples;
 *   <li>samples accumulate in a "period" that is folded into the smoothed values when the ACK
 *       carries a new largest packet number: smoothed = 7/8 old + 1/8 mean of the period, rttvar =
 *       3/4 old + 1/4 distance from the old smoothed RTT to the farther of the period's min and
 *       max. With one call per ACK that acknowledges a new largest packet, every call is its own
 *       period;
 *   <li>the retransmit timer is smoothed + 3 x rttvar + the peer's max_ack_delay <em>as known at
 *       the fold</em> (0 before the peer's transport parameters), raised to any sample taken since
 *       the last fold.
 * </ul>
 *
 * <p>{@link RttFlavor#RFC9002} follows RFC 9002 section 5: min RTT from the raw samples, ACK delay
 * capped at the peer's max_ack_delay only once the handshake is confirmed, subtracted if the sample
 * is at least min RTT + delay, per-sample smoothing, rttvar initialised to half the initial RTT,
 * and PTO = smoothed + max(4 x rttvar, 1 ms) + max_ack_delay.
 *
 * <p>Integer arithmetic throughout, as picoquic's; no allocation.
 */
public final class RttEstimator {

  /** Passed as the highest acknowledged packet number when the space has no packet context. */
  public static final long NO_PACKET_CONTEXT = -1;

  /** RFC 9002's timer granularity, the floor on the variance term of its PTO. */
  public static final long RFC_GRANULARITY_MICROS = 1_000;

  private final RttFlavor flavor;
  private final long ackDelayCapMicros;
  private final long initialRttMicros;

  private long smoothedRttMicros;
  private long rttVarianceMicros;
  private long minRttMicros;
  private long latestRttMicros;
  private long measurementMicros;
  private boolean initialized;

  // picoquic's measurement period: samples accumulated since the last fold.
  private int samplesInPeriod;
  private long sumInPeriodMicros;
  private long minInPeriodMicros = Long.MAX_VALUE;
  private long maxInPeriodMicros;
  private long periodHighestAckedPacketNumber;
  private long periodStartMicros;
  private boolean lastSampleFolded;

  // picoquic's retransmit_timer, computed at each fold with the max_ack_delay known then.
  private long foldedRetransmitTimerMicros = TransportDefaults.INITIAL_RETRANSMIT_TIMER_MICROS;
  private long foldMaxAckDelayMicros;

  /** picoquic's estimator with its defaults: 250 ms initial RTT, ACK delay capped at 10 ms. */
  public RttEstimator() {
    this(
        RttFlavor.PICOQUIC,
        TransportDefaults.INITIAL_RTT_MICROS,
        TransportDefaults.MAX_ACK_DELAY_MICROS);
  }

  /**
   * @param flavor which rules to follow
   * @param initialRttMicros the smoothed RTT before any sample (250 ms in picoquic)
   * @param ackDelayCapMicros the cap on a reported ACK delay: picoquic uses its <em>local</em>
   *     max_ack_delay (10 ms), RFC 9002 the <em>peer's</em> max_ack_delay
   */
  public RttEstimator(RttFlavor flavor, long initialRttMicros, long ackDelayCapMicros) {
    if (initialRttMicros <= 0) {
      throw new IllegalArgumentException("initial RTT must be positive: " + initialRttMicros);
    }
    this.flavor = flavor;
    this.initialRttMicros = initialRttMicros;
    this.ackDelayCapMicros = ackDelayCapMicros;
    this.smoothedRttMicros = initialRttMicros;
    // RFC 9002 A.4 starts rttvar at half the initial RTT; picoquic starts it at 0.
    this.rttVarianceMicros = flavor == RttFlavor.RFC9002 ? initialRttMicros / 2 : 0;
  }

  public RttFlavor flavor() {
    return flavor;
  }

  /**
   * The peer's max_ack_delay that picoquic's next folds add to the retransmit timer. picoquic reads
   * {@code remote_parameters.max_ack_delay} when it folds a period, and that field is 0 until the
   * peer's transport parameters are parsed: the client's first sample (the server's Initial ACK)
   * comes before them, so its first timer is 2.5 x the sample with no ACK delay
   * (docs/results/wifi-2026-12-07.md). RFC 9002 adds the delay when the timer is read.
   */
  public void setFoldMaxAckDelayMicros(long micros) {
    foldMaxAckDelayMicros = micros;
  }

  /**
   * One RTT sample, for an ACK frame that acknowledged a new largest packet. Every call closes its
   * own measurement period (see {@link #onSample(long, long, long, boolean, long)}).
   *
   * @param nowMicros when the ACK arrived
   * @param rawRttMicros now minus the send time of the newest newly acknowledged packet
   * @param ackDelayMicros the ACK delay the peer reported (already scaled by its exponent)
   * @param handshakeConfirmed picoquic: connection state at least "ready"; RFC: handshake confirmed
   * @return the adjusted sample used (the ACK delay removed where the rules allow)
   */
  public long onSample(
      long nowMicros, long rawRttMicros, long ackDelayMicros, boolean handshakeConfirmed) {
    return onSample(nowMicros, rawRttMicros, ackDelayMicros, handshakeConfirmed, NO_PACKET_CONTEXT);
  }

  /**
   * One RTT sample with picoquic's period rule made explicit. picoquic calls its estimator for
   * every ACK that newly acknowledges packets, even when the largest acknowledged did not advance;
   * such samples accumulate and are folded later, unless the last fold happened less than a quarter
   * of the sample ago (picoquic's test reads "previous fold + sample/4 &gt; now", which we
   * reproduce). RFC 9002 ignores {@code highestAckedPacketNumber}.
   *
   * @param highestAckedPacketNumber the space's highest acknowledged packet number after this ACK,
   *     or {@link #NO_PACKET_CONTEXT} for the Initial and Handshake spaces (picoquic folds every
   *     sample there)
   */
  public long onSample(
      long nowMicros,
      long rawRttMicros,
      long ackDelayMicros,
      boolean handshakeConfirmed,
      long highestAckedPacketNumber) {
    return flavor == RttFlavor.RFC9002
        ? onRfcSample(rawRttMicros, ackDelayMicros, handshakeConfirmed)
        : onPicoquicSample(
            nowMicros, rawRttMicros, ackDelayMicros, handshakeConfirmed, highestAckedPacketNumber);
  }

  private long onPicoquicSample(
      long nowMicros,
      long rawRttMicros,
      long ackDelayMicros,
      boolean handshakeConfirmed,
      long highestAckedPacketNumber) {
    boolean first = !initialized;
    long sample = 0;
    if (rawRttMicros > 0) {
      sample = rawRttMicros;
      if (!first && ackDelayMicros > 0 && handshakeConfirmed) {
        long delay = Math.min(ackDelayMicros, ackDelayCapMicros);
        if (minRttMicros + delay < sample) {
          sample -= delay;
        }
      }
    }
    latestRttMicros = sample;
    samplesInPeriod++;
    sumInPeriodMicros += sample;
    if (samplesInPeriod == 1) {
      minInPeriodMicros = sample;
      maxInPeriodMicros = sample;
    } else {
      maxInPeriodMicros = Math.max(maxInPeriodMicros, sample);
      minInPeriodMicros = Math.min(minInPeriodMicros, sample);
    }
    // picoquic starts min RTT at 0, so this only lowers it once the first fold has set it.
    if (minRttMicros > sample) {
      minRttMicros = sample;
    }
    measurementMicros = sample;
    lastSampleFolded = false;
    if (highestAckedPacketNumber == NO_PACKET_CONTEXT
        || highestAckedPacketNumber > periodHighestAckedPacketNumber
        || periodStartMicros + sample / 4 > nowMicros) {
      foldPeriod(nowMicros, first, highestAckedPacketNumber);
    }
    return sample;
  }

  private void foldPeriod(long nowMicros, boolean first, long highestAckedPacketNumber) {
    periodStartMicros = nowMicros;
    long mean = measurementMicros;
    if (samplesInPeriod > 1) {
      mean = sumInPeriodMicros / samplesInPeriod;
    }
    if (first) {
      smoothedRttMicros = mean;
      rttVarianceMicros = mean / 2;
      minRttMicros = minInPeriodMicros;
      initialized = true;
    } else {
      long spread;
      if (smoothedRttMicros > maxInPeriodMicros) {
        spread = smoothedRttMicros - minInPeriodMicros;
      } else if (smoothedRttMicros < minInPeriodMicros) {
        spread = maxInPeriodMicros - smoothedRttMicros;
      } else {
        spread =
            Math.max(smoothedRttMicros - minInPeriodMicros, maxInPeriodMicros - smoothedRttMicros);
      }
      rttVarianceMicros = (3 * rttVarianceMicros + spread) / 4;
      smoothedRttMicros = (7 * smoothedRttMicros + mean) / 8;
    }
    if (highestAckedPacketNumber != NO_PACKET_CONTEXT) {
      periodHighestAckedPacketNumber = highestAckedPacketNumber;
    }
    foldedRetransmitTimerMicros = smoothedRttMicros + 3 * rttVarianceMicros + foldMaxAckDelayMicros;
    measurementMicros = mean;
    lastSampleFolded = true;
    samplesInPeriod = 0;
    sumInPeriodMicros = 0;
    maxInPeriodMicros = 0;
    minInPeriodMicros = Long.MAX_VALUE;
  }

  private long onRfcSample(long rawRttMicros, long ackDelayMicros, boolean handshakeConfirmed) {
    long latest = Math.max(0, rawRttMicros);
    lastSampleFolded = true;
    if (!initialized) {
      minRttMicros = latest;
      smoothedRttMicros = latest;
      rttVarianceMicros = latest / 2;
      latestRttMicros = latest;
      measurementMicros = latest;
      initialized = true;
      return latest;
    }
    minRttMicros = Math.min(minRttMicros, latest);
    long delay = Math.max(0, ackDelayMicros);
    if (handshakeConfirmed) {
      delay = Math.min(delay, ackDelayCapMicros);
    }
    long adjusted = latest;
    if (latest >= minRttMicros + delay) {
      adjusted = latest - delay;
    }
    rttVarianceMicros = (3 * rttVarianceMicros + Math.abs(smoothedRttMicros - adjusted)) / 4;
    smoothedRttMicros = (7 * smoothedRttMicros + adjusted) / 8;
    latestRttMicros = adjusted;
    measurementMicros = adjusted;
    return adjusted;
  }

  /**
   * The retransmit timer before backoff (picoquic's {@code retransmit_timer}, RFC 9002's PTO
   * period).
   *
   * @param peerMaxAckDelayMicros the peer's max_ack_delay now (25 ms before its transport
   *     parameters, 10 ms from a picoquic peer; RFC 9002 uses 0 for the Initial and Handshake
   *     spaces). Only RFC 9002 reads it; picoquic's timer took the delay known at its last fold
   *     ({@link #setFoldMaxAckDelayMicros}).
   */
  public long retransmitTimeoutMicros(long peerMaxAckDelayMicros) {
    if (flavor == RttFlavor.RFC9002) {
      return smoothedRttMicros
          + Math.max(4 * rttVarianceMicros, RFC_GRANULARITY_MICROS)
          + peerMaxAckDelayMicros;
    }
    long timer = foldedRetransmitTimerMicros;
    // picoquic raises its timer to every sample and recomputes it only at a fold.
    if (samplesInPeriod > 0) {
      timer = Math.max(timer, maxInPeriodMicros);
    }
    return timer;
  }

  /** Smoothed RTT; the initial RTT (250 ms by default) before the first sample. */
  public long smoothedRttMicros() {
    return smoothedRttMicros;
  }

  public long rttVarianceMicros() {
    return rttVarianceMicros;
  }

  /** The smallest (adjusted, in picoquic) sample seen, 0 before any sample. */
  public long minRttMicros() {
    return minRttMicros;
  }

  /** The latest adjusted sample, 0 before any sample. */
  public long latestRttMicros() {
    return latestRttMicros;
  }

  /**
   * What picoquic's {@code rtt_measurement} notification carries after the last call: the sample,
   * or the period's mean when the call folded a period of several samples.
   */
  public long measurementMicros() {
    return measurementMicros;
  }

  /** Whether the last call folded its period into the smoothed values. */
  public boolean lastSampleFolded() {
    return lastSampleFolded;
  }

  /** Whether the smoothed values come from samples (picoquic's {@code rtt_is_initialized}). */
  public boolean hasSample() {
    return initialized;
  }

  public long initialRttMicros() {
    return initialRttMicros;
  }

  /** Replaces the minimum RTT; picoquic's BBR does this when ProbeRTT ends. */
  public void overrideMinRttMicros(long minRttMicros) {
    this.minRttMicros = minRttMicros;
  }
}

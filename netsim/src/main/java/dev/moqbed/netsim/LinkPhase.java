package dev.moqbed.netsim;

/**
 * One phase of a link schedule: the parameters of both directions for {@code durationMicros}
 * (picoquic_ns's {@code picoquic_ns_link_spec_t}). Rates are in Gbit/s as in the reference (0.02 =
 * 20 Mbit/s) because the serialization time is computed from that double exactly as the reference
 * does; a rate of 0 suspends the direction. Zero jitter, queue limit, L4S threshold or burst count
 * mean "none".
 *
 * @param durationMicros how long the phase lasts; {@link #FOREVER} never ends
 * @param upRateGbps client-to-server rate (link 0), Gbit/s; 0 = suspended
 * @param downRateGbps server-to-client rate (link 1), Gbit/s; 0 = suspended
 * @param latencyMicros one-way propagation delay, both directions
 * @param jitterMicros jitter parameter J, both directions; 0 = no jitter
 * @param jitterModel how J is turned into per-packet delays
 * @param queueDelayMaxMicros drop-tail limit measured in time; 0 = unlimited
 * @param l4sMaxMicros DualQ L4S ramp maximum (maxTh); 0 = no AQM. Only phase 0 decides whether the
 *     links get an AQM, as in the reference
 * @param burstLossCount packets lost per burst (the reference's {@code B}); 0 = no loss
 * @param packetsBetweenBursts packets sent between bursts (the reference's {@code P})
 */
public record LinkPhase(
    long durationMicros,
    double upRateGbps,
    double downRateGbps,
    long latencyMicros,
    long jitterMicros,
    JitterModel jitterModel,
    long queueDelayMaxMicros,
    long l4sMaxMicros,
    long burstLossCount,
    long packetsBetweenBursts) {

  /** A duration that never ends (the reference's UINT64_MAX). */
  public static final long FOREVER = Long.MAX_VALUE;

  public LinkPhase {
    requireNonNegative(durationMicros, "duration");
    requireRate(upRateGbps, "up rate");
    requireRate(downRateGbps, "down rate");
    requireNonNegative(latencyMicros, "latency");
    requireNonNegative(jitterMicros, "jitter");
    requireNonNegative(queueDelayMaxMicros, "queue delay max");
    requireNonNegative(l4sMaxMicros, "l4s max");
    requireNonNegative(burstLossCount, "burst loss count");
    requireNonNegative(packetsBetweenBursts, "packets between bursts");
    if (jitterModel == null) {
      throw new IllegalArgumentException("jitter model must be given (GAUSSIAN when unused)");
    }
  }

  /** A symmetric phase with no jitter, AQM or loss. */
  public static LinkPhase of(
      long durationMicros, double rateGbps, long latencyMicros, long queueDelayMaxMicros) {
    return new LinkPhase(
        durationMicros,
        rateGbps,
        rateGbps,
        latencyMicros,
        0,
        JitterModel.GAUSSIAN,
        queueDelayMaxMicros,
        0,
        0,
        0);
  }

  /**
   * Converts bit/s (as {@code Quantities.parseRateBitsPerSecond} gives) to the Gbit/s used here.
   */
  public static double gbps(long bitsPerSecond) {
    return bitsPerSecond / 1e9;
  }

  public LinkPhase withDurationMicros(long micros) {
    return new LinkPhase(
        micros,
        upRateGbps,
        downRateGbps,
        latencyMicros,
        jitterMicros,
        jitterModel,
        queueDelayMaxMicros,
        l4sMaxMicros,
        burstLossCount,
        packetsBetweenBursts);
  }

  public LinkPhase withRatesGbps(double up, double down) {
    return new LinkPhase(
        durationMicros,
        up,
        down,
        latencyMicros,
        jitterMicros,
        jitterModel,
        queueDelayMaxMicros,
        l4sMaxMicros,
        burstLossCount,
        packetsBetweenBursts);
  }

  public LinkPhase withJitter(long micros, JitterModel model) {
    return new LinkPhase(
        durationMicros,
        upRateGbps,
        downRateGbps,
        latencyMicros,
        micros,
        model,
        queueDelayMaxMicros,
        l4sMaxMicros,
        burstLossCount,
        packetsBetweenBursts);
  }

  public LinkPhase withL4sMaxMicros(long micros) {
    return new LinkPhase(
        durationMicros,
        upRateGbps,
        downRateGbps,
        latencyMicros,
        jitterMicros,
        jitterModel,
        queueDelayMaxMicros,
        micros,
        burstLossCount,
        packetsBetweenBursts);
  }

  public LinkPhase withBurstLoss(long lossCount, long packetsBetween) {
    return new LinkPhase(
        durationMicros,
        upRateGbps,
        downRateGbps,
        latencyMicros,
        jitterMicros,
        jitterModel,
        queueDelayMaxMicros,
        l4sMaxMicros,
        lossCount,
        packetsBetween);
  }

  /** The rate of one direction, Gbit/s. */
  public double rateGbps(LinkDirection direction) {
    return direction == LinkDirection.UP ? upRateGbps : downRateGbps;
  }

  private static void requireNonNegative(long value, String what) {
    if (value < 0) {
      throw new IllegalArgumentException(what + " must not be negative: " + value);
    }
  }

  private static void requireRate(double gbps, String what) {
    if (!(gbps >= 0) || Double.isInfinite(gbps)) {
      throw new IllegalArgumentException(what + " must be a finite rate >= 0 Gbit/s: " + gbps);
    }
    if (gbps > 0 && gbps < MIN_RATE_GBPS) {
      // below 1 kbit/s the reference's picoseconds-per-byte overflow its 64-bit arithmetic
      throw new IllegalArgumentException(what + " below 1 kbit/s is not supported: " + gbps);
    }
  }

  /** 1 kbit/s: the slowest rate whose serialization arithmetic stays in 64 bits. */
  public static final double MIN_RATE_GBPS = 1e-6;
}

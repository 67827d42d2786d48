package dev.moqbed.transport.recovery;

/**
 * picoquic's pacer ({@code pacing.c}): a token bucket whose tokens are nanoseconds of sending
 * credit.
 *
 * <ol>
 *   <li>Refill: the bucket is first floored at minus one packet time, then gains 1000 ns per
 *       elapsed microsecond, capped at the bucket maximum.
 *   <li>Test: a packet may leave iff the bucket holds at least one full-MTU packet time, whatever
 *       the real size; otherwise the next chance is at {@code now + 1 + (packet_time -
 *       bucket)/1000} us.
 *   <li>Charge: a packet of L bytes costs {@code ceil(packet_time x L / MTU)} ns.
 * </ol>
 *
 * <p>Small packets can therefore follow one another while the credit is at least one MTU time,
 * sustained throughput equals the rate, and after idle a burst of up to the quantum leaves at once.
 * Before a controller configures it the pacer is "16 ns of credit, 16 ns max, 1 ns per packet":
 * effectively unpaced. No allocation.
 */
public final class Pacer {

  /** picoquic caps a packet time at 10,000 s; the value it then stores, in ns. */
  private static final long HUGE_PACKET_TIME_NANOS = 10_000_000_000_000L;

  /** picoquic caps a bucket at 100,000 s; the value it then stores, in ns. */
  private static final long HUGE_BUCKET_NANOS = 100_000_000_000_000L;

  private long evaluationMicros;
  private long bucketNanos = 16;
  private long bucketMaxNanos = 16;
  private long packetTimeNanos = 1;
  private long packetTimeMicros = 1;
  private int mtuBytes = TransportDefaults.INITIAL_MTU_BYTES;
  private long rateBytesPerSecond;
  private long rateMaxBytesPerSecond;
  private long quantumMaxBytes;

  /** A pacer in picoquic's initial "high speed" state, its refill clock starting at {@code now}. */
  public Pacer(long nowMicros) {
    this.evaluationMicros = nowMicros;
  }

  /**
   * Sets a rate and a burst size, as C4 and BBR do ({@code picoquic_update_pacing_rate}).
   *
   * @param rateBytesPerSecond the pacing rate
   * @param quantumBytes the burst allowed after idle
   * @param mtuBytes the path's current packet size
   * @param smoothedRttMicros caps the packet time
   */
  public void configureRate(
      double rateBytesPerSecond, long quantumBytes, int mtuBytes, long smoothedRttMicros) {
    this.mtuBytes = mtuBytes;
    double packetTimeSeconds = mtuBytes / rateBytesPerSecond;
    double quantumTimeSeconds = quantumBytes / rateBytesPerSecond;
    long rttNanos = smoothedRttMicros * 1000;

    recordRate((long) rateBytesPerSecond);
    quantumMaxBytes = Math.max(quantumMaxBytes, quantumBytes);

    if (packetTimeSeconds > 10_000.0) {
      packetTimeNanos = HUGE_PACKET_TIME_NANOS;
    } else {
      packetTimeNanos = (long) (packetTimeSeconds * 1_000_000_000.0);
    }
    if (packetTimeNanos <= 0) {
      packetTimeNanos = 1;
      packetTimeMicros = 1;
    } else {
      if (packetTimeNanos > rttNanos) {
        packetTimeNanos = rttNanos;
      }
      packetTimeMicros = (packetTimeNanos + 999) / 1000;
    }
    if (quantumTimeSeconds > 100_000.0) {
      bucketMaxNanos = HUGE_BUCKET_NANOS;
    } else {
      bucketMaxNanos = (long) (quantumTimeSeconds * 1_000_000_000.0);
      if (bucketMaxNanos <= 0) {
        bucketMaxNanos = 16 * packetTimeNanos;
      }
    }
    if (bucketNanos > bucketMaxNanos) {
      bucketNanos = bucketMaxNanos;
    }
  }

  private void recordRate(long rate) {
    rateBytesPerSecond = rate;
    rateMaxBytesPerSecond = Math.max(rateMaxBytesPerSecond, rate);
  }

  /**
   * The "window too small to pace" case of {@code picoquic_update_pacing_window} (cwnd below 8 MTU,
   * or smoothed RTT of 1 us or less): 1 ns per packet, a bucket of one smoothed RTT. Only ACK
   * clocking limits the sender then. The rate is left as it was.
   */
  public void configureUnpaced(long smoothedRttMicros) {
    bucketMaxNanos = smoothedRttMicros * 1000;
    packetTimeNanos = 1;
    packetTimeMicros = 1;
    if (bucketNanos > bucketMaxNanos) {
      bucketNanos = bucketMaxNanos;
    }
  }

  /** Refills the bucket, then tells whether a packet may leave now. */
  public boolean canSend(long nowMicros) {
    refill(nowMicros);
    return bucketNanos >= packetTimeNanos;
  }

  /** The earliest time a packet may leave: {@code now} if it may leave now. Refills the bucket. */
  public long nextSendTimeMicros(long nowMicros) {
    if (canSend(nowMicros)) {
      return nowMicros;
    }
    return nowMicros + 1 + (packetTimeNanos - bucketNanos) / 1000;
  }

  /** Charges a sent packet against the current MTU (the one of the last configuration). */
  public void onPacketSent(long nowMicros, int sizeBytes) {
    onPacketSent(nowMicros, sizeBytes, mtuBytes);
  }

  /**
   * Charges a sent packet. picoquic divides by the path's MTU at send time, which may differ from
   * the MTU the packet time was computed with (the PMTU probe raises it between two
   * configurations).
   */
  public void onPacketSent(long nowMicros, int sizeBytes, int currentMtuBytes) {
    refill(nowMicros);
    bucketNanos -= (packetTimeNanos * sizeBytes + (currentMtuBytes - 1)) / currentMtuBytes;
  }

  private void refill(long nowMicros) {
    if (bucketNanos < -packetTimeNanos) {
      bucketNanos = -packetTimeNanos;
    }
    if (nowMicros > evaluationMicros) {
      bucketNanos += (nowMicros - evaluationMicros) * 1000;
      evaluationMicros = nowMicros;
      if (bucketNanos > bucketMaxNanos) {
        bucketNanos = bucketMaxNanos;
      }
    }
  }

  /** Credit in nanoseconds; negative after a packet sent on a partial credit. */
  public long bucketNanos() {
    return bucketNanos;
  }

  public long bucketMaxNanos() {
    return bucketMaxNanos;
  }

  /** The credit one full-MTU packet needs. */
  public long packetTimeNanos() {
    return packetTimeNanos;
  }

  /** The packet time rounded up to microseconds. */
  public long packetTimeMicros() {
    return packetTimeMicros;
  }

  /** The rate of the last {@link #configureRate} call (truncated), 0 before any. */
  public long rateBytesPerSecond() {
    return rateBytesPerSecond;
  }

  public long rateMaxBytesPerSecond() {
    return rateMaxBytesPerSecond;
  }

  public long quantumMaxBytes() {
    return quantumMaxBytes;
  }

  /** The MTU the 2-argument {@link #onPacketSent(long, int)} divides by. */
  public int mtuBytes() {
    return mtuBytes;
  }
}

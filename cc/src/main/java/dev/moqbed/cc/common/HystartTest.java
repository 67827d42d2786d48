package dev.moqbed.cc.common;

/**
 * picoquic's slow-start exit on a rising RTT ({@code picoquic_cc_hystart_test}), used by its Cubic,
 * NewReno and the long-RTT Startup of its BBR. It is not RFC 9406 HyStart++.
 *
 * <p>Samples closer than 1 ms to the previous stored one are ignored. Once seven samples are
 * stored, the filtered minimum is the lowest seven-sample <em>maximum</em> seen so far. A sample
 * counts as an excess when the seven-sample minimum exceeds that filtered minimum by more than a
 * quarter of it, or by one pacing packet time if that is larger (the floor picoquic added in 2026);
 * a seven-sample minimum at or below the filtered minimum clears the count. The test fires once
 * seven excesses have been counted, and keeps firing on further excesses: the state is never reset,
 * which is why picoquic's Cubic exits again at once on stale samples after a timeout collapse.
 */
public final class HystartTest {

  /** Minimum spacing between two stored samples. */
  public static final long SAMPLE_SPACING_MICROS = 1_000;

  private final MinMaxRttFilter samples = new MinMaxRttFilter();
  private long lastSampleMicros;
  private long filteredMinMicros;
  private int excessCount;

  /**
   * Feeds one RTT sample and returns whether slow start should end.
   *
   * @param packetTimeMicros the pacer's current time per full-size packet (1 when unpaced)
   */
  public boolean onRttSample(long nowMicros, long rttMicros, long packetTimeMicros) {
    if (nowMicros <= lastSampleMicros + SAMPLE_SPACING_MICROS) {
      return false;
    }
    samples.add(rttMicros);
    lastSampleMicros = nowMicros;
    if (!samples.isFull()) {
      return false;
    }
    if (filteredMinMicros == 0 || filteredMinMicros > samples.maxMicros()) {
      filteredMinMicros = samples.maxMicros();
    }
    long thresholdMicros = Math.max(filteredMinMicros / 4, packetTimeMicros);
    long windowMinMicros = samples.minMicros();
    if (windowMinMicros > filteredMinMicros) {
      if (windowMinMicros > filteredMinMicros + thresholdMicros) {
        excessCount++;
        return excessCount >= MinMaxRttFilter.SCOPE;
      }
      return false;
    }
    excessCount = 0;
    return false;
  }

  /** The lowest seven-sample maximum so far; 0 until the ring is full. */
  public long filteredMinMicros() {
    return filteredMinMicros;
  }

  /** Consecutive excess samples counted so far. */
  public int excessCount() {
    return excessCount;
  }

  /** The ring of stored samples (BBR reads its extremes). */
  public MinMaxRttFilter samples() {
    return samples;
  }
}

package dev.moqbed.cc.bbr;

import dev.moqbed.cc.common.MinMaxRttFilter;

/**
 * picoquic BBR's RTT jitter buffer: the last seven RTT samples taken at least 1 ms apart, with
 * their minimum and maximum. picoquic's min RTT is fed from the maximum (so it is a min of windowed
 * maxima) and its RTT-rise signal from the minimum. Until the first sample both read the value the
 * buffer was created with (picoquic's {@code BBRResetRTTJitterBuffer}).
 */
final class RttJitterBuffer {
  static final int LENGTH = MinMaxRttFilter.SCOPE;
  private static final long SPACING_MICROS = 1_000;

  private final MinMaxRttFilter samples = new MinMaxRttFilter();
  private final long initialRttMicros;
  private long lastSampleMicros;

  RttJitterBuffer(long initialRttMicros, long nowMicros) {
    this.initialRttMicros = initialRttMicros;
    this.lastSampleMicros = nowMicros;
  }

  /** Stores the sample if more than 1 ms passed since the last stored one. */
  void offer(long rttMicros, long nowMicros) {
    if (nowMicros <= lastSampleMicros + SPACING_MICROS) {
      return;
    }
    samples.add(rttMicros);
    lastSampleMicros = nowMicros;
  }

  /** True until seven samples have been stored. */
  boolean isFilling() {
    return !samples.isFull();
  }

  long shortTermMinMicros() {
    return samples.sampleCount() == 0 ? initialRttMicros : samples.minMicros();
  }

  long shortTermMaxMicros() {
    return samples.sampleCount() == 0 ? initialRttMicros : samples.maxMicros();
  }
}

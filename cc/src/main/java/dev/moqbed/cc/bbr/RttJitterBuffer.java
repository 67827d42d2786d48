package dev.moqbed.cc.bbr;

/**
 * picoquic BBR's RTT jitter buffer: the last seven RTT samples taken at least 1 ms apart, with
 * their minimum and maximum. picoquic's min RTT is fed from the maximum (so it is a min of windowed
 * maxima) and its RTT-rise signal from the minimum.
 */
final class RttJitterBuffer {
  static final int LENGTH = 7;
  private static final long SPACING_MICROS = 1_000;

  private final long[] samples = new long[LENGTH];
  private long sampleCount;
  private long lastSampleMicros;
  private long shortTermMinMicros;
  private long shortTermMaxMicros;

  /** Empties the buffer; min and max both read {@code initialRttMicros} until the next sample. */
  void reset(long initialRttMicros, long nowMicros) {
    sampleCount = 0;
    lastSampleMicros = nowMicros;
    shortTermMinMicros = initialRttMicros;
    shortTermMaxMicros = initialRttMicros;
  }

  /** Stores the sample if more than 1 ms passed since the last stored one. */
  void offer(long rttMicros, long nowMicros) {
    if (nowMicros <= lastSampleMicros + SPACING_MICROS) {
      return;
    }
    samples[(int) (sampleCount % LENGTH)] = rttMicros;
    sampleCount++;
    lastSampleMicros = nowMicros;
    long min = BbrArithmetic.INFINITE;
    long max = 0;
    int filled = (int) Math.min(sampleCount, LENGTH);
    for (int i = 0; i < filled; i++) {
      min = Math.min(min, samples[i]);
      max = Math.max(max, samples[i]);
    }
    shortTermMinMicros = min;
    shortTermMaxMicros = max;
  }

  /** True until seven samples have been stored. */
  boolean isFilling() {
    return sampleCount < LENGTH;
  }

  long shortTermMinMicros() {
    return shortTermMinMicros;
  }

  long shortTermMaxMicros() {
    return shortTermMaxMicros;
  }
}

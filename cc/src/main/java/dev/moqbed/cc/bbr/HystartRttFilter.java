package dev.moqbed.cc.bbr;

/**
 * picoquic's {@code picoquic_cc_hystart_test} with its seven-sample min/max filter ({@code
 * cc_common.c}), as BBR's long-RTT Startup uses it: samples at least 1 ms apart; once seven are
 * held, the filtered minimum is the lowest window maximum seen; the test fires when seven
 * consecutive samples have a window minimum above that filtered minimum plus max(filtered/4, the
 * pacer's packet time).
 *
 * <p>The BBR-specific pathological-RTT check at long-RTT exit reads {@link #hasSamples()} and
 * {@link #sampleMaxMicros()}.
 */
final class HystartRttFilter {
  private static final int SCOPE = 7;
  private static final long SPACING_MICROS = 1_000;

  private final long[] samples = new long[SCOPE];
  private int current;
  private boolean isInit;
  private long sampleMinMicros;
  private long sampleMaxMicros;
  private long lastSampleMicros;
  private long filteredMinMicros;
  private int excessCount;

  /**
   * Feeds one RTT sample; returns true when the RTT rise says slow start must end.
   *
   * @param packetTimeMicros the pacer's current packet time, a floor for the threshold
   */
  boolean test(long rttMicros, long packetTimeMicros, long nowMicros) {
    if (nowMicros <= lastSampleMicros + SPACING_MICROS) {
      return false;
    }
    store(rttMicros);
    lastSampleMicros = nowMicros;
    if (!isInit) {
      return false;
    }
    if (filteredMinMicros == 0 || filteredMinMicros > sampleMaxMicros) {
      filteredMinMicros = sampleMaxMicros;
    }
    long thresholdMicros = Math.max(filteredMinMicros / 4, packetTimeMicros);
    if (sampleMinMicros > filteredMinMicros) {
      if (sampleMinMicros > filteredMinMicros + thresholdMicros) {
        excessCount++;
        return excessCount >= SCOPE;
      }
      return false;
    }
    excessCount = 0;
    return false;
  }

  /** Whether any sample was stored (picoquic: {@code is_init || sample_current > 0}). */
  boolean hasSamples() {
    return isInit || current > 0;
  }

  long sampleMaxMicros() {
    return sampleMaxMicros;
  }

  private void store(long rttMicros) {
    int slot = current;
    samples[slot] = rttMicros;
    current = slot + 1;
    if (current >= SCOPE) {
      isInit = true;
      current = 0;
    }
    int filled = isInit ? SCOPE : slot + 1;
    sampleMinMicros = samples[0];
    sampleMaxMicros = samples[0];
    for (int i = 1; i < filled; i++) {
      // picoquic's "else if": a new minimum is never also checked as a maximum.
      if (samples[i] < sampleMinMicros) {
        sampleMinMicros = samples[i];
      } else if (samples[i] > sampleMaxMicros) {
        sampleMaxMicros = samples[i];
      }
    }
  }
}

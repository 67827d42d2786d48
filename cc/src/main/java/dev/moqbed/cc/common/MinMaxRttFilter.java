package dev.moqbed.cc.common;

/**
 * The last seven RTT samples in a ring, with their minimum and maximum ({@code
 * picoquic_cc_filter_rtt_min_max}). Until the ring has wrapped once, the extremes cover only the
 * samples stored so far.
 */
public final class MinMaxRttFilter {

  /** {@code PICOQUIC_MIN_MAX_RTT_SCOPE}: how many samples the ring holds. */
  public static final int SCOPE = 7;

  private final long[] samplesMicros = new long[SCOPE];
  private int nextSlot;
  private boolean full;
  private long minMicros;
  private long maxMicros;

  /** Stores a sample, overwriting the oldest once the ring is full, and recomputes the extremes. */
  public void add(long rttMicros) {
    int slot = nextSlot;
    samplesMicros[slot] = rttMicros;
    nextSlot = slot + 1;
    if (nextSlot >= SCOPE) {
      full = true;
      nextSlot = 0;
    }
    int filled = full ? SCOPE : slot + 1;
    long min = samplesMicros[0];
    long max = samplesMicros[0];
    for (int i = 1; i < filled; i++) {
      long sample = samplesMicros[i];
      if (sample < min) {
        min = sample;
      } else if (sample > max) {
        max = sample;
      }
    }
    minMicros = min;
    maxMicros = max;
  }

  /** Whether seven samples have been stored (picoquic's {@code is_init}). */
  public boolean isFull() {
    return full;
  }

  /** How many slots hold a sample. */
  public int sampleCount() {
    return full ? SCOPE : nextSlot;
  }

  /** The smallest stored sample; 0 before the first. */
  public long minMicros() {
    return minMicros;
  }

  /** The largest stored sample; 0 before the first. */
  public long maxMicros() {
    return maxMicros;
  }
}

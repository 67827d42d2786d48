package dev.moqbed.quicperf;

/**
 * quicperf's per-description frame latency statistics: count, sum, minimum and maximum, in
 * microseconds. As in the reference, a minimum of 0 does not stick: the next frame replaces it (the
 * reference uses 0 to mean "no minimum yet").
 */
public final class LatencyStats {
  private long count;
  private long sumMicros;
  private long minMicros;
  private long maxMicros;

  void add(long latencyMicros) {
    count++;
    sumMicros += latencyMicros;
    if (minMicros == 0 || latencyMicros < minMicros) {
      minMicros = latencyMicros;
    }
    maxMicros = Math.max(maxMicros, latencyMicros);
  }

  /** Frames counted. */
  public long count() {
    return count;
  }

  public long sumMicros() {
    return sumMicros;
  }

  /** The smallest latency (see the class comment about 0); 0 when nothing was counted. */
  public long minMicros() {
    return minMicros;
  }

  public long maxMicros() {
    return maxMicros;
  }

  /** sum / count, unrounded; 0 when nothing was counted. */
  public double averageMicros() {
    return count == 0 ? 0 : (double) sumMicros / count;
  }

  @Override
  public String toString() {
    return String.format(
        "%d frames, latency min/avg/max %d/%.0f/%d us",
        count, minMicros, averageMicros(), maxMicros);
  }
}

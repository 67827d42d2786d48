package dev.moqbed.simulation.moq;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A MoQ-chain run's frame latencies per track, summed as its {@code runs.csv} row reports them: the
 * run's media latency is the largest per-track average, its max latency the largest of all, and
 * {@code media_streams} lists {@code track:frames:average:max} per track in arrival order. Exact
 * figures from every frame (the subscriber's histograms are bucketed); the same for a simulated, a
 * live and a collected run.
 */
public final class TrackLatencies {
  /** Per track: frames, latency sum, latency max (µs). */
  private final Map<String, long[]> byTrack = new LinkedHashMap<>();

  /** One frame that arrived on {@code track}. */
  public void add(String track, long latencyMicros) {
    long[] stats = byTrack.computeIfAbsent(track, name -> new long[3]);
    stats[0]++;
    stats[1] += latencyMicros;
    stats[2] = Math.max(stats[2], latencyMicros);
  }

  /** Whether {@code track} has a frame already. */
  public boolean has(String track) {
    return byTrack.containsKey(track);
  }

  /** The tracks with frames. */
  public int tracks() {
    return byTrack.size();
  }

  /** The largest per-track average latency (µs, rounded), null without frames. */
  public Long averageLatencyMicros() {
    Long largest = null;
    for (long[] stats : byTrack.values()) {
      long average = average(stats);
      largest = largest == null ? average : Math.max(largest, average);
    }
    return largest;
  }

  /** The largest latency of any frame (µs), null without frames. */
  public Long maxLatencyMicros() {
    Long largest = null;
    for (long[] stats : byTrack.values()) {
      largest = largest == null ? stats[2] : Math.max(largest, stats[2]);
    }
    return largest;
  }

  /** The {@code media_streams} cell: {@code track:frames:average:max}, joined by {@code ;}. */
  public String mediaStreams() {
    StringBuilder streams = new StringBuilder();
    for (Map.Entry<String, long[]> entry : byTrack.entrySet()) {
      long[] stats = entry.getValue();
      streams
          .append(streams.length() == 0 ? "" : ";")
          .append(entry.getKey())
          .append(':')
          .append(stats[0])
          .append(':')
          .append(average(stats))
          .append(':')
          .append(stats[2]);
    }
    return streams.toString();
  }

  private static long average(long[] stats) {
    return Math.round((double) stats[1] / stats[0]);
  }
}

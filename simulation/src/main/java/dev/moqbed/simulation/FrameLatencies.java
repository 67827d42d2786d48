package dev.moqbed.simulation;

import dev.moqbed.media.FrameKind;
import dev.moqbed.output.Summary;
import dev.moqbed.quicperf.FrameLog;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Per-frame latencies gathered over runs, per track (quicperf item) and frame kind: how many frames
 * arrived, how many were cancelled by STOP_SENDING, and the latency distribution of the counted
 * ones (those the draft's statistics count: after {@code media_stats_start} for video).
 */
public final class FrameLatencies {
  /** Latencies of one (track, kind), growing as runs are added. */
  public static final class Series {
    private long[] latenciesMicros = new long[256];
    private int count;
    private long cancelled;

    void add(long latencyMicros) {
      if (count == latenciesMicros.length) {
        latenciesMicros = Arrays.copyOf(latenciesMicros, count * 2);
      }
      latenciesMicros[count++] = latencyMicros;
    }

    public int frames() {
      return count;
    }

    public long cancelled() {
      return cancelled;
    }

    /** The {@code q} quantile (0 to 1) with linear interpolation, in microseconds. */
    public double quantileMicros(double q) {
      double[] values = new double[count];
      for (int i = 0; i < count; i++) {
        values[i] = latenciesMicros[i];
      }
      return Summary.quantile(values, q);
    }

    public long maxMicros() {
      long max = 0;
      for (int i = 0; i < count; i++) {
        max = Math.max(max, latenciesMicros[i]);
      }
      return max;
    }
  }

  private final Map<String, Series> series = new LinkedHashMap<>();

  /** Adds the frames of one run. */
  public void add(FrameLog frames) {
    for (int i = 0; i < frames.size(); i++) {
      Series target =
          series.computeIfAbsent(key(frames.itemId(i), frames.kind(i)), k -> new Series());
      if (frames.isCancelled(i)) {
        target.cancelled++;
      } else if (frames.isCounted(i)) {
        target.add(frames.latencyMicros(i));
      }
    }
  }

  /** The series by "track/kind", in the order first seen. */
  public Map<String, Series> series() {
    return series;
  }

  private static String key(String track, FrameKind kind) {
    return track + "/" + kind.name();
  }
}

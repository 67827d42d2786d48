package dev.moqbed.live.interval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Intervals as the maps and lists {@code dev.moqbed.output.Json} writes: times in seconds since the
 * run started, latencies in microseconds (null where the end does not measure them or no frame
 * arrived).
 */
public final class IntervalJson {
  private IntervalJson() {}

  /** Every interval, in order. */
  public static List<Object> intervals(List<IntervalSnapshot> intervals) {
    List<Object> list = new ArrayList<>();
    for (IntervalSnapshot interval : intervals) {
      list.add(interval(interval));
    }
    return list;
  }

  /** One interval (or the summary). */
  public static Map<String, Object> interval(IntervalSnapshot interval) {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("from_s", interval.fromMicros() / 1e6);
    map.put("to_s", interval.toMicros() / 1e6);
    List<Object> tracks = new ArrayList<>();
    for (TrackInterval track : interval.tracks()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("track", track.track());
      row.put("frames", track.frames());
      row.put("bytes", track.bytes());
      boolean measured = track.latency() != null && track.latency().getTotalCount() > 0;
      row.put("p50_us", measured ? track.latency().getValueAtPercentile(50) : null);
      row.put("p99_us", measured ? track.latency().getValueAtPercentile(99) : null);
      row.put("late", track.late());
      row.put("stop_sending", track.stopSending());
      row.put("reset", track.reset());
      row.put("dropped", track.dropped());
      tracks.add(row);
    }
    map.put("tracks", tracks);
    if (interval.path() != null) {
      PathInterval path = interval.path();
      Map<String, Object> paths = new LinkedHashMap<>();
      paths.put("sessions", path.sessions());
      paths.put("cwnd_bytes", path.congestionWindowBytes());
      paths.put("srtt_us", path.smoothedRttMicros());
      paths.put("delivery_rate_bps", path.deliveryRateBytesPerSecond() * 8);
      paths.put("queued_bytes", path.queuedBytes());
      paths.put("sent_bytes_per_session", path.sentBytes());
      map.put("relay_paths", paths);
    }
    return map;
  }

  /**
   * The document {@code --format json} prints: the command's configuration, every interval, the
   * summary and the command's own results (what it prints without intervals; may be null).
   */
  public static Map<String, Object> document(
      String command,
      Map<String, Object> configuration,
      List<IntervalSnapshot> intervals,
      Object results) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("command", command);
    document.put("configuration", configuration);
    document.put("intervals", intervals(intervals));
    IntervalSnapshot summary = IntervalSummary.of(intervals);
    document.put("summary", summary == null ? null : interval(summary));
    if (results != null) {
      document.put("results", results);
    }
    return document;
  }
}

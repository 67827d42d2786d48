package dev.moqbed.live.interval;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One interval as one terminal line, iperf3's way: {@code [ 0.0- 1.0 s]}, then per track its
 * frames, bytes and (where measured) latency p50/p99 of that interval, the drops, and the relay's
 * paths. Every field has a fixed width, so the columns stay aligned from line to line whatever the
 * numbers.
 */
public final class IntervalLine {
  /** The optional parts of a line; which apply depends on the end that reports. */
  public enum Column {
    LATENCY,
    LATE,
    STOP_SENDING,
    RESET,
    DROPPED,
    PATH
  }

  private final List<String> tracks;
  private final Set<Column> columns;
  private final int nameWidth;

  /**
   * @param tracks the tracks in the order of their columns; empty: those of each interval, in its
   *     order (a relay does not know its tracks in advance)
   */
  public IntervalLine(List<String> tracks, Set<Column> columns) {
    this.tracks = List.copyOf(tracks);
    this.columns = columns.isEmpty() ? EnumSet.noneOf(Column.class) : EnumSet.copyOf(columns);
    int width = 4;
    for (String track : tracks) {
      width = Math.max(width, track.length());
    }
    this.nameWidth = width;
  }

  /** What the fields mean, printed once before the first line. */
  public String legend() {
    StringBuilder legend = new StringBuilder("per interval and track: frames (fr), payload bytes");
    if (columns.contains(Column.LATENCY)) {
      legend.append(", frame latency p50/p99 of that interval");
    }
    List<String> drops = new ArrayList<>();
    if (columns.contains(Column.LATE)) {
      drops.add("late = frames past --late");
    }
    if (columns.contains(Column.STOP_SENDING)) {
      drops.add("stop = STOP_SENDING");
    }
    if (columns.contains(Column.RESET)) {
      drops.add("reset = group streams the relay reset");
    }
    if (columns.contains(Column.DROPPED)) {
      drops.add("drop = groups the relay dropped");
    }
    if (!drops.isEmpty()) {
      legend.append("; all tracks: ").append(String.join(", ", drops));
    }
    if (columns.contains(Column.PATH)) {
      legend.append(
          "; relay -> subscribers: sessions, mean cwnd, smoothed RTT and delivery rate,"
              + " bytes queued in the relay");
    }
    return legend.toString();
  }

  /** The line of one interval. */
  public String format(IntervalSnapshot interval) {
    StringBuilder line = new StringBuilder();
    line.append(
        String.format(
            Locale.ROOT,
            "[%5.1f-%5.1f s]",
            interval.fromMicros() / 1e6,
            interval.toMicros() / 1e6));
    long late = 0;
    long stop = 0;
    long reset = 0;
    long dropped = 0;
    for (String name : order(interval)) {
      TrackInterval track = interval.track(name);
      if (track == null) {
        track = TrackInterval.empty(name, columns.contains(Column.LATENCY));
      }
      line.append(
          String.format(
              Locale.ROOT,
              "  %-" + nameWidth + "s %5d fr %s",
              name,
              track.frames(),
              bytes(track.bytes())));
      if (columns.contains(Column.LATENCY)) {
        line.append(latency(track));
      }
      late += track.late();
      stop += track.stopSending();
      reset += track.reset();
      dropped += track.dropped();
    }
    if (columns.contains(Column.LATE)) {
      line.append(String.format(Locale.ROOT, "  late %4d", late));
    }
    if (columns.contains(Column.STOP_SENDING)) {
      line.append(String.format(Locale.ROOT, "  stop %4d", stop));
    }
    if (columns.contains(Column.RESET)) {
      line.append(String.format(Locale.ROOT, "  reset %4d", reset));
    }
    if (columns.contains(Column.DROPPED)) {
      line.append(String.format(Locale.ROOT, "  drop %4d", dropped));
    }
    if (columns.contains(Column.PATH)) {
      line.append(path(interval.path() == null ? PathInterval.NONE : interval.path()));
    }
    return line.toString();
  }

  /** The summary line: the whole run, marked as iperf3 marks its totals. */
  public String summary(IntervalSnapshot total) {
    return format(total) + "  summary";
  }

  /** iperf3's separator between the intervals and the summary. */
  public String separator() {
    return "- ".repeat(40).trim();
  }

  private List<String> order(IntervalSnapshot interval) {
    if (!tracks.isEmpty()) {
      return tracks;
    }
    return interval.tracks().stream().map(TrackInterval::track).toList();
  }

  private static String latency(TrackInterval track) {
    if (track.latency() == null || track.latency().getTotalCount() == 0) {
      return String.format(Locale.ROOT, " %6s/%6s ms", "-", "-");
    }
    return " "
        + milliseconds(track.latency().getValueAtPercentile(50))
        + "/"
        + milliseconds(track.latency().getValueAtPercentile(99))
        + " ms";
  }

  /** Milliseconds in 6 characters, with as many decimals as fit: 0.55, 212.7, 2601. */
  static String milliseconds(long micros) {
    double millis = micros / 1e3;
    if (millis < 99.995) {
      return String.format(Locale.ROOT, "%6.2f", millis);
    }
    if (millis < 9999.95) {
      return String.format(Locale.ROOT, "%6.1f", millis);
    }
    return String.format(Locale.ROOT, "%6.0f", Math.min(millis, 999_999));
  }

  private static String path(PathInterval path) {
    if (path.sessions() == 0) {
      return String.format(
          Locale.ROOT,
          "  subs %3d cwnd %8s rtt %6s ms rate %12s queue %s",
          0,
          "-",
          "-",
          "-",
          bytes(path.queuedBytes()));
    }
    return String.format(
        Locale.ROOT,
        "  subs %3d cwnd %s rtt %6.1f ms rate %s queue %s",
        path.sessions(),
        bytes(path.congestionWindowBytes()),
        path.smoothedRttMicros() / 1e3,
        rate(path.deliveryRateBytesPerSecond() * 8.0),
        bytes(path.queuedBytes()));
  }

  /** Bytes in 8 characters: {@code " 13.2 kB"}-style, decimal units. */
  static String bytes(long bytes) {
    if (bytes < 999_950) { // 999,950 would round to 1000.0 kB: one character too wide
      return String.format(Locale.ROOT, "%5.1f kB", bytes / 1e3);
    }
    if (bytes < 999_950_000) {
      return String.format(Locale.ROOT, "%5.1f MB", bytes / 1e6);
    }
    return String.format(Locale.ROOT, "%5.1f GB", bytes / 1e9);
  }

  /** A bit rate in 12 characters. */
  static String rate(double bitsPerSecond) {
    if (bitsPerSecond < 999.95e6) {
      return String.format(Locale.ROOT, "%5.1f Mbit/s", bitsPerSecond / 1e6);
    }
    return String.format(Locale.ROOT, "%5.1f Gbit/s", bitsPerSecond / 1e9);
  }
}

package dev.moqbed.live.interval;

import dev.moqbed.output.TerminalText;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One interval in the terminal, iperf3's way: {@code [ 0.0- 1.0 s]}, then per track its frames,
 * bytes and (where measured) latency p50/p99 of that interval, the drops, and the relay's paths,
 * wrapped to lines of at most {@value #WIDTH} characters. Every field has a fixed width, so the
 * columns stay aligned from interval to interval whatever the numbers; a figure with no value is
 * printed as an en dash.
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

  /** The widest line printed: a terminal of 120 columns shows every line whole. */
  public static final int WIDTH = 120;

  /** Printed for a figure with no value: no frame, no subscriber, no sample yet. */
  static final String NONE = "\u2013";

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
          "; relay -> subscribers: sessions (subs), their mean cwnd and smoothed RTT, per"
              + " subscriber the rate the relay sent at in the interval (sent, measured from its"
              + " connections' byte counters) and its controller's delivery-rate estimate (est),"
              + " bytes queued in the relay; \u2013 = no value");
    }
    return TerminalText.wrap(legend.toString(), WIDTH);
  }

  /**
   * The lines of one interval: its bounds, then the tracks, the drops and the relay's paths packed
   * into lines of at most {@link #WIDTH} characters; a line that continues the interval starts with
   * blanks where the bounds stand, so the fields of consecutive intervals stay in the same columns.
   */
  public String format(IntervalSnapshot interval) {
    return pack(bounds(interval), segments(interval));
  }

  /** The summary: the whole run, marked as iperf3 marks its totals. */
  public String summary(IntervalSnapshot total) {
    List<String> segments = segments(total);
    segments.add("  summary");
    return pack(bounds(total), segments);
  }

  /** iperf3's separator between the intervals and the summary. */
  public String separator() {
    return "- ".repeat(40).trim();
  }

  private static String bounds(IntervalSnapshot interval) {
    return String.format(
        Locale.ROOT, "[%5.1f-%5.1f s]", interval.fromMicros() / 1e6, interval.toMicros() / 1e6);
  }

  /** The fixed-width fields of one interval, in order, each starting with its two blanks. */
  private List<String> segments(IntervalSnapshot interval) {
    List<String> segments = new ArrayList<>();
    long late = 0;
    long stop = 0;
    long reset = 0;
    long dropped = 0;
    for (String name : order(interval)) {
      TrackInterval track = interval.track(name);
      if (track == null) {
        track = TrackInterval.empty(name, columns.contains(Column.LATENCY));
      }
      String segment =
          String.format(
              Locale.ROOT,
              "  %-" + nameWidth + "s %5d fr %s",
              name,
              track.frames(),
              bytes(track.bytes()));
      segments.add(columns.contains(Column.LATENCY) ? segment + latency(track) : segment);
      late += track.late();
      stop += track.stopSending();
      reset += track.reset();
      dropped += track.dropped();
    }
    StringBuilder drops = new StringBuilder();
    if (columns.contains(Column.LATE)) {
      drops.append(String.format(Locale.ROOT, "  late %4d", late));
    }
    if (columns.contains(Column.STOP_SENDING)) {
      drops.append(String.format(Locale.ROOT, "  stop %4d", stop));
    }
    if (columns.contains(Column.RESET)) {
      drops.append(String.format(Locale.ROOT, "  reset %4d", reset));
    }
    if (columns.contains(Column.DROPPED)) {
      drops.append(String.format(Locale.ROOT, "  drop %4d", dropped));
    }
    if (!drops.isEmpty()) {
      segments.add(drops.toString());
    }
    if (columns.contains(Column.PATH)) {
      PathInterval path = interval.path() == null ? PathInterval.NONE : interval.path();
      segments.add(path(path, interval.toMicros() - interval.fromMicros()));
    }
    return segments;
  }

  /** The segments after {@code bounds}, a new line (indented as far) where one would not fit. */
  private static String pack(String bounds, List<String> segments) {
    String indent = " ".repeat(bounds.length());
    StringBuilder text = new StringBuilder(bounds);
    int lineLength = bounds.length();
    boolean lineHasSegment = false;
    for (String segment : segments) {
      if (lineHasSegment && lineLength + segment.length() > WIDTH) {
        text.append('\n').append(indent);
        lineLength = indent.length();
      }
      text.append(segment);
      lineLength += segment.length();
      lineHasSegment = true;
    }
    return text.toString();
  }

  private List<String> order(IntervalSnapshot interval) {
    if (!tracks.isEmpty()) {
      return tracks;
    }
    return interval.tracks().stream().map(TrackInterval::track).toList();
  }

  private static String latency(TrackInterval track) {
    if (track.latency() == null || track.latency().getTotalCount() == 0) {
      // no unit beside a dash: it is no figure; spaces keep the columns after it in place
      return String.format(Locale.ROOT, " %6s/%6s   ", NONE, NONE);
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

  /**
   * The relay's side: subscriber sessions, their mean cwnd and smoothed RTT, then per subscriber
   * the bytes the relay measurably sent in the interval as a rate beside the controller's own
   * delivery-rate estimate, and the bytes queued in the relay.
   */
  private static String path(PathInterval path, long durationMicros) {
    // Measured bytes stand even before any RTT sample makes the controller's figures known.
    String sent =
        (path.sessions() == 0 && path.sentBytes() == 0) || durationMicros <= 0
            ? NONE
            : rate(path.sentBytes() * 8e6 / durationMicros);
    if (path.sessions() == 0) {
      return String.format(
          Locale.ROOT,
          "  subs %3d cwnd %8s rtt %9s sent %12s est %12s queue %s",
          0,
          NONE,
          NONE,
          sent,
          NONE,
          bytes(path.queuedBytes()));
    }
    return String.format(
        Locale.ROOT,
        "  subs %3d cwnd %s rtt %6.1f ms sent %12s est %s queue %s",
        path.sessions(),
        bytes(path.congestionWindowBytes()),
        path.smoothedRttMicros() / 1e3,
        sent,
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

package dev.moqbed.subscriber;

import dev.moqbed.media.FrameKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one subscriber saw of one track: frames received by kind, latency histograms (microseconds,
 * three significant digits) per frame kind, and the streams it stopped or saw reset. Without
 * histograms (a subscriber of the fan-out swarm, which keeps its own per group of subscribers) it
 * counts the frames and records no latency: a track's histograms take 0.4 to 0.8 MB, 1.5 MB or more
 * per subscriber.
 */
public final class TrackReport {
  /** Latencies above an hour are clamped to it. */
  static final long HIGHEST_LATENCY_MICROS = 3_600_000_000L;

  private final String track;
  private final Map<FrameKind, Histogram> latencyByKind = new EnumMap<>(FrameKind.class);
  private final Histogram latency;
  private final List<Histogram> hopLatencies = new ArrayList<>();
  private final long[] receivedByKind = new long[KINDS];
  private long received;
  long stopSendingSent;
  long streamsReset;
  long streamsStarted;
  long streamsEnded;
  long streamsMissing;
  long negativeLatencies;
  // Each gap: last group and object before it, first group after it.
  final List<long[]> gapBounds = new ArrayList<>();
  // The most objects seen in one group: the group size the gaps are counted with.
  long groupSize = 1;
  String refusal;

  private static final int KINDS = FrameKind.values().length;

  TrackReport(String track) {
    this(track, true);
  }

  /** A report that keeps latency histograms only when {@code histograms} is true. */
  TrackReport(String track, boolean histograms) {
    this.track = track;
    this.latency = histograms ? newHistogram() : null;
  }

  static Histogram newHistogram() {
    return new Histogram(HIGHEST_LATENCY_MICROS, 3);
  }

  void record(FrameKind kind, long latencyMicros) {
    long value = latencyMicros;
    if (value < 0) {
      negativeLatencies++;
      value = 0;
    }
    received++;
    receivedByKind[kind.ordinal()]++;
    if (latency == null) {
      return;
    }
    value = Math.min(value, HIGHEST_LATENCY_MICROS);
    latencyByKind.computeIfAbsent(kind, k -> newHistogram()).recordValue(value);
    latency.recordValue(value);
  }

  /**
   * Records the frame's latency per hop: from the capture time to the first relay's arrival stamp,
   * from each relay's stamp to the next one's, and from the last stamp to {@code arrivalMicros}.
   * Without stamps (no relay, or one that does not stamp) there is one hop, the whole latency. Hop
   * histograms resize themselves, so a track that never crosses a relay costs little.
   */
  void recordHops(long captureMicros, long[] relayArrivalsMicros, long arrivalMicros) {
    if (latency == null) {
      return;
    }
    long from = captureMicros;
    for (int hop = 0; hop <= relayArrivalsMicros.length; hop++) {
      long to = hop < relayArrivalsMicros.length ? relayArrivalsMicros[hop] : arrivalMicros;
      while (hopLatencies.size() <= hop) {
        hopLatencies.add(new Histogram(3));
      }
      hopLatencies.get(hop).recordValue(Math.min(Math.max(0, to - from), HIGHEST_LATENCY_MICROS));
      from = to;
    }
  }

  /** Hops seen so far: relays on the path + 1 (0 before the first frame). */
  public int hops() {
    return hopLatencies.size();
  }

  /**
   * Latency of hop {@code hop} (0 = publisher to first relay, last = last relay to this subscriber;
   * a copy, empty when no frame crossed that hop). Negative differences (clocks that disagree) are
   * recorded as 0.
   */
  public Histogram hopLatency(int hop) {
    return hop < hopLatencies.size() ? hopLatencies.get(hop).copy() : new Histogram(3);
  }

  public String track() {
    return track;
  }

  /** Frames received whole. */
  public long received() {
    return received;
  }

  /** Frames of {@code kind} received whole. */
  public long received(FrameKind kind) {
    return receivedByKind[kind.ordinal()];
  }

  /** Latency of all frames of the track (a copy; empty without histograms). */
  public Histogram latency() {
    return latency == null ? newHistogram() : latency.copy();
  }

  /** Latency of the frames of {@code kind} (a copy; empty when none arrived). */
  public Histogram latency(FrameKind kind) {
    Histogram histogram = latencyByKind.get(kind);
    return histogram == null ? newHistogram() : histogram.copy();
  }

  /** STOP_SENDING this subscriber sent on the track's streams. */
  public long stopSendingSent() {
    return stopSendingSent;
  }

  /** Streams of the track the relay reset. */
  public long streamsReset() {
    return streamsReset;
  }

  /**
   * Streams PUBLISH_DONE announced that never ended here when its grace time ran out: a stream the
   * relay reset before its header arrived (the reset carries no track), or one a relay on the way
   * never received; each is a group or part of one lost, counted though no frame of it came.
   */
  public long streamsMissing() {
    return streamsMissing;
  }

  /** Subgroup streams of the track that started. */
  public long streamsStarted() {
    return streamsStarted;
  }

  /** Frames whose latency came out negative (clock offset wrong); recorded as 0. */
  public long negativeLatencies() {
    return negativeLatencies;
  }

  /**
   * Frames the publisher sent while this subscriber was disconnected from the relay (between the
   * last frame before a reconnect and the first after), from the group and object ids: whole groups
   * missed times the track's group size (the most objects seen in one group over the whole run),
   * plus the rest of the group that was cut.
   */
  public long framesLostInGaps() {
    long lost = 0;
    for (long[] gap : gapBounds) {
      lost += framesBetween(gap[0], gap[1], gap[2], groupSize);
    }
    return lost;
  }

  /** Reconnects after which this track's frames resumed. */
  public long gaps() {
    return gapBounds.size();
  }

  /** Frames after (group, object) and before the start of {@code resumedGroup}. */
  static long framesBetween(long lastGroup, long lastObject, long resumedGroup, long groupSize) {
    return (resumedGroup - lastGroup - 1) * groupSize + Math.max(0, groupSize - 1 - lastObject);
  }

  /** The SUBSCRIBE_ERROR reason, or null when the subscription was accepted. */
  public String refusal() {
    return refusal;
  }
}

package dev.moqbed.subscriber;

import dev.moqbed.media.FrameKind;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one subscriber saw of one track: frames received by kind, latency histograms (microseconds,
 * three significant digits) per frame kind, and the streams it stopped or saw reset.
 */
public final class TrackReport {
  /** Latencies above an hour are clamped to it. */
  static final long HIGHEST_LATENCY_MICROS = 3_600_000_000L;

  private final String track;
  private final Map<FrameKind, Histogram> latencyByKind = new EnumMap<>(FrameKind.class);
  private final Histogram latency = newHistogram();
  long stopSendingSent;
  long streamsReset;
  long streamsStarted;
  long streamsEnded;
  long negativeLatencies;
  String refusal;

  TrackReport(String track) {
    this.track = track;
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
    value = Math.min(value, HIGHEST_LATENCY_MICROS);
    latencyByKind.computeIfAbsent(kind, k -> newHistogram()).recordValue(value);
    latency.recordValue(value);
  }

  public String track() {
    return track;
  }

  /** Frames received whole. */
  public long received() {
    return latency.getTotalCount();
  }

  /** Frames of {@code kind} received whole. */
  public long received(FrameKind kind) {
    Histogram histogram = latencyByKind.get(kind);
    return histogram == null ? 0 : histogram.getTotalCount();
  }

  /** Latency of all frames of the track (a copy). */
  public Histogram latency() {
    return latency.copy();
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

  /** Subgroup streams of the track that started. */
  public long streamsStarted() {
    return streamsStarted;
  }

  /** Frames whose latency came out negative (clock offset wrong); recorded as 0. */
  public long negativeLatencies() {
    return negativeLatencies;
  }

  /** The SUBSCRIBE_ERROR reason, or null when the subscription was accepted. */
  public String refusal() {
    return refusal;
  }
}

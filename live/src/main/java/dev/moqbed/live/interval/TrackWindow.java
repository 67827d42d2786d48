package dev.moqbed.live.interval;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One track's counts since the last sample, kept on the event loop of the role that feeds it. The
 * latency goes to an HdrHistogram {@link Recorder}, whose interval histogram starts empty after
 * each sample, so every interval's percentiles are its own frames only.
 */
final class TrackWindow {
  /** Latencies above an hour are clamped to it, as the subscriber's own report does. */
  static final long HIGHEST_LATENCY_MICROS = 3_600_000_000L;

  private final String track;
  private final Recorder latency;
  private long frames;
  private long bytes;
  private long late;
  private long stopSending;
  private long reset;
  private long dropped;

  TrackWindow(String track, boolean withLatency) {
    this.track = track;
    this.latency = withLatency ? new Recorder(HIGHEST_LATENCY_MICROS, 3) : null;
  }

  static Histogram newHistogram() {
    return new Histogram(HIGHEST_LATENCY_MICROS, 3);
  }

  String track() {
    return track;
  }

  void frame(long payloadBytes) {
    frames++;
    bytes += payloadBytes;
  }

  /** A frame that arrived with this latency; {@code late} when past the subscriber's deadline. */
  void frame(long payloadBytes, long latencyMicros, boolean isLate) {
    frame(payloadBytes);
    latency.recordValue(Math.min(Math.max(0, latencyMicros), HIGHEST_LATENCY_MICROS));
    if (isLate) {
      late++;
    }
  }

  void stopSending(long count) {
    stopSending += count;
  }

  void reset(long count) {
    reset += count;
  }

  void dropped(long count) {
    dropped += count;
  }

  /** The counts since the last call, which start again from zero. */
  TrackInterval take() {
    TrackInterval interval =
        new TrackInterval(
            track,
            frames,
            bytes,
            latency == null ? null : latency.getIntervalHistogram(),
            late,
            stopSending,
            reset,
            dropped);
    frames = 0;
    bytes = 0;
    late = 0;
    stopSending = 0;
    reset = 0;
    dropped = 0;
    return interval;
  }
}

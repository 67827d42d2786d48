package dev.moqbed.live.interval;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One track's counts since the last sample, kept on the event loop of the role that feeds it. The
 * latency goes to an HdrHistogram {@link Recorder}, whose interval histogram starts empty after
 * each sample, so every interval's percentiles are its own frames only. The counts are {@link
 * LongAdder}s: a relay of several loops feeds one window from every loop, without a lock, and the
 * sample, taken on one loop, reads and resets them (a count that lands during the take goes to the
 * next interval).
 */
final class TrackWindow {
  /** Latencies above an hour are clamped to it, as the subscriber's own report does. */
  static final long HIGHEST_LATENCY_MICROS = 3_600_000_000L;

  private final String track;
  private final Recorder latency;
  private final LongAdder frames = new LongAdder();
  private final LongAdder bytes = new LongAdder();
  private final LongAdder late = new LongAdder();
  private final LongAdder stopSending = new LongAdder();
  private final LongAdder reset = new LongAdder();
  private final LongAdder dropped = new LongAdder();

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
    frames.increment();
    bytes.add(payloadBytes);
  }

  /** A frame that arrived with this latency; {@code late} when past the subscriber's deadline. */
  void frame(long payloadBytes, long latencyMicros, boolean isLate) {
    frame(payloadBytes);
    latency.recordValue(Math.min(Math.max(0, latencyMicros), HIGHEST_LATENCY_MICROS));
    if (isLate) {
      late.increment();
    }
  }

  void stopSending(long count) {
    stopSending.add(count);
  }

  void reset(long count) {
    reset.add(count);
  }

  void dropped(long count) {
    dropped.add(count);
  }

  /** The counts since the last call, which start again from zero. */
  TrackInterval take() {
    TrackInterval interval =
        new TrackInterval(
            track,
            frames.sumThenReset(),
            bytes.sumThenReset(),
            latency == null ? null : latency.getIntervalHistogram(),
            late.sumThenReset(),
            stopSending.sumThenReset(),
            reset.sumThenReset(),
            dropped.sumThenReset());
    return interval;
  }
}

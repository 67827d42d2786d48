package dev.moqbed.live.attack;

import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.subscriber.FrameRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The audio frames a subscriber completed: capture time and latency, read per phase. */
final class AudioLog {
  private record Frame(long captureMicros, long latencyMicros) {}

  private final List<Frame> frames = new ArrayList<>();

  /** Called on the subscriber's loop for every frame it completes. */
  void record(FrameRecord frame) {
    if (frame.track().equals("a1")) {
      synchronized (frames) {
        frames.add(new Frame(frame.captureMicros(), frame.latencyMicros()));
      }
    }
  }

  /** The clock the publisher stamps capture times with (the same process). */
  long now() {
    return EventLoopScheduler.wallClockMicros();
  }

  /** The frames captured in {@code [from, to)}, against {@code expected}. */
  AttackBench.Phase phase(
      long from, long to, long expected, long heapLiveBytes, double relayCpuPercent) {
    long[] latencies;
    synchronized (frames) {
      latencies =
          frames.stream()
              .filter(frame -> frame.captureMicros() >= from && frame.captureMicros() < to)
              .mapToLong(Frame::latencyMicros)
              .toArray();
    }
    Arrays.sort(latencies);
    return new AttackBench.Phase(
        expected,
        latencies.length,
        percentile(latencies, 0.50),
        percentile(latencies, 0.99),
        heapLiveBytes,
        relayCpuPercent);
  }

  /** The nearest-rank percentile; 0 of none. */
  private static long percentile(long[] sorted, double quantile) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(quantile * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }
}

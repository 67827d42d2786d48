package dev.moqbed.live.attack;

import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.subscriber.FrameRecord;
import java.util.ArrayList;
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

  /** Audio frames received so far. */
  int frames() {
    synchronized (frames) {
      return frames.size();
    }
  }

  /** The clock the publisher stamps capture times with (the same process). */
  long now() {
    return EventLoopScheduler.wallClockMicros();
  }

  /** The latencies of the frames captured in {@code [from, to)}, in arrival order. */
  long[] latencies(long from, long to) {
    synchronized (frames) {
      return frames.stream()
          .filter(frame -> frame.captureMicros() >= from && frame.captureMicros() < to)
          .mapToLong(Frame::latencyMicros)
          .toArray();
    }
  }
}

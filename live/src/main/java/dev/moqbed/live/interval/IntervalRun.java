package dev.moqbed.live.interval;

import dev.moqbed.runtime.Scheduler;
import java.util.List;
import java.util.function.Consumer;

/** The intervals of one role on its own: one sampler, one collector (a command's whole run). */
public final class IntervalRun {
  /** How long {@link #await} waits for the last interval to be printed. */
  private static final long PRINT_TIMEOUT_MILLIS = 5_000;

  private final IntervalSampler sampler;
  private final IntervalCollector collector;

  private IntervalRun(IntervalSampler sampler, IntervalCollector collector) {
    this.sampler = sampler;
    this.collector = collector;
  }

  /**
   * Samples {@code probe} on {@code loop} from {@code startMicros} (on the loop's clock) every
   * {@code intervalMicros}; {@code runMicros} is the run's length when known, 0 otherwise.
   */
  public static IntervalRun start(
      Scheduler loop,
      IntervalProbe probe,
      long startMicros,
      long intervalMicros,
      long runMicros,
      Consumer<IntervalSnapshot> onInterval) {
    IntervalCollector collector =
        new IntervalCollector(startMicros, intervalMicros, runMicros, 1, onInterval);
    return new IntervalRun(IntervalSampler.start(loop, probe, collector, 0), collector);
  }

  /** Ends the run now: its last interval is the one under way. Does not wait; from any thread. */
  public void stop() {
    sampler.stop();
  }

  /** Waits until the last interval is printed (call {@link #stop} first); returns them all. */
  public List<IntervalSnapshot> await() throws InterruptedException {
    return collector.awaitIntervals(PRINT_TIMEOUT_MILLIS);
  }
}

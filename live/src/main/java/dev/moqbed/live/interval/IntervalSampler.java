package dev.moqbed.live.interval;

import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;

/**
 * Takes a role's {@link IntervalProbe} every interval on the role's own scheduler (so the probe's
 * counters need no lock) and hands each interval to the {@link IntervalCollector}. Ticks fall at
 * run start + k × interval on every scheduler of the process, which share one clock, so the
 * samplers of a chain's roles cut the same intervals.
 *
 * <p>When the run's length is known, the last interval has no tick: it ends when the sampler is
 * stopped, so the frames still in flight when the media stops count in the last line rather than in
 * a sliver of a line of their own.
 */
public final class IntervalSampler {
  private final Scheduler scheduler;
  private final IntervalProbe probe;
  private final IntervalCollector collector;
  private final int source;
  private final long startMicros;
  private final long intervalMicros;
  private final int lastIndex;
  private int index;
  private TimerHandle timer;
  private boolean stopped;

  private IntervalSampler(
      Scheduler scheduler, IntervalProbe probe, IntervalCollector collector, int source) {
    this.scheduler = scheduler;
    this.probe = probe;
    this.collector = collector;
    this.source = source;
    this.startMicros = collector.startMicros();
    this.intervalMicros = collector.intervalMicros();
    this.lastIndex = collector.lastIndex();
  }

  /**
   * Starts sampling {@code probe} on {@code scheduler} as source number {@code source} of the
   * collector (from any thread: the first tick is scheduled on the scheduler).
   */
  public static IntervalSampler start(
      Scheduler scheduler, IntervalProbe probe, IntervalCollector collector, int source) {
    IntervalSampler sampler = new IntervalSampler(scheduler, probe, collector, source);
    if (sampler.startMicros > scheduler.nowMicros()) {
      // What the probe counts before a run that starts later (after a warm-up) is no interval's.
      scheduler.scheduleAt(
          sampler.startMicros,
          () -> {
            probe.takeTracks();
            // The relay's bytes-sent baseline too, so the first line does not count the warm-up's.
            probe.path();
            sampler.scheduleNext();
          });
    } else {
      // Everything counted from now on is the run's: a discard run later, on a busy loop, would
      // drop the first frames.
      scheduler.execute(sampler::scheduleNext);
    }
    return sampler;
  }

  private void scheduleNext() {
    if (stopped || (lastIndex >= 0 && index >= lastIndex)) {
      return;
    }
    timer = scheduler.scheduleAt(startMicros + (index + 1) * intervalMicros, this::tick);
  }

  private void tick() {
    if (stopped) {
      return;
    }
    long from = index * intervalMicros;
    long to = (index + 1) * intervalMicros;
    collector.offer(source, index, snapshot(from, to), false);
    index++;
    scheduleNext();
  }

  private IntervalSnapshot snapshot(long from, long to) {
    return new IntervalSnapshot(from, to, probe.takeTracks(), probe.path());
  }

  /**
   * Reports the interval under way, up to now, as this source's last (from any thread: it runs on
   * the scheduler). Later calls do nothing.
   */
  public void stop() {
    scheduler.execute(
        () -> {
          if (stopped) {
            return;
          }
          stopped = true;
          if (timer != null) {
            timer.cancel();
          }
          long from = index * intervalMicros;
          long to = Math.max(from, scheduler.nowMicros() - startMicros);
          collector.offer(source, index, snapshot(from, to), true);
        });
  }
}

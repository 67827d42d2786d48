package dev.moqbed.live.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.runtime.VirtualScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The interval arithmetic in virtual time: where intervals fall and that they add up. */
class IntervalSamplerTest {
  private static final long SECOND = 1_000_000;

  /**
   * A role that receives one 100-byte frame every 20 ms, 10 ms off the ticks, with a latency that
   * grows each second.
   */
  private static final class SteadyRole implements IntervalProbe {
    final TrackWindow window = new TrackWindow("a1", true);
    long frames;

    void start(VirtualScheduler scheduler, long untilMicros) {
      next(scheduler, 10_000, untilMicros);
    }

    private void next(VirtualScheduler scheduler, long delayMicros, long untilMicros) {
      scheduler.scheduleAfter(
          delayMicros,
          () -> {
            long second = scheduler.nowMicros() / SECOND;
            window.frame(100, 1_000 * (second + 1), false);
            frames++;
            if (scheduler.nowMicros() + 20_000 <= untilMicros) {
              next(scheduler, 20_000, untilMicros);
            }
          });
    }

    @Override
    public List<TrackInterval> takeTracks() {
      return List.of(window.take());
    }
  }

  @Test
  void shouldCutTenIntervalsOfARunOfTenSecondsWhoseCountsAddUpToTheTotal() throws Exception {
    VirtualScheduler scheduler = new VirtualScheduler();
    SteadyRole role = new SteadyRole();
    List<IntervalSnapshot> printed = new CopyOnWriteArrayList<>();
    IntervalCollector collector = new IntervalCollector(0, SECOND, 10 * SECOND, 1, printed::add);
    IntervalSampler sampler = IntervalSampler.start(scheduler, role, collector, 0);
    role.start(scheduler, 10 * SECOND + 30_000); // the last frames arrive after the 10 s
    scheduler.runUntil(10 * SECOND + 50_000);
    sampler.stop();
    scheduler.runAll();
    List<IntervalSnapshot> intervals = collector.awaitIntervals(5_000);

    assertEquals(10, intervals.size());
    assertEquals(0, intervals.get(0).fromMicros());
    assertEquals(SECOND, intervals.get(0).toMicros());
    // The last interval has no tick: it ends when the role stops, with its last frames.
    assertEquals(9 * SECOND, intervals.get(9).fromMicros());
    assertEquals(10 * SECOND + 50_000, intervals.get(9).toMicros());
    long sum = intervals.stream().mapToLong(i -> i.track("a1").frames()).sum();
    assertEquals(role.frames, sum);
    IntervalSnapshot summary = IntervalSummary.of(intervals);
    assertEquals(role.frames, summary.track("a1").frames());
    assertEquals(100 * role.frames, summary.track("a1").bytes());
    assertEquals(role.frames, summary.track("a1").latency().getTotalCount());
    // Each interval's percentiles are its own: second k's frames all had (k + 1) ms.
    for (int k = 0; k < 9; k++) {
      long expected = 1_000 * (k + 1);
      assertEquals(
          expected,
          intervals.get(k).track("a1").latency().getValueAtPercentile(50),
          expected / 500.0); // three significant digits
    }
    assertEquals(printed, intervals);
  }

  @Test
  void shouldJoinTheSourcesOfOneIntervalIntoOneLineAndGoOnWithoutOneThatStopped() throws Exception {
    VirtualScheduler scheduler = new VirtualScheduler();
    SteadyRole early = new SteadyRole();
    SteadyRole late = new SteadyRole();
    IntervalCollector collector = new IntervalCollector(0, SECOND, 0, 2, interval -> {});
    IntervalSampler first = IntervalSampler.start(scheduler, early, collector, 0);
    IntervalSampler second = IntervalSampler.start(scheduler, late, collector, 1);
    early.start(scheduler, 2 * SECOND);
    late.start(scheduler, 4 * SECOND);
    scheduler.runUntil(2 * SECOND + 500_000);
    first.stop();
    scheduler.runUntil(4 * SECOND);
    second.stop();
    scheduler.runAll();
    List<IntervalSnapshot> intervals = collector.awaitIntervals(5_000);

    List<Long> frames = new ArrayList<>();
    for (IntervalSnapshot interval : intervals) {
      frames.add(interval.track("a1").frames());
    }
    // Both roles' 50 frames a second, then the second one's alone once the first stopped.
    assertEquals(List.of(100L, 100L, 50L, 50L), frames);
    assertEquals(early.frames + late.frames, frames.stream().mapToLong(Long::longValue).sum());
  }

  @Test
  void shouldKnowTheLastIntervalOfARunFromItsLength() {
    assertEquals(9, IntervalCollector.lastIndex(10 * SECOND, SECOND));
    assertEquals(3, IntervalCollector.lastIndex(10 * SECOND, 3 * SECOND));
    assertEquals(0, IntervalCollector.lastIndex(500_000, SECOND));
  }
}

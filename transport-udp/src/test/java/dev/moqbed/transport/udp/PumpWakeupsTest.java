package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.runtime.VirtualScheduler;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The endpoint's one timer for all its send pumps, in virtual time. */
class PumpWakeupsTest {

  /** A pump that records when it woke. */
  private static class Pump extends PumpWakeups.Wakeable {
    private final VirtualScheduler scheduler;
    final List<Long> wokeAt = new ArrayList<>();

    Pump(VirtualScheduler scheduler) {
      this.scheduler = scheduler;
    }

    @Override
    void onWake() {
      wokeAt.add(scheduler.nowMicros());
    }
  }

  @Test
  void eachPumpWakesAtItsEarliestDeadlineAndOnlyOnce() {
    VirtualScheduler scheduler = new VirtualScheduler();
    PumpWakeups wakeups = new PumpWakeups(scheduler);
    Pump a = new Pump(scheduler);
    Pump b = new Pump(scheduler);
    Pump c = new Pump(scheduler);
    wakeups.wakeAtOrBefore(a, 300);
    wakeups.wakeAtOrBefore(b, 100);
    wakeups.wakeAtOrBefore(a, 200); // earlier: replaces 300
    wakeups.wakeAtOrBefore(b, 400); // later: the earlier 100 is kept
    wakeups.wakeAtOrBefore(c, 200);
    scheduler.runAll();
    assertEquals(List.of(200L), a.wokeAt);
    assertEquals(List.of(100L), b.wokeAt);
    assertEquals(List.of(200L), c.wokeAt);
    assertEquals(0, wakeups.waiting());
  }

  @Test
  void aCancelledPumpDoesNotWakeAndTheOthersStillDo() {
    VirtualScheduler scheduler = new VirtualScheduler();
    PumpWakeups wakeups = new PumpWakeups(scheduler);
    Pump first = new Pump(scheduler);
    Pump second = new Pump(scheduler);
    wakeups.wakeAtOrBefore(first, 50);
    wakeups.wakeAtOrBefore(second, 80);
    wakeups.cancel(first);
    wakeups.cancel(first); // twice: no effect
    scheduler.runAll();
    assertTrue(first.wokeAt.isEmpty());
    assertEquals(List.of(80L), second.wokeAt);
    wakeups.cancel(second); // after it woke: nothing to cancel
    assertEquals(0, scheduler.pendingTasks(), "no timer left once nothing waits");
  }

  @Test
  void aPumpThatWaitsAgainAfterWakingWakesAgain() {
    VirtualScheduler scheduler = new VirtualScheduler();
    PumpWakeups wakeups = new PumpWakeups(scheduler);
    Pump pump =
        new Pump(scheduler) {
          @Override
          void onWake() {
            super.onWake();
            if (wokeAt.size() < 3) {
              wakeups.wakeAtOrBefore(this, scheduler.nowMicros() + 10);
            }
          }
        };
    wakeups.wakeAtOrBefore(pump, 5);
    scheduler.runAll();
    assertEquals(List.of(5L, 15L, 25L), pump.wokeAt);
  }

  /**
   * Many pumps, deadlines requested, lowered and cancelled at random, also from inside wake-ups:
   * each wakes exactly at the earliest deadline asked since it last woke, as a timer per pump (the
   * code before this class) would have woken it.
   */
  @Test
  void manyPumpsWakeAsOneTimerEachWould() {
    VirtualScheduler scheduler = new VirtualScheduler();
    PumpWakeups wakeups = new PumpWakeups(scheduler);
    Random random = new Random(7);
    int pumps = 300;
    long[] expected = new long[pumps];
    Arrays.fill(expected, Long.MAX_VALUE);
    List<long[]> woken = new ArrayList<>();
    List<PumpWakeups.Wakeable> all = new ArrayList<>();
    for (int i = 0; i < pumps; i++) {
      int id = i;
      all.add(
          new PumpWakeups.Wakeable() {
            @Override
            void onWake() {
              woken.add(new long[] {id, scheduler.nowMicros(), expected[id]});
              expected[id] = Long.MAX_VALUE;
              if (random.nextInt(4) == 0) { // a pass that waits again at once
                long at = scheduler.nowMicros() + 1 + random.nextInt(500);
                expected[id] = at;
                wakeups.wakeAtOrBefore(all.get(id), at);
              }
            }
          });
    }
    for (int step = 0; step < 20_000; step++) {
      int id = random.nextInt(pumps);
      int action = random.nextInt(10);
      if (action == 0) {
        wakeups.cancel(all.get(id));
        expected[id] = Long.MAX_VALUE;
      } else if (action < 8) {
        long at = scheduler.nowMicros() + 1 + random.nextInt(2_000);
        expected[id] = Math.min(expected[id], at);
        wakeups.wakeAtOrBefore(all.get(id), at);
      } else {
        scheduler.runUntil(scheduler.nowMicros() + random.nextInt(100));
      }
      assertEquals(expected[id], wakeups.deadlineOf(all.get(id)), "pump " + id);
    }
    scheduler.runAll();
    assertTrue(woken.size() > 10_000, woken.size() + " wake-ups");
    for (long[] wake : woken) {
      assertEquals(wake[2], wake[1], "pump " + wake[0] + " woke at its deadline");
    }
    assertEquals(0, wakeups.waiting());
  }
}

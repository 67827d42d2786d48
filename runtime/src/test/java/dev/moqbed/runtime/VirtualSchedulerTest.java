package dev.moqbed.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VirtualSchedulerTest {

  @Test
  void shouldRunSimultaneousEventsInInsertionOrder() {
    VirtualScheduler scheduler = new VirtualScheduler();
    List<String> order = new ArrayList<>();
    scheduler.scheduleAt(100, () -> order.add("b1"));
    scheduler.scheduleAt(50, () -> order.add("a"));
    scheduler.scheduleAt(100, () -> order.add("b2"));
    scheduler.scheduleAt(100, () -> order.add("b3"));
    scheduler.runAll();
    assertEquals(List.of("a", "b1", "b2", "b3"), order);
    assertEquals(4, scheduler.eventsExecuted());
    assertEquals(100, scheduler.nowMicros());
  }

  @Test
  void shouldRunExecutedTaskAfterTasksAlreadyDueNow() {
    VirtualScheduler scheduler = new VirtualScheduler();
    List<String> order = new ArrayList<>();
    scheduler.scheduleAt(
        10,
        () -> {
          order.add("first");
          scheduler.execute(() -> order.add("executed"));
        });
    scheduler.scheduleAt(10, () -> order.add("second"));
    scheduler.runAll();
    assertEquals(List.of("first", "second", "executed"), order);
  }

  @Test
  void shouldNeverRunCancelledTask() {
    VirtualScheduler scheduler = new VirtualScheduler();
    List<Integer> ran = new ArrayList<>();
    TimerHandle cancelled = scheduler.scheduleAt(10, () -> ran.add(1));
    TimerHandle kept = scheduler.scheduleAt(20, () -> ran.add(2));
    assertTrue(cancelled.cancel());
    assertFalse(cancelled.cancel());
    assertFalse(cancelled.isPending());
    assertEquals(1, scheduler.pendingTasks());
    scheduler.runAll();
    assertEquals(List.of(2), ran);
    assertFalse(kept.cancel());
    assertEquals(1, scheduler.eventsExecuted());
  }

  @Test
  void shouldKeepOrderWhenManyCancellationsCompactTheQueue() {
    VirtualScheduler scheduler = new VirtualScheduler();
    List<Long> ran = new ArrayList<>();
    List<TimerHandle> handles = new ArrayList<>();
    for (long deadline = 1000; deadline > 0; deadline--) {
      long at = deadline;
      handles.add(scheduler.scheduleAt(at, () -> ran.add(at)));
    }
    for (int i = 0; i < handles.size(); i++) {
      if (i % 3 != 0) {
        handles.get(i).cancel();
      }
    }
    scheduler.runAll();
    assertEquals(334, ran.size());
    for (int i = 1; i < ran.size(); i++) {
      assertTrue(ran.get(i - 1) < ran.get(i));
    }
  }

  @Test
  void shouldStopAtEndTimeAndAdvanceClockWhenRunningUntil() {
    VirtualScheduler scheduler = new VirtualScheduler();
    List<Long> ran = new ArrayList<>();
    for (long t : new long[] {5, 10, 15}) {
      scheduler.scheduleAt(t, () -> ran.add(t));
    }
    assertEquals(2, scheduler.runUntil(10));
    assertEquals(10, scheduler.nowMicros());
    assertEquals(0, scheduler.runUntil(12));
    assertEquals(12, scheduler.nowMicros());
    assertEquals(15, scheduler.nextDeadlineMicros());
    assertEquals(List.of(5L, 10L), ran);
  }

  @Test
  void shouldStopWhenConditionFailsWhenRunningWhile() {
    VirtualScheduler scheduler = new VirtualScheduler();
    int[] count = {0};
    for (int i = 0; i < 10; i++) {
      scheduler.scheduleAt(i * 10, () -> count[0]++);
    }
    assertEquals(4, scheduler.runWhile(() -> count[0] < 4, Long.MAX_VALUE));
    assertEquals(30, scheduler.nowMicros());
    assertEquals(2, scheduler.runWhile(() -> true, 50));
  }

  @Test
  void shouldTreatPastDeadlineAsNow() {
    VirtualScheduler scheduler = new VirtualScheduler(1_000);
    long[] ranAt = {-1};
    scheduler.scheduleAt(10, () -> ranAt[0] = scheduler.nowMicros());
    scheduler.runAll();
    assertEquals(1_000, ranAt[0]);
  }

  @Test
  void shouldProduceIdenticalTraceWhenRunTwiceWithSameSeed() {
    assertEquals(traceHash(42), traceHash(42));
    assertTrue(traceHash(42) != traceHash(43));
  }

  /**
   * Random self-scheduling tasks with cancellations; hashes the (time, id) sequence they run in.
   */
  private static long traceHash(long seed) {
    VirtualScheduler scheduler = new VirtualScheduler();
    SplittableRandom random = new RandomStreams(seed, 0).stream("trace");
    long[] hash = {17};
    List<TimerHandle> handles = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      spawn(scheduler, random, hash, handles, i);
    }
    scheduler.runUntil(1_000_000);
    return hash[0] * 31 + scheduler.eventsExecuted();
  }

  private static void spawn(
      VirtualScheduler scheduler,
      SplittableRandom random,
      long[] hash,
      List<TimerHandle> handles,
      int id) {
    handles.add(
        scheduler.scheduleAfter(
            random.nextInt(1000),
            () -> {
              hash[0] = hash[0] * 1_000_003 + scheduler.nowMicros() * 7 + id;
              if (random.nextInt(4) == 0 && !handles.isEmpty()) {
                handles.get(random.nextInt(handles.size())).cancel();
              }
              spawn(scheduler, random, hash, handles, id);
            }));
  }
}

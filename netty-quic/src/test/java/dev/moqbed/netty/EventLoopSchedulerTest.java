package dev.moqbed.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.runtime.TimerHandle;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EventLoopSchedulerTest {
  private final EventLoopGroup group =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final EventLoopScheduler scheduler = new EventLoopScheduler(group.next());

  @AfterEach
  void stop() {
    group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly();
  }

  @Test
  void shouldRunTasksByDeadlineOnTheLoopAndSkipCancelledOnes() throws InterruptedException {
    List<String> order = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(1);
    // Deadlines far apart, so a loaded machine's pauses between these calls cannot reorder them.
    long now = scheduler.nowMicros();
    scheduler.scheduleAt(now - 5_000, () -> order.add("past"));
    scheduler.scheduleAt(now + 400_000, () -> order.add("400ms"));
    TimerHandle cancelled = scheduler.scheduleAt(now + 300_000, () -> order.add("cancelled"));
    scheduler.scheduleAt(now + 200_000, () -> order.add("200ms " + scheduler.inEventLoop()));
    scheduler.scheduleAt(now + 500_000, done::countDown);
    assertTrue(cancelled.cancel());
    assertFalse(cancelled.isPending());
    assertTrue(done.await(5, TimeUnit.SECONDS));
    assertEquals(List.of("past", "200ms true", "400ms"), order);
  }

  @Test
  void shouldRunTasksQueuedOnTheLoopInOrderAndTheRestAfterOneThrows() throws InterruptedException {
    List<String> order = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(1);
    scheduler.execute(
        () -> {
          scheduler.execute(() -> order.add("a"));
          scheduler.execute(
              () -> {
                order.add("b");
                scheduler.execute(() -> order.add("queued by b"));
                scheduler.execute(done::countDown);
              });
          scheduler.execute(
              () -> {
                throw new IllegalStateException("test: a failing task"); // Netty logs it
              });
          scheduler.execute(() -> order.add("c " + scheduler.inEventLoop()));
        });
    assertTrue(done.await(5, TimeUnit.SECONDS));
    assertEquals(List.of("a", "b", "c true", "queued by b"), order);
  }

  @Test
  void shouldReadTheWallClockInMicrosecondsSinceTheEpoch() {
    Instant before = Instant.now();
    long micros = EventLoopScheduler.wallClockMicros();
    long expected = before.getEpochSecond() * 1_000_000L + before.getNano() / 1_000;
    assertTrue(Math.abs(micros - expected) < 50_000, micros + " vs " + expected);
  }
}

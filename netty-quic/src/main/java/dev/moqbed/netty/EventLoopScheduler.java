package dev.moqbed.netty;

import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Scheduler} over one Netty event loop: tasks run on the loop's thread, the clock is the
 * wall clock in microseconds since the Unix epoch (read once, then advanced with the monotonic
 * {@link System#nanoTime()}), so every scheduler of one process shares one clock and processes on
 * one host agree to a few microseconds — what a capture time stamped by the publisher and an
 * arrival time read by the subscriber need.
 */
public final class EventLoopScheduler implements Scheduler {
  private static final long EPOCH_BASE_MICROS;
  private static final long NANO_BASE;

  static {
    Instant now = Instant.now();
    NANO_BASE = System.nanoTime();
    EPOCH_BASE_MICROS = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  private final EventLoop loop;

  public EventLoopScheduler(EventLoop loop) {
    this.loop = loop;
  }

  /** The process's wall clock in microseconds since the epoch. */
  public static long wallClockMicros() {
    return EPOCH_BASE_MICROS + (System.nanoTime() - NANO_BASE) / 1_000;
  }

  /** The event loop the tasks run on. */
  public EventLoop eventLoop() {
    return loop;
  }

  /** True on the loop's own thread. */
  public boolean inEventLoop() {
    return loop.inEventLoop();
  }

  @Override
  public long nowMicros() {
    return wallClockMicros();
  }

  @Override
  public TimerHandle scheduleAt(long deadlineMicros, Runnable task) {
    Timer timer = new Timer(deadlineMicros, task);
    long delay = deadlineMicros - nowMicros();
    if (delay <= 0) {
      loop.execute(timer);
    } else {
      timer.future = loop.schedule(timer, delay, TimeUnit.MICROSECONDS);
    }
    return timer;
  }

  @Override
  public void execute(Runnable task) {
    loop.execute(task);
  }

  /** A task with a cancel flag: cancelling works whether it was queued or scheduled. */
  private static final class Timer implements TimerHandle, Runnable {
    private final long deadlineMicros;
    private final Runnable task;
    private volatile boolean pending = true;
    private volatile ScheduledFuture<?> future;

    Timer(long deadlineMicros, Runnable task) {
      this.deadlineMicros = deadlineMicros;
      this.task = task;
    }

    @Override
    public void run() {
      if (pending) {
        pending = false;
        task.run();
      }
    }

    @Override
    public long deadlineMicros() {
      return deadlineMicros;
    }

    @Override
    public boolean cancel() {
      if (!pending) {
        return false;
      }
      pending = false;
      ScheduledFuture<?> scheduled = future;
      if (scheduled != null) {
        scheduled.cancel(false);
      }
      return true;
    }

    @Override
    public boolean isPending() {
      return pending;
    }
  }
}

package dev.moqbed.netty;

import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Instant;
import java.util.ArrayDeque;
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
  // Tasks queued from the loop's own thread wait here, run in order by one Netty task (drainTask).
  // Each used to be a task of Netty's multi-producer queue: a compare-and-swap and a store into
  // chunks of fresh memory per task, about 5 % of a relay thread's samples at 100 subscribers,
  // where a relay queues a pump and a send pass per subscriber and object.
  private final ArrayDeque<Runnable> local = new ArrayDeque<>();
  private final Runnable drainTask = this::drainLocal;
  private boolean drainQueued;

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
      execute(timer);
    } else {
      timer.future = loop.schedule(timer, delay, TimeUnit.MICROSECONDS);
    }
    return timer;
  }

  /**
   * Runs {@code task} on the loop after the tasks this scheduler already queued. From another
   * thread it goes through Netty's queue, as before; on the loop's thread it joins a plain queue
   * that one Netty task drains, so the tasks of one drain run together, in order, where Netty's
   * queue may have put other tasks between them.
   */
  @Override
  public void execute(Runnable task) {
    if (!loop.inEventLoop()) {
      loop.execute(task);
      return;
    }
    local.addLast(task);
    queueDrain();
  }

  private void queueDrain() {
    if (!drainQueued) {
      loop.execute(drainTask); // a loop shutting down refuses it, as it refused the task before
      drainQueued = true;
    }
  }

  /**
   * Runs the tasks queued when it starts; those they queue wait for the next drain, behind the I/O
   * and the tasks Netty got meanwhile, as they would have in Netty's queue. A task that throws
   * leaves the rest to the next drain, and Netty reports the exception as it did.
   */
  private void drainLocal() {
    drainQueued = false;
    int queued = local.size();
    try {
      for (int i = 0; i < queued; i++) {
        local.pollFirst().run();
      }
    } finally {
      if (!local.isEmpty()) {
        queueDrain();
      }
    }
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

package dev.moqbed.live.fanout;

import dev.moqbed.live.node.Awaiting;
import dev.moqbed.netty.EventLoopScheduler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One thread's CPU time and the time it spent runnable but waiting for a CPU, from Linux's {@code
 * /proc/thread-self/schedstat} read on that thread (nanoseconds; -1 where it is not available). On
 * a host shared with other work, the wait shows how much of the relay's delay is the scheduler's.
 */
public record ThreadTimes(long cpuNanos, long waitNanos) {
  public static final ThreadTimes UNKNOWN = new ThreadTimes(-1, -1);

  /** The calling thread's times. */
  static ThreadTimes ofCurrentThread() {
    try {
      String[] fields = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split(" ");
      return new ThreadTimes(Long.parseLong(fields[0]), Long.parseLong(fields[1]));
    } catch (IOException | RuntimeException e) {
      return UNKNOWN;
    }
  }

  /** The times of the thread of {@code loop}, read on it. */
  public static ThreadTimes of(EventLoopScheduler loop) throws IOException, InterruptedException {
    CompletableFuture<ThreadTimes> times = new CompletableFuture<>();
    loop.execute(() -> times.complete(ThreadTimes.ofCurrentThread()));
    return Awaiting.await(times, 5, "the loop's thread times");
  }

  /** The times of every loop's thread, added up (unknown if one is). */
  public static ThreadTimes sumOf(List<EventLoopScheduler> loops)
      throws IOException, InterruptedException {
    long cpu = 0;
    long wait = 0;
    for (EventLoopScheduler loop : loops) {
      ThreadTimes times = of(loop);
      if (times.cpuNanos < 0) {
        return UNKNOWN;
      }
      cpu += times.cpuNanos;
      wait += times.waitNanos;
    }
    return new ThreadTimes(cpu, wait);
  }

  /** What the thread used since {@code start}. */
  public ThreadTimes since(ThreadTimes start) {
    if (cpuNanos < 0 || start.cpuNanos < 0) {
      return UNKNOWN;
    }
    return new ThreadTimes(cpuNanos - start.cpuNanos, waitNanos - start.waitNanos);
  }
}

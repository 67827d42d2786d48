package dev.moqbed.benchmarks.runtime;

import dev.moqbed.runtime.VirtualScheduler;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Events per second of the {@link VirtualScheduler} in the shape a simulation uses it: a steady
 * population of pending timers (links, pacers, sources), each event scheduling the next one a
 * random delay later. One operation = one event scheduled and run. Run with {@code
 * VirtualSchedulerBenchmark -f 1 -wi 3 -i 5}; events/s is the reported ops/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class VirtualSchedulerBenchmark {
  private static final int EVENTS_PER_INVOCATION = 1_000_000;

  /** Pending events at any time: a 2-connection scenario keeps tens; a fan-out, thousands. */
  @Param({"16", "1024"})
  int pendingEvents;

  private VirtualScheduler scheduler;
  private SplittableRandom random;
  private long remaining;
  private final Runnable reschedule = this::reschedule;

  @Setup(Level.Invocation)
  public void setUp() {
    scheduler = new VirtualScheduler();
    random = new SplittableRandom(42);
    remaining = EVENTS_PER_INVOCATION;
    for (int i = 0; i < pendingEvents; i++) {
      scheduler.scheduleAfter(random.nextInt(1_000), reschedule);
    }
  }

  private void reschedule() {
    if (--remaining > 0) {
      scheduler.scheduleAfter(1 + random.nextInt(1_000), reschedule);
    }
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS_PER_INVOCATION)
  public long scheduleAndRun() {
    return scheduler.runAll();
  }
}

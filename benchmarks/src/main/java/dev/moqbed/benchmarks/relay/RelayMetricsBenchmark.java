package dev.moqbed.benchmarks.relay;

import dev.moqbed.live.RelayMetrics;
import dev.moqbed.relay.DropReason;
import dev.moqbed.relay.TrackObserver;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the relay's metrics cost per forwarded object: the Micrometer {@link TrackObserver} call the
 * relay makes once per object and subscriber (two counters and a histogram sample), and a drop. Run
 * with {@code RelayMetricsBenchmark -f 1 -wi 3 -i 5 -prof gc}: time per call and bytes allocated
 * per call ({@code gc.alloc.rate.norm}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RelayMetricsBenchmark {
  private RelayMetrics metrics;
  private TrackObserver track;
  private long latencyMicros;

  @Setup
  public void setUp() {
    metrics = new RelayMetrics();
    track = metrics.track("live/vmid");
  }

  @TearDown
  public void tearDown() {
    metrics.close();
  }

  @Benchmark
  public void objectForwarded() {
    // Vary the latency over the histogram's buckets (0 to 8 ms) so every bucket search is taken.
    latencyMicros = (latencyMicros + 997) & 8191;
    track.onObjectForwarded(6_250, latencyMicros);
  }

  @Benchmark
  public void groupDropped() {
    track.onGroupDropped(DropReason.STOP_SENDING);
  }
}

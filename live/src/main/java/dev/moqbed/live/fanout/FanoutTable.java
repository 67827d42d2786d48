package dev.moqbed.live.fanout;

import dev.moqbed.output.Table;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** The fan-out benchmark's rows: one per subscriber group and track. */
public final class FanoutTable {
  private FanoutTable() {}

  /**
   * Columns {@code subscribers,track,expected,delivered,p50_us,p99_us,max_us} (end-to-end: capture
   * → subscriber), then {@code added_p50_us,added_p99_us,added_max_us} (relay arrival →
   * subscriber), {@code group} (fast, or slow behind a throttled link), {@code connected}, {@code
   * relay_cpu_pct} (of one core), {@code relay_wait_pct} (runnable, waiting for a CPU), {@code
   * relay_heap_max_mb}, {@code relay_heap_live_mb} and {@code load_avg} (the host's one-minute load
   * average at the end).
   */
  public static Table of(FanoutBench.Result result) {
    Table table =
        new Table(
            "subscribers",
            "track",
            "expected",
            "delivered",
            "p50_us",
            "p99_us",
            "max_us",
            "added_p50_us",
            "added_p99_us",
            "added_max_us",
            "group",
            "connected",
            "relay_cpu_pct",
            "relay_wait_pct",
            "relay_heap_max_mb",
            "relay_heap_live_mb",
            "load_avg");
    for (FanoutBench.Row row : result.rows()) {
      Histogram endToEnd = row.endToEnd();
      Histogram added = row.added();
      boolean any = endToEnd.getTotalCount() > 0;
      boolean anyAdded = added.getTotalCount() > 0;
      table.row(
          result.subscribers(),
          row.track(),
          row.expected(),
          row.delivered(),
          any ? endToEnd.getValueAtPercentile(50) : null,
          any ? endToEnd.getValueAtPercentile(99) : null,
          any ? endToEnd.getMaxValue() : null,
          anyAdded ? added.getValueAtPercentile(50) : null,
          anyAdded ? added.getValueAtPercentile(99) : null,
          anyAdded ? added.getMaxValue() : null,
          row.group(),
          row.subscribers(),
          round(result.relayCpuPercent()),
          result.relayWaitPercent() < 0 ? null : round(result.relayWaitPercent()),
          round(result.heapMaxMegabytes()),
          round(result.heapAfterGcMegabytes()),
          round(result.loadAverage()));
    }
    return table;
  }

  /** One line for the terminal under the table. */
  public static String summary(FanoutBench.Result result) {
    return String.format(
        Locale.ROOT,
        "%d of %d subscribers connected; over %.1f s measured the relay thread used %d ms of CPU"
            + " (%.1f %% of a core) and waited %.1f %% of the time for a CPU; relay process heap max %.0f MB, %.0f MB live after GC;"
            + " subscriber process CPU %d ms; load average %.2f%s; publisher -> relay: srtt"
            + " %d us, cwnd %d B, %d of %d packets lost",
        result.connected(),
        result.subscribers(),
        result.measuredMicros() / 1e6,
        result.relayCpuMillis(),
        result.relayCpuPercent(),
        result.relayWaitPercent(),
        result.heapMaxMegabytes(),
        result.heapAfterGcMegabytes(),
        result.swarmCpuMillis(),
        result.loadAverage(),
        result.slowLinkDrops() > 0
            ? "; slow links dropped " + result.slowLinkDrops() + " packets"
            : "",
        result.publisherPath().smoothedRttMicros(),
        result.publisherPath().congestionWindowBytes(),
        result.publisherPath().packetsLost(),
        result.publisherPath().packetsSent());
  }

  private static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}

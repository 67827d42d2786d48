package dev.moqbed.live.fanout;

import dev.moqbed.output.Table;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.session.transport.PathStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The fan-out benchmark's figures. For tools, one table with a row per run, subscriber group and
 * track ({@link #of}); for people, the same split in two narrower tables: latency per track ({@link
 * #latency}) and what each run cost both processes ({@link #cost}).
 */
public final class FanoutTable {
  private FanoutTable() {}

  /**
   * Columns {@code transport,cc,subscribers,track,expected,delivered,p50_us,p99_us,max_us}
   * (end-to-end: capture → subscriber), {@code added_p50_us,added_p99_us,added_max_us} (relay
   * arrival → subscriber), {@code group} (fast, or slow behind a throttled link), {@code
   * connected}, then the run's cost: {@code relay_cpu_pct} (the relay thread, of one core), {@code
   * relay_cpu_per_sub_pct}, {@code relay_wait_pct} (runnable, waiting for a CPU), {@code
   * relay_process_cpu_pct} (the relay's process: relay, publisher, GC, compiler), {@code
   * swarm_cpu_pct} and {@code swarm_cpu_per_sub_pct} (the subscribers' process), {@code
   * relay_heap_max_mb}, {@code relay_heap_live_mb}, {@code load_avg} (the host's one-minute load
   * average at the end), {@code swarm_gc_ms} and {@code swarm_gc_count} (the subscribers' garbage
   * collections over the window: their pauses are in the measured latencies), {@code
   * relay_rx_per_sub_s} (datagrams the relay received per subscriber and second, the publisher's
   * left out: the subscribers' ACKs), {@code relay_tx_per_sub_s} (datagrams it sent per subscriber
   * and second) and {@code relay_cpu_ns_per_tx} (the relay thread's CPU per datagram sent).
   */
  public static Table of(List<FanoutBench.Result> results) {
    List<String> columns = new ArrayList<>(List.of("transport", "cc", "subscribers", "track"));
    columns.addAll(LATENCY_COLUMNS);
    columns.addAll(List.of("group", "connected"));
    columns.addAll(COST_COLUMNS);
    Table table = new Table(columns);
    for (FanoutBench.Result result : results) {
      for (FanoutBench.Row row : result.rows()) {
        List<Object> cells =
            new ArrayList<>(
                List.of(
                    result.transport(), result.controller(), result.subscribers(), row.track()));
        cells.addAll(latencyCells(row));
        cells.add(row.group());
        cells.add(row.subscribers());
        cells.addAll(costCells(result));
        table.row(cells.toArray());
      }
    }
    return table;
  }

  /** Per run, group and track: objects and latencies in milliseconds, for the terminal. */
  public static Table latency(List<FanoutBench.Result> results) {
    Table table =
        new Table(
            "transport",
            "cc",
            "N",
            "group",
            "track",
            "delivered",
            "of",
            "p50 ms",
            "p99 ms",
            "max ms",
            "relay p50",
            "relay p99");
    for (FanoutBench.Result result : results) {
      for (FanoutBench.Row row : result.rows()) {
        Histogram endToEnd = row.endToEnd();
        Histogram added = row.added();
        table.row(
            result.transport(),
            result.controller(),
            result.subscribers(),
            row.group(),
            row.track(),
            row.delivered(),
            row.expected(),
            milliseconds(endToEnd, 50),
            milliseconds(endToEnd, 99),
            endToEnd.getTotalCount() == 0
                ? null
                : Quantities.formatSignificant(endToEnd.getMaxValue() / 1e3),
            milliseconds(added, 50),
            milliseconds(added, 99));
      }
    }
    return table;
  }

  /** Per run: what the relay's and the subscribers' processes used, for the terminal. */
  public static Table cost(List<FanoutBench.Result> results) {
    Table table =
        new Table(
            "transport",
            "cc",
            "N",
            "connected",
            "relay %",
            "per sub %",
            "wait %",
            "process %",
            "swarm %",
            "per sub %",
            "swarm GC ms",
            "rx/sub/s",
            "tx/sub/s",
            "ns/tx",
            "heap MB",
            "live MB",
            "load");
    for (FanoutBench.Result result : results) {
      table.row(
          result.transport(),
          result.controller(),
          result.subscribers(),
          result.connected(),
          significant(result.relayCpuPercent()),
          significant(result.relayCpuPerSubscriberPercent()),
          significant(result.relayWaitPercent()),
          significant(result.relayProcessCpuPercent()),
          significant(result.swarmCpuPercent()),
          significant(result.swarmCpuPerSubscriberPercent()),
          result.swarmGcMillis() < 0 ? null : result.swarmGcMillis(),
          significant(result.datagramsReceivedPerSubscriberSecond()),
          significant(result.datagramsSentPerSubscriberSecond()),
          significant(result.relayCpuNanosPerDatagramSent()),
          significant(result.heapMaxMegabytes()),
          significant(result.heapAfterGcMegabytes()),
          significant(result.loadAverage()));
    }
    return table;
  }

  /**
   * The runs of the same stack, controller and count taken together (from {@code --rounds}): per
   * track of the fast subscribers, the median of each run's p50 and p99 with the lowest and highest
   * run, the worst run's share of objects delivered, and the relay thread's CPU per subscriber.
   */
  public static Table rounds(List<FanoutBench.Result> results) {
    Map<String, List<FanoutBench.Result>> byRun = new LinkedHashMap<>();
    for (FanoutBench.Result result : results) {
      String key = result.transport() + " " + result.controller() + " " + result.subscribers();
      byRun.computeIfAbsent(key, k -> new ArrayList<>()).add(result);
    }
    Table table =
        new Table(
            "transport",
            "cc",
            "N",
            "track",
            "runs",
            "p50 ms",
            "p99 ms",
            "delivered % (worst)",
            "relay per sub %");
    for (List<FanoutBench.Result> same : byRun.values()) {
      FanoutBench.Result first = same.get(0);
      double[] perSubscriber =
          same.stream().mapToDouble(FanoutBench.Result::relayCpuPerSubscriberPercent).toArray();
      for (FanoutBench.Row row : first.rows()) {
        if (!row.group().equals("fast")) {
          continue;
        }
        List<FanoutBench.Row> rows = new ArrayList<>();
        for (FanoutBench.Result result : same) {
          result.rows().stream()
              .filter(r -> r.group().equals("fast") && r.track().equals(row.track()))
              .forEach(rows::add);
        }
        table.row(
            first.transport(),
            first.controller(),
            first.subscribers(),
            row.track(),
            rows.size(),
            spread(rows, 50),
            spread(rows, 99),
            Quantities.formatSignificant(
                rows.stream()
                    .mapToDouble(
                        r -> r.expected() == 0 ? 100 : 100.0 * r.delivered() / r.expected())
                    .min()
                    .orElse(0)),
            Quantities.formatSignificant(median(perSubscriber)));
      }
    }
    return table;
  }

  /** The median of the runs' percentile in ms, with the lowest and highest run. */
  private static String spread(List<FanoutBench.Row> rows, double percentile) {
    double[] values =
        rows.stream()
            .filter(r -> r.endToEnd().getTotalCount() > 0)
            .mapToDouble(r -> r.endToEnd().getValueAtPercentile(percentile) / 1e3)
            .sorted()
            .toArray();
    if (values.length == 0) {
      return "–";
    }
    return Quantities.formatSignificant(median(values))
        + " ["
        + Quantities.formatSignificant(values[0])
        + "–"
        + Quantities.formatSignificant(values[values.length - 1])
        + "]";
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  private static final List<String> LATENCY_COLUMNS =
      List.of(
          "expected",
          "delivered",
          "p50_us",
          "p99_us",
          "max_us",
          "added_p50_us",
          "added_p99_us",
          "added_max_us");

  private static final List<String> COST_COLUMNS =
      List.of(
          "relay_cpu_pct",
          "relay_cpu_per_sub_pct",
          "relay_wait_pct",
          "relay_process_cpu_pct",
          "swarm_cpu_pct",
          "swarm_cpu_per_sub_pct",
          "relay_heap_max_mb",
          "relay_heap_live_mb",
          "load_avg",
          "swarm_gc_ms",
          "swarm_gc_count",
          "relay_rx_per_sub_s",
          "relay_tx_per_sub_s",
          "relay_cpu_ns_per_tx");

  private static List<Object> latencyCells(FanoutBench.Row row) {
    Histogram endToEnd = row.endToEnd();
    Histogram added = row.added();
    boolean any = endToEnd.getTotalCount() > 0;
    boolean anyAdded = added.getTotalCount() > 0;
    return Arrays.asList(
        row.expected(),
        row.delivered(),
        any ? endToEnd.getValueAtPercentile(50) : null,
        any ? endToEnd.getValueAtPercentile(99) : null,
        any ? endToEnd.getMaxValue() : null,
        anyAdded ? added.getValueAtPercentile(50) : null,
        anyAdded ? added.getValueAtPercentile(99) : null,
        anyAdded ? added.getMaxValue() : null);
  }

  private static List<Object> costCells(FanoutBench.Result result) {
    return Arrays.asList(
        round(result.relayCpuPercent()),
        Math.round(result.relayCpuPerSubscriberPercent() * 1000) / 1000.0,
        known(result.relayWaitPercent()),
        known(result.relayProcessCpuPercent()),
        known(result.swarmCpuPercent()),
        result.swarmCpuPerSubscriberPercent() < 0
            ? null
            : Math.round(result.swarmCpuPerSubscriberPercent() * 1000) / 1000.0,
        round(result.heapMaxMegabytes()),
        round(result.heapAfterGcMegabytes()),
        round(result.loadAverage()),
        result.swarmGcMillis() < 0 ? null : result.swarmGcMillis(),
        result.swarmGcCollections() < 0 ? null : result.swarmGcCollections(),
        known(result.datagramsReceivedPerSubscriberSecond()),
        known(result.datagramsSentPerSubscriberSecond()),
        known(result.relayCpuNanosPerDatagramSent()));
  }

  /**
   * One line per run for the terminal under the tables: the publisher's path to the relay and the
   * slow links' drops.
   */
  public static String summary(FanoutBench.Result result) {
    PathStats path = result.publisherPath();
    return String.format(
        Locale.ROOT,
        "%s %s%s, %d subscribers: %.1f s measured; publisher -> relay srtt %s ms, %d of %d"
            + " packets lost%s",
        result.transport(),
        result.controller(),
        result.relayLoops() == 1 ? "" : ", relay on " + result.relayLoops() + " loops",
        result.subscribers(),
        result.measuredMicros() / 1e6,
        Quantities.formatSignificant(path.smoothedRttMicros() / 1e3),
        path.packetsLost(),
        path.packetsSent(),
        result.slowLinkDrops() > 0
            ? "; slow links dropped " + result.slowLinkDrops() + " packets"
            : "");
  }

  private static Object milliseconds(Histogram histogram, double percentile) {
    return histogram.getTotalCount() == 0
        ? null
        : Quantities.formatSignificant(histogram.getValueAtPercentile(percentile) / 1e3);
  }

  /** Three significant digits for people; nothing where the figure is not known (negative). */
  private static Object significant(double value) {
    return value < 0 ? null : Quantities.formatSignificant(value);
  }

  private static Object known(double percent) {
    return percent < 0 ? null : round(percent);
  }

  private static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}

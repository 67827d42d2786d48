package dev.moqbed.app;

import dev.moqbed.media.FrameKind;
import dev.moqbed.output.Summary;
import dev.moqbed.output.Table;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.subscriber.FrameRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * {@code live compare}'s table: per controller, the same scenario in virtual time and live, side by
 * side with live / simulated ratios — per track and frame kind the mean and 90th-percentile frame
 * latency over every frame of every run (exact, from the frames; or from a time after each run's
 * start, {@code --from}), then the draft's two metrics (mean over the runs of each run's media
 * average and maximum latency), and for a fairness scenario its stalls per run and its bulk
 * download's completion time. Beside the live figures, the relay → subscriber hop alone (subscriber
 * arrival − the relay's arrival stamp): the simulator's publisher → relay hop is ideal, the live
 * one crosses loopback QUIC and the JVM, so this is the part of the live latency the simulation
 * models.
 */
final class LiveComparisonTable {
  /** One controller's frames and rows, both ways. */
  private static final class Side {
    final List<FrameRecord> simulatedFrames = new ArrayList<>();
    final List<FrameRecord> liveFrames = new ArrayList<>();
    final List<RunRecord> simulatedRuns = new ArrayList<>();
    final List<RunRecord> liveRuns = new ArrayList<>();
  }

  private final Map<String, Side> controllers = new LinkedHashMap<>();
  private final long fromMicros;

  /** A table of every frame. */
  LiveComparisonTable() {
    this(0);
  }

  /**
   * A table whose per-track rows count only the frames captured at least {@code fromMicros} after
   * their run's first received frame (the draft's {@code media_stats_start} leaves the connection's
   * start-up out so); the draft-metric rows stay the runs' own.
   */
  LiveComparisonTable(long fromMicros) {
    if (fromMicros < 0) {
      throw new IllegalArgumentException("--from must not be negative");
    }
    this.fromMicros = fromMicros;
  }

  void addSimulated(String controller, RunRecord record, List<FrameRecord> frames) {
    Side side = side(controller);
    side.simulatedRuns.add(record);
    side.simulatedFrames.addAll(counted(frames));
  }

  void addLive(String controller, RunRecord record, List<FrameRecord> frames) {
    Side side = side(controller);
    side.liveRuns.add(record);
    side.liveFrames.addAll(counted(frames));
  }

  /** One run's frames from {@code fromMicros} after its first capture. */
  private List<FrameRecord> counted(List<FrameRecord> frames) {
    if (fromMicros == 0 || frames.isEmpty()) {
      return frames;
    }
    long origin = frames.stream().mapToLong(FrameRecord::captureMicros).min().getAsLong();
    return frames.stream().filter(frame -> frame.captureMicros() - origin >= fromMicros).toList();
  }

  private Side side(String controller) {
    return controllers.computeIfAbsent(controller, name -> new Side());
  }

  /**
   * Columns {@code cc,track,kind,sim_frames,live_frames,sim_mean_us,live_mean_us,mean_ratio,
   * sim_p90_us,live_p90_us,p90_ratio}; the draft's metrics as tracks {@code media_avg_latency_us}
   * and {@code media_max_latency_us} with the mean over the runs in the mean columns and the 90th
   * percentile over the runs in the p90 columns.
   */
  Table table() {
    Table table =
        new Table(
            "cc",
            "track",
            "kind",
            "sim_frames",
            "live_frames",
            "sim_mean_us",
            "live_mean_us",
            "mean_ratio",
            "sim_p90_us",
            "live_p90_us",
            "p90_ratio",
            "live_hop2_mean_us",
            "live_hop2_p90_us");
    controllers.forEach(
        (controller, side) -> {
          Set<String> tracks = new LinkedHashSet<>();
          side.simulatedFrames.forEach(frame -> tracks.add(frame.track()));
          side.liveFrames.forEach(frame -> tracks.add(frame.track()));
          for (String track : tracks) {
            for (FrameKind kind : FrameKind.values()) {
              double[] simulated = latencies(side.simulatedFrames, track, kind);
              double[] live = latencies(side.liveFrames, track, kind);
              double[] hop2 = lastHop(side.liveFrames, track, kind);
              if (simulated.length == 0 && live.length == 0) {
                continue;
              }
              double simMean = mean(simulated);
              double liveMean = mean(live);
              double simP90 = quantile(simulated);
              double liveP90 = quantile(live);
              table.row(
                  controller,
                  track,
                  kind.name(),
                  simulated.length,
                  live.length,
                  rounded(simMean),
                  rounded(liveMean),
                  ratio(liveMean, simMean),
                  rounded(simP90),
                  rounded(liveP90),
                  ratio(liveP90, simP90),
                  rounded(mean(hop2)),
                  rounded(quantile(hop2)));
            }
          }
          metricRow(table, controller, side, "media_avg_latency_us", this::average);
          metricRow(table, controller, side, "media_max_latency_us", this::maximum);
          // a fairness scenario's own figures, in their own units (frames, µs), where rows have
          // them
          for (String column : FAIRNESS_COLUMNS) {
            ToDoubleFunction<RunRecord> metric = record -> extraValue(record, column);
            if (!present(side.simulatedRuns, metric).isEmpty()
                || !present(side.liveRuns, metric).isEmpty()) {
              metricRow(table, controller, side, column, metric);
            }
          }
        });
    return table;
  }

  /** The fairness scenarios' columns compared per run: stalls (frames) and bulk completion (µs). */
  private static final List<String> FAIRNESS_COLUMNS =
      List.of("media_stalls", "bulk_completion_us");

  private static double extraValue(RunRecord record, String column) {
    String value = record.extra().get(column);
    return value == null || value.isEmpty() ? Double.NaN : Double.parseDouble(value);
  }

  private double average(RunRecord record) {
    Long value = record.mediaAverageLatencyMicros();
    return value == null ? Double.NaN : value;
  }

  private double maximum(RunRecord record) {
    Long value = record.mediaMaxLatencyMicros();
    return value == null ? Double.NaN : value;
  }

  private static void metricRow(
      Table table, String controller, Side side, String name, ToDoubleFunction<RunRecord> metric) {
    List<RunRecord> simulated = present(side.simulatedRuns, metric);
    List<RunRecord> live = present(side.liveRuns, metric);
    double simMean = simulated.isEmpty() ? Double.NaN : Summary.mean(simulated, metric);
    double liveMean = live.isEmpty() ? Double.NaN : Summary.mean(live, metric);
    double simP90 = simulated.isEmpty() ? Double.NaN : Summary.percentile90(simulated, metric);
    double liveP90 = live.isEmpty() ? Double.NaN : Summary.percentile90(live, metric);
    table.row(
        controller,
        name,
        "runs",
        simulated.size(),
        live.size(),
        rounded(simMean),
        rounded(liveMean),
        ratio(liveMean, simMean),
        rounded(simP90),
        rounded(liveP90),
        ratio(liveP90, simP90),
        null,
        null);
  }

  private static List<RunRecord> present(List<RunRecord> runs, ToDoubleFunction<RunRecord> metric) {
    return runs.stream().filter(run -> !Double.isNaN(metric.applyAsDouble(run))).toList();
  }

  private static double[] latencies(List<FrameRecord> frames, String track, FrameKind kind) {
    return frames.stream()
        .filter(frame -> frame.track().equals(track) && frame.kind() == kind)
        .mapToDouble(FrameRecord::latencyMicros)
        .toArray();
  }

  /** Relay → subscriber latency of the frames the relay stamped. */
  private static double[] lastHop(List<FrameRecord> frames, String track, FrameKind kind) {
    return frames.stream()
        .filter(
            frame ->
                frame.track().equals(track)
                    && frame.kind() == kind
                    && frame.lastRelayArrivalMicros() >= 0)
        .mapToDouble(frame -> frame.arrivalMicros() - frame.lastRelayArrivalMicros())
        .toArray();
  }

  private static double mean(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (double value : values) {
      sum += value;
    }
    return sum / values.length;
  }

  private static double quantile(double[] values) {
    return values.length == 0 ? Double.NaN : Summary.quantile(values.clone(), 0.9);
  }

  private static Long rounded(double value) {
    return Double.isNaN(value) ? null : Math.round(value);
  }

  /** live / simulated with two decimals; empty when either is missing or the simulated is 0. */
  private static String ratio(double live, double simulated) {
    if (Double.isNaN(live) || Double.isNaN(simulated) || simulated == 0) {
      return null;
    }
    return String.format(Locale.ROOT, "%.2f", live / simulated);
  }
}

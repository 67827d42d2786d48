package dev.moqbed.suite.report;

import dev.moqbed.output.Summary;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.RunRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The MoQ chain's runs (publisher → relay → subscriber in virtual time), one row per scenario and
 * controller: the media latencies the subscriber measured, per track, the STOP_SENDING it sent and
 * the frames that never arrived, beside the draft workload's latency for the same scenario and
 * controller (ours, when those runs were given too, and the draft's published value). The two
 * workloads measure different things — the draft's quicperf client counts from its request's
 * scheduled time and leaves out a warm-up, the subscriber from capture, every frame — so the table
 * puts them side by side and compares neither with a tolerance.
 */
public final class MoqChainTable {

  /**
   * One scenario with one controller through the MoQ chain.
   *
   * @param averageLatency mean over runs of the largest per-track average latency (µs)
   * @param averageLatencyP90 its 90th percentile over runs
   * @param maxLatency mean over runs of the largest per-track maximum latency (µs)
   * @param maxLatencyP90 its 90th percentile over runs
   * @param trackAverageLatency per track, the mean over runs of its average latency (µs)
   * @param stopSending mean STOP_SENDING per run
   * @param framesCancelled mean frames per run sent by the publisher that never arrived
   * @param draftWorkloadLatency our draft-workload average av_latency of the same cell, or null
   * @param publishedLatency the draft's published average av_latency, or null
   */
  public record Row(
      String scenario,
      String controller,
      int runs,
      int incomplete,
      Long averageLatency,
      Long averageLatencyP90,
      Long maxLatency,
      Long maxLatencyP90,
      Map<String, Long> trackAverageLatency,
      double stopSending,
      double framesCancelled,
      Long draftWorkloadLatency,
      Long publishedLatency) {}

  private final List<Row> rows;
  private final List<String> tracks;

  private MoqChainTable(List<Row> rows, List<String> tracks) {
    this.rows = List.copyOf(rows);
    this.tracks = List.copyOf(tracks);
  }

  /**
   * @param moq the MoQ chain's runs
   * @param draft the draft workload's runs, for the side-by-side column
   * @param reference the draft's published values, or null
   */
  static MoqChainTable of(RunSet moq, RunSet draft, PublishedResults reference) {
    List<Row> rows = new ArrayList<>();
    Set<String> tracks = new LinkedHashSet<>();
    for (String scenario : moq.scenarios()) {
      if (ScenarioGroup.FAIRNESS.scenarios().contains(scenario)) {
        continue; // the fairness table has their rows, with its own latency and stall columns
      }
      for (String controller : moq.controllers()) {
        List<RunRecord> runs = moq.runs(scenario, controller);
        if (runs.isEmpty()) {
          continue;
        }
        Map<String, List<Long>> perTrack = new LinkedHashMap<>();
        for (RunRecord run : runs) {
          String streams = run.extra().getOrDefault("media_streams", "");
          for (String stream : streams.isEmpty() ? new String[0] : streams.split(";")) {
            String[] fields = stream.split(":");
            perTrack
                .computeIfAbsent(fields[0], track -> new ArrayList<>())
                .add(Long.parseLong(fields[2]));
          }
        }
        Map<String, Long> trackAverages = new LinkedHashMap<>();
        perTrack.forEach(
            (track, averages) -> {
              tracks.add(track);
              trackAverages.put(track, round(Summary.mean(averages, Long::doubleValue)));
            });
        List<RunRecord> withMedia =
            runs.stream().filter(r -> r.mediaAverageLatencyMicros() != null).toList();
        rows.add(
            new Row(
                scenario,
                controller,
                runs.size(),
                (int) runs.stream().filter(r -> r.completionTimeMicros() == null).count(),
                round(Summary.mean(withMedia, r -> r.mediaAverageLatencyMicros())),
                round(Summary.percentile90(withMedia, r -> r.mediaAverageLatencyMicros())),
                round(Summary.mean(withMedia, r -> r.mediaMaxLatencyMicros())),
                round(Summary.percentile90(withMedia, r -> r.mediaMaxLatencyMicros())),
                trackAverages,
                Summary.mean(runs, count("stop_sending")),
                Summary.mean(runs, count("frames_cancelled")),
                Metric.MEDIA_LATENCY_AVG.aggregate(draft.runs(scenario, controller)),
                reference == null
                    ? null
                    : reference.value(
                        scenario,
                        Metric.MEDIA_LATENCY_AVG,
                        PublishedResults.columnFor(controller))));
      }
    }
    return new MoqChainTable(rows, new ArrayList<>(tracks));
  }

  private static ToDoubleFunction<RunRecord> count(String column) {
    return run -> {
      String value = run.extra().get(column);
      return value == null || value.isEmpty() ? 0 : Long.parseLong(value);
    };
  }

  private static Long round(double value) {
    return Double.isNaN(value) ? null : (long) Math.rint(value);
  }

  /** Whether any MoQ-chain run was given. */
  public boolean isEmpty() {
    return rows.isEmpty();
  }

  public List<Row> rows() {
    return rows;
  }

  /** Every track any row has, in order of first appearance. */
  public List<String> tracks() {
    return tracks;
  }
}

package dev.moqbed.simulation;

import java.util.Map;

/**
 * The draft's metrics for one run of one scenario with one controller: one row of {@code runs.csv}.
 * Times are microseconds; absent values (a metric the scenario does not report) are null.
 *
 * @param completionTimeMicros when the main client disconnected, measured from the start of the
 *     trial (draft "time")
 * @param rttAverageMicros the main data sender's RTT average, weighted as picoquic's qlog samples
 * @param rttStandardDeviationMicros its standard deviation
 * @param load the main sender's bytes over the period both connections send, as a fraction of the
 *     nominal rate (0.97 = 97 %)
 * @param mediaAverageLatencyMicros the largest per-stream average latency of the checked streams
 * @param mediaMaxLatencyMicros the largest per-stream maximum latency of the checked streams
 * @param extra further columns, written after the standard ones in insertion order
 */
public record RunRecord(
    String scenario,
    String controller,
    int run,
    long seed,
    Long completionTimeMicros,
    Long rttAverageMicros,
    Long rttStandardDeviationMicros,
    Double load,
    Long mediaAverageLatencyMicros,
    Long mediaMaxLatencyMicros,
    Map<String, String> extra) {

  /** The standard columns of {@code runs.csv}, in order. */
  public static final java.util.List<String> COLUMNS =
      java.util.List.of(
          "scenario",
          "cc",
          "run",
          "seed",
          "completion_time_us",
          "rtt_avg_us",
          "rtt_stddev_us",
          "load",
          "media_avg_latency_us",
          "media_max_latency_us");

  public RunRecord {
    extra =
        extra == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
  }
}

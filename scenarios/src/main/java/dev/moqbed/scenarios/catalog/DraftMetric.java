package dev.moqbed.scenarios.catalog;

/**
 * The values the draft's result tables report per (scenario, controller), named as the columns of
 * {@code reference/c4-test-05-published.csv}. Each is a statistic over the runs of one scenario.
 */
public enum DraftMetric {
  /** Mean over runs of the main connection's completion time. */
  TIME_AVG("time_avg_us", "average completion time"),
  /** 90th percentile over runs of the completion time. */
  TIME_P90("time_p90_us", "top 90% completion time"),
  /** Mean over runs of the per-run RTT average of the main data sender. */
  RTT_AVG("rtt_avg_us", "average RTT"),
  /** 90th percentile over runs of (RTT average + RTT standard deviation). */
  RTT_PLUS_SD_P90("rtt_plus_sd_p90_us", "top 90% of RTT + standard deviation"),
  /** Mean over runs of the main connection's share of the nominal rate. */
  LOAD_AVG("load_avg_pct", "average load"),
  /** 90th percentile over runs of the load. */
  LOAD_P90("load_p90_pct", "top 90% load"),
  /** Mean over runs of the largest per-item average frame latency. */
  MEDIA_LATENCY_AVG("media_latency_avg_us", "average frame latency"),
  /** 90th percentile over runs of the largest per-item maximum frame latency. */
  MEDIA_LATENCY_MAX_P90("media_latency_max_p90_us", "top 90% max frame latency");

  private final String id;
  private final String title;

  DraftMetric(String id, String title) {
    this.id = id;
    this.title = title;
  }

  /** The column name of the published-results CSV, e.g. {@code time_avg_us}. */
  public String id() {
    return id;
  }

  /** The table caption's wording, e.g. {@code average completion time}. */
  public String title() {
    return title;
  }
}

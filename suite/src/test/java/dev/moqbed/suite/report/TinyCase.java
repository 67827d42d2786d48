package dev.moqbed.suite.report;

import dev.moqbed.simulation.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A hand-made case: six runs of {@code alone} with c4, bbr and cubic (two values each, three times:
 * the fewest runs that get intervals), and a few draft cells.
 */
final class TinyCase {
  private TinyCase() {}

  static final String PUBLISHED =
      String.join(
          "\n",
          PublishedResults.HEADER,
          "network_events,alone,time_avg_us,c4,4000000",
          "network_events,alone,time_avg_us,bbr,4000000",
          "network_events,alone,time_avg_us,cubic,4450000",
          "network_events,alone,time_p90_us,c4,4090000",
          "network_events,alone,rtt_avg_us,c4,100000",
          "network_events,alone,rtt_avg_us,bbr,80000",
          "network_events,alone,rtt_avg_us,cubic,125000",
          "network_events,alone,rtt_plus_sd_p90_us,c4,120000",
          "");

  static RunRecord run(String controller, int run, long time, long rtt, long deviation) {
    return new RunRecord(
        "alone", controller, run, 1, time, rtt, deviation, 0.9, null, null, Map.of());
  }

  static List<RunRecord> runs() {
    List<RunRecord> runs = new ArrayList<>();
    for (int pair = 0; pair < 3; pair++) {
      runs.add(run("c4", 2 * pair, 4_000_000, 100_000, 10_000));
      runs.add(run("c4", 2 * pair + 1, 4_100_000, 110_000, 20_000));
    }
    for (int pair = 0; pair < 3; pair++) {
      runs.add(run("bbr", 2 * pair, 4_200_000, 90_000, 5_000));
      runs.add(run("bbr", 2 * pair + 1, 4_300_000, 95_000, 5_000));
    }
    for (int pair = 0; pair < 3; pair++) {
      runs.add(run("cubic", 2 * pair, 4_500_000, 120_000, 30_000));
      runs.add(run("cubic", 2 * pair + 1, 4_400_000, 130_000, 30_000));
    }
    return runs;
  }

  static ReportModel model(boolean withReference) {
    return ReportModel.build(
        List.of("out"),
        RunSet.of(runs()),
        withReference ? PublishedResults.parse(PUBLISHED, "published.csv") : null);
  }
}

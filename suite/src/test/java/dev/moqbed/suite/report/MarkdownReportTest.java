package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {

  @Test
  void shouldRenderTheDraftTablesBesideThePublishedValues() {
    assertEquals(EXPECTED_WITH_REFERENCE, MarkdownReport.render(TinyCase.model(true)));
  }

  @Test
  void shouldRenderOurValuesAloneWithoutReference() {
    assertEquals(EXPECTED_WITHOUT_REFERENCE, MarkdownReport.render(TinyCase.model(false)));
  }

  @Test
  void shouldLeaveOutTheSummaryAndTheWinnerOfASingleRunOfOneController() {
    ReportModel model =
        ReportModel.build(
            List.of("out"),
            RunSet.of(List.of(TinyCase.run("c4", 0, 4_000_000, 100_000, 10_000))),
            null);
    String report = MarkdownReport.render(model);
    assertFalse(report.contains("## Summary"), report);
    assertFalse(report.contains("| best |"), report);
    assertTrue(report.contains("| alone | 4000000 |\n"), "one run: no interval");
  }

  static final String EXPECTED_WITH_REFERENCE =
      "# moqbed report\n"
          + "\n"
          + "18 runs of 1 scenario with 3 controllers, from `out`. Published values: `published.csv`. Times and RTTs in µs, loads in %; averages are means over runs, \"top 90%\" the 90th percentile (linear), both rounded as the draft's report script. In brackets, our value's 95 % interval (intervals by the percentile bootstrap over runs, 2000 resamples, fixed seed). A controller wins a cell when, with 95 % confidence, it beats every other by more than the minimum effect: 5 % of the figure and at least 1000 µs for times and RTTs, 1 point(s) for loads (report --min-effect); otherwise the cell is a tie. Cells of fewer than 6 runs have no interval and name no winner.\n"
          + "\n"
          + "## Winners\n"
          + "\n"
          + "| scenario | average time | top 90% time | average RTT | top 90% of RTT + standard deviation |\n"
          + "| --- | --- | --- | --- | --- |\n"
          + "| alone | tie | tie | bbr | bbr |\n"
          + "\n"
          + "## Summary\n"
          + "\n"
          + "| metric | tolerance | within | cells |\n"
          + "| --- | --- | ---: | ---: |\n"
          + "| average time | ±5 % | 2 | 3 |\n"
          + "| top 90% time | ±5 % | 1 | 1 |\n"
          + "| average RTT | ±15 % | 2 | 3 |\n"
          + "| top 90% of RTT + standard deviation | ±15 % | 1 | 1 |\n"
          + "| all |  | 6 | 8 |\n"
          + "\n"
          + "Cells within tolerance of the draft: 6 of 8.\n"
          + "\n"
          + "Within tolerance per table of the draft (cells within / compared):\n"
          + "\n"
          + "| table | c4 | bbr | cubic | all |\n"
          + "| --- | ---: | ---: | ---: | ---: |\n"
          + "| Reaction to network events: average time | 1/1 | 0/1 | 1/1 | 2/3 |\n"
          + "| Reaction to network events: top 90% time | 1/1 |  |  | 1/1 |\n"
          + "| Reaction to network events: average RTT | 1/1 | 0/1 | 1/1 | 2/3 |\n"
          + "| Reaction to network events: top 90% of RTT + standard deviation | 1/1 |  |  | 1/1 |\n"
          + "\n"
          + "C4 better than both BBR and Cubic in 0 of 4 cells (draft: 0 of 2) — lower is better, except the load; ours counts only where c4 beats both beyond the minimum effect with 95 % confidence.\n"
          + "\n"
          + "Winners named in 2 of 4 cells; 2 are ties (a tie: the best controller does not beat another beyond the minimum effect with 95 % confidence; intervals by the percentile bootstrap over runs, 2000 resamples, fixed seed).\n"
          + "\n"
          + "Best controller the same as the draft's in 1 of 2 cells.\n"
          + "\n"
          + "## Reaction to network events\n"
          + "\n"
          + "### average time (µs)\n"
          + "\n"
          + "| scenario | c4 | c4 draft | c4 ratio | bbr | bbr draft | bbr ratio | cubic | cubic draft | cubic ratio | best | draft best |\n"
          + "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n"
          + "| alone | 4050000 [4016667–4083333] | 4000000 | 1.012 ✓ | 4250000 [4216667–4283333] | 4000000 | 1.062 ✗ | 4450000 [4416667–4483333] | 4450000 | 1.000 ✓ | tie (c4, bbr) | c4=bbr |\n"
          + "\n"
          + "### top 90% time (µs)\n"
          + "\n"
          + "| scenario | c4 | c4 draft | c4 ratio | bbr | bbr draft | bbr ratio | cubic | cubic draft | cubic ratio | best | draft best |\n"
          + "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n"
          + "| alone | 4100000 [4050000–4100000] | 4090000 | 1.002 ✓ | 4300000 [4250000–4300000] |  |  | 4500000 [4450000–4500000] |  |  | tie (c4, bbr) |  |\n"
          + "\n"
          + "### average RTT (µs)\n"
          + "\n"
          + "| scenario | c4 | c4 draft | c4 ratio | bbr | bbr draft | bbr ratio | cubic | cubic draft | cubic ratio | best | draft best |\n"
          + "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n"
          + "| alone | 105000 [101667–108333] | 100000 | 1.050 ✓ | 92500 [90833–94167] | 80000 | 1.156 ✗ | 125000 [121667–128333] | 125000 | 1.000 ✓ | bbr | bbr |\n"
          + "\n"
          + "### top 90% of RTT + standard deviation (µs)\n"
          + "\n"
          + "| scenario | c4 | c4 draft | c4 ratio | bbr | bbr draft | bbr ratio | cubic | cubic draft | cubic ratio | best | draft best |\n"
          + "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n"
          + "| alone | 130000 [120000–130000] | 120000 | 1.083 ✓ | 100000 [97500–100000] |  |  | 160000 [155000–160000] |  |  | bbr |  |\n"
          + "\n"
          + "## Runs\n"
          + "\n"
          + "| scenario | c4 | bbr | cubic |\n"
          + "| --- | ---: | ---: | ---: |\n"
          + "| alone | 6 | 6 | 6 |\n"
          + "\n"
          + "An incomplete run did not finish within the simulation's time limit; it counts in the RTT and load cells, not in the time cells.\n";
  static final String EXPECTED_WITHOUT_REFERENCE =
      "# moqbed report\n"
          + "\n"
          + "18 runs of 1 scenario with 3 controllers, from `out`. Times and RTTs in µs, loads in %; averages are means over runs, \"top 90%\" the 90th percentile (linear), both rounded as the draft's report script. In brackets, our value's 95 % interval (intervals by the percentile bootstrap over runs, 2000 resamples, fixed seed). A controller wins a cell when, with 95 % confidence, it beats every other by more than the minimum effect: 5 % of the figure and at least 1000 µs for times and RTTs, 1 point(s) for loads (report --min-effect); otherwise the cell is a tie. Cells of fewer than 6 runs have no interval and name no winner.\n"
          + "\n"
          + "## Winners\n"
          + "\n"
          + "| scenario | average time | top 90% time | average RTT | top 90% of RTT + standard deviation |\n"
          + "| --- | --- | --- | --- | --- |\n"
          + "| alone | tie | tie | bbr | bbr |\n"
          + "\n"
          + "## Summary\n"
          + "\n"
          + "C4 better than both BBR and Cubic in 0 of 4 cells — lower is better, except the load; ours counts only where c4 beats both beyond the minimum effect with 95 % confidence.\n"
          + "\n"
          + "Winners named in 2 of 4 cells; 2 are ties (a tie: the best controller does not beat another beyond the minimum effect with 95 % confidence; intervals by the percentile bootstrap over runs, 2000 resamples, fixed seed).\n"
          + "\n"
          + "## Reaction to network events\n"
          + "\n"
          + "### average time (µs)\n"
          + "\n"
          + "| scenario | c4 | bbr | cubic | best |\n"
          + "| --- | ---: | ---: | ---: | --- |\n"
          + "| alone | 4050000 [4016667–4083333] | 4250000 [4216667–4283333] | 4450000 [4416667–4483333] | tie (c4, bbr) |\n"
          + "\n"
          + "### top 90% time (µs)\n"
          + "\n"
          + "| scenario | c4 | bbr | cubic | best |\n"
          + "| --- | ---: | ---: | ---: | --- |\n"
          + "| alone | 4100000 [4050000–4100000] | 4300000 [4250000–4300000] | 4500000 [4450000–4500000] | tie (c4, bbr) |\n"
          + "\n"
          + "### average RTT (µs)\n"
          + "\n"
          + "| scenario | c4 | bbr | cubic | best |\n"
          + "| --- | ---: | ---: | ---: | --- |\n"
          + "| alone | 105000 [101667–108333] | 92500 [90833–94167] | 125000 [121667–128333] | bbr |\n"
          + "\n"
          + "### top 90% of RTT + standard deviation (µs)\n"
          + "\n"
          + "| scenario | c4 | bbr | cubic | best |\n"
          + "| --- | ---: | ---: | ---: | --- |\n"
          + "| alone | 130000 [120000–130000] | 100000 [97500–100000] | 160000 [155000–160000] | bbr |\n"
          + "\n"
          + "## Runs\n"
          + "\n"
          + "| scenario | c4 | bbr | cubic |\n"
          + "| --- | ---: | ---: | ---: |\n"
          + "| alone | 6 | 6 | 6 |\n"
          + "\n"
          + "An incomplete run did not finish within the simulation's time limit; it counts in the RTT and load cells, not in the time cells.\n";
}

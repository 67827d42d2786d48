package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.report.ReportModel.Cell;
import dev.moqbed.suite.report.ReportModel.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportModelTest {

  private static Map<String, Long> values(Object... pairs) {
    Map<String, Long> values = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      values.put((String) pairs[i], ((Number) pairs[i + 1]).longValue());
    }
    return values;
  }

  @Test
  void shouldPickLowestValueAsBestExceptForLoad() {
    assertEquals("bbr", ReportModel.best(values("c4", 5, "bbr", 3, "cubic", 4), Metric.TIME_AVG));
    assertEquals("c4", ReportModel.best(values("c4", 5, "bbr", 3, "cubic", 4), Metric.LOAD_AVG));
    assertNull(ReportModel.best(values(), Metric.TIME_AVG));
  }

  @Test
  void shouldNameEveryControllerOfATieAsBest() {
    assertEquals(
        "c4=cubic", ReportModel.best(values("c4", 3, "bbr", 4, "cubic", 3), Metric.RTT_AVG));
  }

  @Test
  void shouldSayC4BetterThanBothOnlyWhenStrictlyBetterThanBbrAndCubic() {
    assertTrue(
        ReportModel.c4BetterThanBoth(values("c4", 1, "bbr", 2, "cubic", 3), Metric.TIME_AVG));
    assertFalse(
        ReportModel.c4BetterThanBoth(values("c4", 2, "bbr", 2, "cubic", 3), Metric.TIME_AVG));
    assertFalse(
        ReportModel.c4BetterThanBoth(values("c4", 1, "bbr", 2, "cubic", 3), Metric.LOAD_P90));
    assertTrue(
        ReportModel.c4BetterThanBoth(values("c4", 4, "bbr", 2, "cubic", 3), Metric.LOAD_P90));
    assertNull(ReportModel.c4BetterThanBoth(values("c4", 1, "bbr", 2), Metric.TIME_AVG));
    assertNull(
        ReportModel.c4BetterThanBoth(
            values("c4:variant=v4", 1, "bbr", 2, "cubic", 3), Metric.TIME_AVG),
        "the draft-04 variant is not the c4 column");
  }

  @Test
  void shouldComputeCellsAndCompareThemWithTheDraft() {
    ReportModel model = TinyCase.model(true);

    Cell c4Time = model.cell("alone", Metric.TIME_AVG, "c4");
    assertEquals(4_050_000L, c4Time.value());
    assertEquals(4_000_000L, c4Time.published());
    assertEquals(1.0125, c4Time.ratio(), 1e-12);
    assertEquals(50_000L, c4Time.difference());
    assertTrue(c4Time.withinTolerance());
    assertEquals(6, c4Time.runs());
    Cell bbrTime = model.cell("alone", Metric.TIME_AVG, "bbr");
    assertEquals(4_250_000L, bbrTime.value());
    assertFalse(bbrTime.withinTolerance(), "6.25 % off");
    Cell bbrP90 = model.cell("alone", Metric.TIME_P90, "bbr");
    assertEquals(4_300_000L, bbrP90.value());
    assertNull(bbrP90.published());
    assertNull(bbrP90.withinTolerance());
    assertEquals(
        List.of(Metric.TIME_AVG, Metric.TIME_P90, Metric.RTT_AVG, Metric.RTT_PLUS_SD_P90),
        model.sections().get(0).metrics(),
        "no load and no media latency for network events");
  }

  @Test
  void shouldTallyCellsWithinToleranceAndWinners() {
    ReportModel model = TinyCase.model(true);
    List<ReportModel.Tally> tallies = model.tallies();
    // time avg: c4 1.0125 ok, bbr 1.0625 off, cubic 1.0 ok; p90: c4 ok;
    // rtt avg: c4 105000/100000 ok, bbr 92500/80000 = 1.156 off, cubic 125000 ok; rtt+sd: c4 ok
    assertEquals(
        List.of(
            new ReportModel.Tally(Metric.TIME_AVG, 3, 2),
            new ReportModel.Tally(Metric.TIME_P90, 1, 1),
            new ReportModel.Tally(Metric.RTT_AVG, 3, 2),
            new ReportModel.Tally(Metric.RTT_PLUS_SD_P90, 1, 1)),
        tallies);
    Verdict time = model.verdict("alone", Metric.TIME_AVG);
    // c4 is 200 ms ahead of bbr, within the minimum effect (5 % of 4.15 s): a tie, not a win
    assertEquals("tie (c4, bbr)", time.best());
    assertEquals("c4=bbr", time.publishedBest());
    assertFalse(time.c4BetterThanBoth());
    assertFalse(time.publishedC4BetterThanBoth());
    Verdict rtt = model.verdict("alone", Metric.RTT_AVG);
    assertEquals("bbr", rtt.best());
    assertEquals("bbr", rtt.publishedBest());
    assertEquals(4, model.c4Comparisons());
    assertEquals(0, model.c4Wins(), "times within 5 % of bbr's; bbr has the lower RTTs");
    assertEquals(2, model.publishedC4Comparisons());
    assertEquals(0, model.publishedC4Wins());
    assertNull(
        model.verdict("alone", Metric.TIME_P90).publishedBest(),
        "the draft has no bbr and cubic value to pick a best from");
    assertEquals(2, model.bestComparisons());
    assertEquals(1, model.bestAgreements());
  }

  @Test
  void shouldTallyEachTableOfTheDraftPerControllerWhenAsked() {
    ReportModel model = TinyCase.model(true);
    ReportModel.Section events = model.sections().get(0);
    assertEquals(
        new ReportModel.Tally(Metric.TIME_AVG, 3, 2), model.tally(events, Metric.TIME_AVG, null));
    assertEquals(
        new ReportModel.Tally(Metric.TIME_AVG, 1, 0), model.tally(events, Metric.TIME_AVG, "bbr"));
    assertEquals(
        new ReportModel.Tally(Metric.TIME_P90, 0, 0), model.tally(events, Metric.TIME_P90, "bbr"));
    String markdown = MarkdownReport.render(model);
    assertTrue(
        markdown.contains("| Reaction to network events: average time | 1/1 | 0/1 | 1/1 | 2/3 |"),
        markdown);
  }

  @Test
  void shouldShowEveryMetricSomeRunHasWhenScenarioIsNotTheDrafts() {
    RunRecord custom = new RunRecord("my_test", "c4", 0, 1, 5L, 6L, 1L, 0.5, null, null, Map.of());
    ReportModel model = ReportModel.build(List.of("x"), RunSet.of(List.of(custom)), null);
    ReportModel.Section section = model.sections().get(0);
    assertEquals("other", section.id());
    assertEquals(
        List.of(
            Metric.TIME_AVG,
            Metric.TIME_P90,
            Metric.RTT_AVG,
            Metric.RTT_PLUS_SD_P90,
            Metric.LOAD_AVG,
            Metric.LOAD_P90),
        section.metrics());
  }
}

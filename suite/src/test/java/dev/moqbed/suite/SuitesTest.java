package dev.moqbed.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.FairnessSimulation;
import dev.moqbed.simulation.moq.ChainFairness;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The suites sweep knows: the draft's stays exactly as it was (its scenarios and runs.csv header),
 * and the fairness suite beside it.
 */
class SuitesTest {
  private static final List<String> DRAFT_SCENARIOS =
      List.of(
          "alone",
          "alone_200",
          "alone_1_5M",
          "alone_512k",
          "low_and_up",
          "drop_and_back",
          "blackhole",
          "short_long",
          "satellite",
          "vs_bbr",
          "vs_c4",
          "vs_cubic",
          "after_c4",
          "before_c4",
          "vs_c4_lg",
          "vs_c4_lg2",
          "vs_bbr_lg",
          "vs_bbr_lg2",
          "vs_cubic_lg",
          "vs_cubic_lg2",
          "bbloat",
          "bbloat_c4",
          "bbloat_bbr",
          "bbloat_cubic",
          "wifi_bad",
          "wifi_fade",
          "wifi_suspension",
          "wifi_bad_bbr",
          "wifi_bad_c4",
          "wifi_bad_cubic",
          "ecn",
          "ecn_c4",
          "ecn_cubic",
          "ecn_bbr",
          "media",
          "media10",
          "media_600fr",
          "media_short_long",
          "media_wb",
          "media_wf",
          "media_ws",
          "media_ecn",
          "media_backload");

  private static final String DRAFT_HEADER =
      "scenario,cc,run,seed,completion_time_us,rtt_avg_us,rtt_stddev_us,load,"
          + "media_avg_latency_us,media_max_latency_us,completed,main_packets_lost,"
          + "main_bytes_sent,events,simulated_us,media_passed,media_streams,stop_sending,"
          + "frames_cancelled";

  @Test
  void shouldKeepTheDraftSuitesScenariosAndRunsCsvHeader() {
    SuiteDefinition suite = Suites.byName(C4TestSuite.NAME, Workload.DRAFT);
    assertEquals(43, DRAFT_SCENARIOS.size());
    assertEquals(DRAFT_SCENARIOS, suite.scenarios());
    assertEquals(DRAFT_SCENARIOS, suite.runnableScenarios());
    assertEquals(DRAFT_HEADER + "\r\n", RunsCsv.headerLine(suite.extraColumns()));
    assertTrue(suite.missingFor("fair_cubic").isPresent(), "not a scenario of c4-test");
  }

  @Test
  void shouldRunTheFairnessScenariosWithTheirTwoColumnsInTheFairnessSuite() {
    SuiteDefinition suite = Suites.byName("fairness", Workload.DRAFT);
    assertEquals(ScenarioGroup.FAIRNESS.scenarios(), suite.runnableScenarios());
    assertEquals(8, suite.scenarios().size());
    assertEquals(FairnessSimulation.EXTRA_COLUMNS, suite.extraColumns());
    assertEquals(
        DRAFT_HEADER + ",media_stalls,bulk_completion_us\r\n",
        RunsCsv.headerLine(suite.extraColumns()));
    assertTrue(suite.missingFor("alone").isPresent(), "a draft scenario is not in fairness");
    SuiteDefinition moq = Suites.byName("fairness", Workload.MOQ);
    assertEquals(ScenarioGroup.FAIRNESS.scenarios(), moq.runnableScenarios());
    assertEquals(ChainFairness.EXTRA_COLUMNS, moq.extraColumns());
    assertTrue(
        RunsCsv.headerLine(moq.extraColumns())
            .endsWith(",media_streams,media_stalls,bulk_completion_us\r\n"),
        RunsCsv.headerLine(moq.extraColumns()));
  }

  @Test
  void shouldNameBothSuitesWhenTheNameIsUnknown() {
    IllegalArgumentException error =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> Suites.byName("nope", Workload.DRAFT));
    assertEquals("unknown suite 'nope'; valid: c4-test, fairness", error.getMessage());
  }
}

package dev.moqbed.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A fairness scenario (beyond the draft) runs until its bulk download is done, repeatably, and
 * fills the two columns of its own beside the draft workload's.
 */
class FairnessSimulationTest {
  private static final ScenarioCatalog CATALOG = ScenarioCatalog.standard();
  private static final long SEED = 1;

  @ParameterizedTest
  @ValueSource(strings = {"fair_newreno", "fair_c4"})
  void shouldGiveTheSameRowTwiceWithStallsAndTheBulkCompletion(String scenario) {
    CompletedRun first =
        FairnessSimulation.runWithFrames(
            CATALOG.resolve(scenario, "c4"), 0, SEED, RunVariation.DEFAULT);
    CompletedRun second =
        FairnessSimulation.runWithFrames(
            CATALOG.resolve(scenario, "c4"), 0, SEED, RunVariation.DEFAULT);

    RunRecord record = first.record();
    assertEquals(record, second.record(), "same seed, same row");
    assertEquals(first.frames().render(), second.frames().render(), "same frames");
    assertEquals(List.copyOf(record.extra().keySet()), FairnessSimulation.EXTRA_COLUMNS);
    long stalls = Long.parseLong(record.extra().get("media_stalls"));
    assertTrue(stalls >= 0, "stalls " + stalls);
    long bulk = Long.parseLong(record.extra().get("bulk_completion_us"));
    // 15 MB at 20 Mbit/s takes at least 6 s, whoever shares the link
    assertTrue(bulk > 6_000_000, "bulk completion " + bulk);
    assertNotNull(record.completionTimeMicros(), "the media ran to its end");
    long simulated = Long.parseLong(record.extra().get("simulated_us"));
    assertTrue(
        simulated >= 1_000_000 + bulk && simulated >= record.completionTimeMicros(),
        "the run lasts until both are done: " + simulated);
    assertTrue(first.frames().rows() > 1000, "every frame of the media is in the frames file");
  }
}

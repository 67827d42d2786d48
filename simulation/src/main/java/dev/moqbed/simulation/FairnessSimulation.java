package dev.moqbed.simulation;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.quicperf.MediaStalls;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.spec.SimSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs of the fairness scenarios (beyond the draft): {@link ScenarioSimulation} until the bulk
 * download has finished too, and a row of runs.csv with two columns of their own after the draft
 * workload's: {@code media_stalls} ({@link MediaStalls}, 400 ms deadline) and {@code
 * bulk_completion_us} (the background download's time from its start to its client closing; empty
 * if it had not finished within the time limit).
 */
public final class FairnessSimulation {
  /** The columns of a fairness row after the standard ones of runs.csv, in order. */
  public static final List<String> EXTRA_COLUMNS = extraColumns();

  private FairnessSimulation() {}

  private static List<String> extraColumns() {
    List<String> columns = new ArrayList<>(ScenarioSimulation.EXTRA_COLUMNS);
    columns.add("media_stalls");
    columns.add("bulk_completion_us");
    return List.copyOf(columns);
  }

  /** The simulation of {@code spec} for a fairness run: until the bulk flow is done too. */
  public static ScenarioSimulation simulation(
      SimSpec spec, ControllerRegistry registry, EcnMarking ecn, RunVariation variation) {
    return new ScenarioSimulation(spec, registry, ecn, variation).untilBackgroundCloses();
  }

  /** One run of a fairness scenario: its row of runs.csv and every frame. */
  public static CompletedRun runWithFrames(
      ResolvedScenario resolved, int run, long seed, RunVariation variation) {
    ScenarioSimulation.Outcome outcome =
        simulation(resolved.spec(), ControllerRegistry.standard(), EcnMarking.DEFAULT, variation)
            .run(seed, run);
    RunRecord record =
        record(
            outcome, resolved.spec(), resolved.scenario().name(), resolved.controller(), run, seed);
    FrameTable frames = new FrameTable();
    frames.add(run, outcome.frames());
    return new CompletedRun(record, frames);
  }

  /** The outcome as a row of runs.csv: the draft workload's row and the two fairness columns. */
  public static RunRecord record(
      ScenarioSimulation.Outcome outcome,
      SimSpec spec,
      String scenario,
      String controller,
      int run,
      long seed) {
    RunRecord base = outcome.record(scenario, controller, run, seed);
    Map<String, String> extra = new LinkedHashMap<>(base.extra());
    extra.put(
        "media_stalls",
        Long.toString(
            MediaStalls.count(
                spec.mainScenario(),
                outcome.frames(),
                String.join(",", spec.mediaExcluded()),
                spec.mediaStatsStartMicros(),
                MediaStalls.DEFAULT_DEADLINE_MICROS)));
    List<Long> bulk = outcome.backgroundCompletionMicros();
    if (!bulk.isEmpty() && bulk.get(0) >= 0) {
      extra.put("bulk_completion_us", Long.toString(bulk.get(0)));
    }
    return new RunRecord(
        base.scenario(),
        base.controller(),
        base.run(),
        base.seed(),
        base.completionTimeMicros(),
        base.rttAverageMicros(),
        base.rttStandardDeviationMicros(),
        base.load(),
        base.mediaAverageLatencyMicros(),
        base.mediaMaxLatencyMicros(),
        extra);
  }
}

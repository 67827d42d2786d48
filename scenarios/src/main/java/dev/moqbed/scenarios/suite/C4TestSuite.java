package dev.moqbed.scenarios.suite;

import dev.moqbed.scenarios.sim.BulkResult;
import dev.moqbed.scenarios.sim.BulkSimulation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The suite {@code c4-test}: the 43 scenarios of draft-huitema-ccwg-c4-test-05. For now it runs the
 * single-connection downloads that {@link BulkSimulation} reproduces ({@link BulkScenarios}); the
 * others name what they still need. The session lead replaces the runner with the scenario
 * catalogue's when that lands.
 */
public final class C4TestSuite implements SuiteDefinition {
  /** The suite's name. */
  public static final String NAME = "c4-test";

  private static final List<String> EXTRA_COLUMNS =
      List.of("received_bytes", "lost_packets", "events", "simulated_us");

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<String> scenarios() {
    return C4TestGroup.allScenarios();
  }

  @Override
  public Optional<String> missingFor(String scenario) {
    if (BulkScenarios.NAMES.contains(scenario)) {
      return Optional.empty();
    }
    C4TestGroup group = C4TestGroup.of(scenario);
    if (group == null) {
      return Optional.of("not a scenario of " + NAME);
    }
    if (scenario.equals("satellite")) {
      return Optional.of(
          "careful-resume seeding of the server (seed_cwin 18750000 bytes, seed_rtt 600123 us),"
              + " which sim.BulkSpec cannot express");
    }
    if (scenario.equals("ecn")) {
      return Optional.of(
          "the ECN codepoint each controller's packets carry into the DualQ AQM (scenarios.md"
              + " §1.3), which sim.BulkSpec cannot express");
    }
    return Optional.of(
        switch (group) {
          case MEDIA -> "the media workload (quicperf media streams and datagrams) in a runner";
          default -> "a background connection, and sim.BulkSimulation runs one connection";
        });
  }

  @Override
  public ScenarioRunner runner() {
    return C4TestSuite::run;
  }

  @Override
  public List<String> extraColumns() {
    return EXTRA_COLUMNS;
  }

  private static RunRecord run(String scenario, String controller, int run, long seed) {
    BulkResult result = BulkSimulation.run(BulkScenarios.spec(scenario, controller), seed, run);
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("received_bytes", Long.toString(result.receivedBytes()));
    extra.put("lost_packets", Long.toString(result.packetsLost()));
    extra.put("events", Long.toString(result.events()));
    extra.put("simulated_us", Long.toString(result.simulatedMicros()));
    return new RunRecord(
        scenario,
        controller,
        run,
        seed,
        result.completed() ? result.completionMicros() : null,
        result.rttAverageMicros(),
        result.rttStandardDeviationMicros(),
        result.load(),
        null,
        null,
        extra);
  }
}

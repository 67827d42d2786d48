package dev.moqbed.scenarios.suite;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic stand-in for a scenario runner: every value is a function of the arguments, and
 * the extra column holds text that needs quoting. Counts its calls.
 */
final class TestRunner implements ScenarioRunner {
  static final java.util.List<String> EXTRA_COLUMNS = java.util.List.of("note", "events");

  final AtomicInteger calls = new AtomicInteger();

  @Override
  public RunRecord run(String scenario, String controller, int run, long seed) {
    calls.incrementAndGet();
    return record(scenario, controller, run, seed);
  }

  static RunRecord record(String scenario, String controller, int run, long seed) {
    SplittableRandom random =
        new SplittableRandom(seed * 31 + (scenario + "/" + controller).hashCode() * 1009L + run);
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("note", "run \"" + run + "\", of " + scenario);
    extra.put("events", Integer.toString(random.nextInt(1_000_000)));
    boolean media = scenario.startsWith("media");
    return new RunRecord(
        scenario,
        controller,
        run,
        seed,
        run % 7 == 6 ? null : 4_000_000L + random.nextInt(1_000_000),
        80_000L + random.nextInt(40_000),
        (long) random.nextInt(20_000),
        random.nextDouble(),
        media ? 30_000L + random.nextInt(5_000) : null,
        media ? 40_000L + random.nextInt(50_000) : null,
        extra);
  }
}

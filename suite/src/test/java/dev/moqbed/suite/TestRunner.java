package dev.moqbed.suite;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.subscriber.FrameRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic stand-in for a scenario runner: every value is a function of the arguments, and
 * the extra column holds text that needs quoting. Counts its calls.
 */
final class TestRunner implements ScenarioRunner {
  static final List<String> EXTRA_COLUMNS = List.of("note", "events");

  final AtomicInteger calls = new AtomicInteger();

  @Override
  public CompletedRun run(String scenario, String controller, int run, long seed) {
    calls.incrementAndGet();
    return completed(scenario, controller, run, seed);
  }

  /** The record and, for a media scenario, two frames: one received, one cancelled. */
  static CompletedRun completed(String scenario, String controller, int run, long seed) {
    RunRecord record = record(scenario, controller, run, seed);
    if (!scenario.startsWith("media")) {
      return CompletedRun.of(record);
    }
    TrackName track = new TrackName("live", "vmid");
    MediaObject first = new MediaObject(track, run, 0, 0, 6, 1000, 0, FrameKind.I, false);
    MediaObject second = new MediaObject(track, run, 0, 1, 6, 500, 33_333, FrameKind.P, true);
    FrameTable frames = new FrameTable();
    frames.add(
        run,
        List.of(first, second),
        List.of(
            new FrameRecord(
                "vmid", run, 0, FrameKind.I, 1000, 0, 25_000 + run, 25_000 + run, List.of())));
    return new CompletedRun(record, frames);
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

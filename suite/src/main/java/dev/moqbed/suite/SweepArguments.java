package dev.moqbed.suite;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.output.Json;
import dev.moqbed.scenarios.catalog.BackgroundControllerRule;
import dev.moqbed.simulation.ClientReadyMode;
import dev.moqbed.simulation.ControllerSeeding;
import dev.moqbed.simulation.PacketNumberHoleMode;
import dev.moqbed.simulation.RunVariation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a sweep runs, as recorded in its {@code sweep.json}: a sweep resumed into a directory must
 * have the same arguments. The thread count is not part of it: it changes the order rows are
 * written in, never the rows.
 *
 * @param suite the suite's name, e.g. {@code c4-test}
 * @param workload what the main connection carries
 * @param scenarios the scenarios, in the suite's order
 * @param controllers the main connection's controller specs, in the order given
 * @param runs runs per (scenario, controller), numbered 0 to runs − 1
 * @param seed the master seed handed to every run
 * @param shard the part of the job order this directory holds
 * @param variation what makes runs differ besides jitter (packet-number holes, BBR's seeding, the
 *     receive batch, the client's ready transition); a sweep.json without these members was written
 *     before moqbed modelled them, so it reads as {@link RunVariation#BEFORE_HOLES}, and one
 *     without {@code client_ready} alone as confirmed on HANDSHAKE_DONE, the default then
 * @param background which controller the background connections run ({@code --background-cc}); a
 *     sweep.json without it was written before the option and ran the spec files' own
 */
public record SweepArguments(
    String suite,
    Workload workload,
    List<String> scenarios,
    List<String> controllers,
    int runs,
    long seed,
    Shard shard,
    RunVariation variation,
    BackgroundControllerRule background) {

  /** Version of the {@code sweep.json} layout. */
  public static final int FORMAT = 1;

  /** The arguments with picoquic's run-to-run variation (the default). */
  public SweepArguments(
      String suite,
      Workload workload,
      List<String> scenarios,
      List<String> controllers,
      int runs,
      long seed,
      Shard shard) {
    this(suite, workload, scenarios, controllers, runs, seed, shard, RunVariation.DEFAULT);
  }

  /** The arguments with the spec files' background controllers (the default). */
  public SweepArguments(
      String suite,
      Workload workload,
      List<String> scenarios,
      List<String> controllers,
      int runs,
      long seed,
      Shard shard,
      RunVariation variation) {
    this(
        suite,
        workload,
        scenarios,
        controllers,
        runs,
        seed,
        shard,
        variation,
        BackgroundControllerRule.AS_FILE);
  }

  public SweepArguments {
    scenarios = List.copyOf(scenarios);
    controllers = List.copyOf(controllers);
    if (scenarios.isEmpty()) {
      throw new IllegalArgumentException("a sweep needs at least one scenario");
    }
    if (controllers.isEmpty()) {
      throw new IllegalArgumentException("a sweep needs at least one controller");
    }
    if (runs < 1) {
      throw new IllegalArgumentException("--runs must be at least 1, got " + runs);
    }
    if (background == null) {
      background = BackgroundControllerRule.AS_FILE;
    }
  }

  /**
   * Every job of the whole sweep in its stable order: scenario by scenario, then controller by
   * controller, then run by run. Sharding deals this list out round-robin.
   */
  public List<SweepJob> allJobs() {
    List<SweepJob> jobs = new ArrayList<>(scenarios.size() * controllers.size() * runs);
    for (String scenario : scenarios) {
      for (String controller : controllers) {
        for (int run = 0; run < runs; run++) {
          jobs.add(new SweepJob(scenario, controller, run));
        }
      }
    }
    return jobs;
  }

  /** The jobs of this shard, in the stable order. */
  public List<SweepJob> shardJobs() {
    List<SweepJob> all = allJobs();
    List<SweepJob> mine = new ArrayList<>(all.size() / shard.count() + 1);
    for (int position = 0; position < all.size(); position++) {
      if (shard.owns(position)) {
        mine.add(all.get(position));
      }
    }
    return mine;
  }

  /** The {@code sweep.json} document. */
  public String toJson() {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("format", FORMAT);
    document.put("suite", suite);
    document.put("workload", workload.id());
    document.put("scenarios", scenarios);
    document.put("cc", controllers);
    document.put("runs", runs);
    document.put("seed", seed);
    document.put("shard", shard.toString());
    document.put("pn_holes", variation.holes().label());
    document.put("bbr_seed", variation.controllerSeeding().label());
    document.put("receive_batch", variation.receiveBatch());
    document.put("client_ready", variation.clientReady().label());
    document.put("background_cc", background.label());
    return Json.write(document);
  }

  /**
   * Reads a {@code sweep.json} document.
   *
   * @throws IllegalArgumentException one line naming the bad or missing member
   */
  public static SweepArguments fromJson(String text) {
    if (!(Json.parse(text) instanceof Map<?, ?> document)) {
      throw new IllegalArgumentException("sweep.json: not a JSON object");
    }
    Object format = document.get("format");
    if (!(format instanceof Long version) || version != FORMAT) {
      throw new IllegalArgumentException(
          "sweep.json: format " + format + " is not the format " + FORMAT + " this moqbed writes");
    }
    // sweeps made before the MoQ workload existed have no "workload": they ran the draft's
    Workload workload =
        document.containsKey("workload")
            ? Workload.byId(text(document, "workload"))
            : Workload.DRAFT;
    return new SweepArguments(
        text(document, "suite"),
        workload,
        texts(document, "scenarios"),
        texts(document, "cc"),
        (int) number(document, "runs"),
        number(document, "seed"),
        Shard.parse(text(document, "shard")),
        new RunVariation(
            document.containsKey("pn_holes")
                ? PacketNumberHoleMode.ofLabel(text(document, "pn_holes"))
                : RunVariation.BEFORE_HOLES.holes(),
            document.containsKey("bbr_seed")
                ? ControllerSeeding.ofLabel(text(document, "bbr_seed"))
                : RunVariation.BEFORE_HOLES.controllerSeeding(),
            // sweeps made before the option had picoquic_ns's order
            document.containsKey("receive_batch") ? (int) number(document, "receive_batch") : 0,
            // and before --client-ready, confirmed on HANDSHAKE_DONE
            document.containsKey("client_ready")
                ? ClientReadyMode.ofLabel(text(document, "client_ready"))
                : ClientReadyMode.HANDSHAKE_DONE),
        // sweeps made before --background-cc ran the spec files' background controllers
        document.containsKey("background_cc")
            ? BackgroundControllerRule.parse(
                text(document, "background_cc"), ControllerRegistry.standard())
            : BackgroundControllerRule.AS_FILE);
  }

  /**
   * How {@code other} differs from these arguments, one clause per member ({@code runs: 100 here,
   * 50 there}); empty when they are the same.
   */
  public List<String> differencesFrom(SweepArguments other, String here, String there) {
    List<String> differences = new ArrayList<>();
    compare(differences, "suite", suite, other.suite, here, there);
    compare(differences, "workload", workload.id(), other.workload.id(), here, there);
    compare(
        differences,
        "scenarios",
        String.join(",", scenarios),
        String.join(",", other.scenarios),
        here,
        there);
    compare(
        differences,
        "cc",
        String.join(",", controllers),
        String.join(",", other.controllers),
        here,
        there);
    compare(differences, "runs", runs, other.runs, here, there);
    compare(differences, "seed", seed, other.seed, here, there);
    compare(differences, "shard", shard, other.shard, here, there);
    compare(
        differences,
        "pn_holes",
        variation.holes().label(),
        other.variation.holes().label(),
        here,
        there);
    compare(
        differences,
        "bbr_seed",
        variation.controllerSeeding().label(),
        other.variation.controllerSeeding().label(),
        here,
        there);
    compare(
        differences,
        "receive_batch",
        variation.receiveBatch(),
        other.variation.receiveBatch(),
        here,
        there);
    compare(
        differences,
        "client_ready",
        variation.clientReady().label(),
        other.variation.clientReady().label(),
        here,
        there);
    compare(
        differences, "background_cc", background.label(), other.background.label(), here, there);
    return differences;
  }

  private static void compare(
      List<String> differences,
      String name,
      Object mine,
      Object theirs,
      String here,
      String there) {
    if (!mine.equals(theirs)) {
      differences.add(name + " " + mine + " " + here + ", " + theirs + " " + there);
    }
  }

  private static String text(Map<?, ?> document, String name) {
    if (document.get(name) instanceof String value) {
      return value;
    }
    throw new IllegalArgumentException("sweep.json: '" + name + "' must be a string");
  }

  private static long number(Map<?, ?> document, String name) {
    if (document.get(name) instanceof Long value) {
      return value;
    }
    throw new IllegalArgumentException("sweep.json: '" + name + "' must be an integer");
  }

  private static List<String> texts(Map<?, ?> document, String name) {
    if (document.get(name) instanceof List<?> list) {
      List<String> values = new ArrayList<>();
      for (Object element : list) {
        if (!(element instanceof String value)) {
          throw new IllegalArgumentException("sweep.json: '" + name + "' must list strings");
        }
        values.add(value);
      }
      return values;
    }
    throw new IllegalArgumentException("sweep.json: '" + name + "' must be a list of strings");
  }
}

package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.simulation.QlogDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.Shard;
import dev.moqbed.suite.SuiteDefinition;
import dev.moqbed.suite.Suites;
import dev.moqbed.suite.Sweep;
import dev.moqbed.suite.SweepArguments;
import dev.moqbed.suite.SweepFailure;
import dev.moqbed.suite.SweepProgress;
import dev.moqbed.suite.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code moqbed sweep}: every (scenario, controller, run) of a suite, on all cores, resumable. */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs a suite's scenarios with each controller, N runs each, on all cores, appending every"
          + " finished run to DIR/runs.csv at once. Killed, it resumes where it stopped when run"
          + " again with the same arguments. Split a large sweep with --shard over machines"
          + " (docs/sweeps.md); merge the directories with 'moqbed report'.",
      ""
    })
final class SweepCommand implements Callable<Integer> {
  @Option(
      names = "--suite",
      paramLabel = "NAME",
      defaultValue = "c4-test",
      description = "The suite (default ${DEFAULT-VALUE}).")
  String suiteName;

  @Option(
      names = "--workload",
      paramLabel = "WORKLOAD",
      defaultValue = "draft",
      converter = WorkloadConverter.class,
      description =
          "draft (the draft's quicperf workload, default) or moq (the media scenarios through"
              + " publisher → relay → subscriber, the relay sending with --cc).")
  Workload workload;

  @Option(
      names = "--cc",
      paramLabel = "LIST",
      defaultValue = "c4,bbr,cubic",
      description =
          "Controllers of the main connection, comma-separated; options as in 'sim bulk', e.g."
              + " c4,c4:variant=v4,cubic:flavor=rfc (default ${DEFAULT-VALUE}).")
  String controllerList;

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "100",
      description = "Runs per scenario and controller, numbered 0..N-1 (default ${DEFAULT-VALUE}).")
  int runs;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      required = true,
      description = "Directory of runs.csv and sweep.json; created, or resumed.")
  Path directory;

  @Option(
      names = "--scenarios",
      paramLabel = "LIST",
      description =
          "Scenarios, comma-separated (default: every scenario of the suite that can run).")
  String scenarioList;

  @Option(
      names = "--shard",
      paramLabel = "I/N",
      defaultValue = "0/1",
      converter = ShardConverter.class,
      description = "Run only shard I of N (0-based): job k of the sweep's order if k mod N = I.")
  Shard shard;

  @Mixin RunVariationOptions runVariation = new RunVariationOptions();

  @Mixin BackgroundCcOption backgroundCc = new BackgroundCcOption();

  @Mixin QlogOption qlogOption = new QlogOption();

  @Option(
      names = "--threads",
      paramLabel = "T",
      description = "Worker threads (default: the available processors).")
  Integer threads;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /** The scenarios of the suite this workload cannot run, named (or counted) in one line. */
  private void noteSkippedScenarios(
      SuiteDefinition suite, List<String> scenarios, PrintWriter err) {
    List<String> skipped = suite.scenarios().stream().filter(s -> !scenarios.contains(s)).toList();
    err.println(
        "sweep: running the "
            + scenarios.size()
            + " of "
            + suite.scenarios().size()
            + " scenarios of "
            + suite.name()
            + " that the "
            + workload.id()
            + " workload can run; not "
            + (skipped.size() <= 8
                ? String.join(",", skipped)
                : "the " + skipped.size() + " others")
            + " (--scenarios NAME says why)");
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    SuiteDefinition suite = Suites.byName(suiteName, workload);
    List<String> controllers = controllers(controllerList);
    List<String> scenarios = scenarios(suite);
    if (scenarioList == null && scenarios.size() < suite.scenarios().size()) {
      noteSkippedScenarios(suite, scenarios, err);
    }
    SweepArguments arguments =
        new SweepArguments(
            suite.name(),
            workload,
            scenarios,
            controllers,
            runs,
            runVariation.seed,
            shard,
            runVariation.variation(),
            backgroundCc.rule);
    OutputPaths.requireWritableDirectory(directory, "--out"); // before any run, not at the first
    QlogDirectory qlog = qlogOption.open();
    int threadCount = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    SweepProgress progress = new SweepProgress(err, StandardError.isTerminal(), System::nanoTime);
    Sweep sweep =
        new Sweep(
            suite.runner(arguments.variation(), qlog, arguments.background()),
            suite.extraColumns(arguments.background()),
            threadCount,
            progress);
    // Ctrl-C or SIGTERM: say what is kept and how to go on, as the runs.csv rule allows.
    InterruptSummary interrupted =
        InterruptSummary.register(
            "moqbed-sweep-interrupted",
            () -> {
              err.println();
              err.println(
                  "moqbed sweep: "
                      + progress.interruptedLine()
                      + " ("
                      + directory.resolve(RunsCsv.FILE_NAME)
                      + ")");
              err.flush();
            });
    Sweep.Outcome outcome;
    try {
      outcome = sweep.run(arguments, directory);
    } catch (SweepFailure failure) {
      if ("1".equals(System.getenv("MOQBED_DEBUG"))) {
        failure.printStackTrace(err);
      }
      err.println(
          "moqbed: "
              + failure.getMessage()
              + " (the runs written so far are kept; run the same command again to resume)");
      QlogOption.report(qlog, err);
      interrupted.close();
      return ErrorReporter.FAILURE;
    }
    QlogOption.report(qlog, err);
    interrupted.close();
    out.println(
        directory.resolve(RunsCsv.FILE_NAME)
            + ": "
            + outcome.totalRuns()
            + " runs of shard "
            + shard
            + " ("
            + outcome.runsAlreadyDone()
            + " were already there, "
            + outcome.runsDone()
            + " run now); report with: ./moqbed report "
            + directory);
    return 0;
  }

  /** The scenarios asked for, or every runnable one; refuses unknown and not-yet-runnable ones. */
  private List<String> scenarios(SuiteDefinition suite) {
    if (scenarioList == null) {
      List<String> runnable = suite.runnableScenarios();
      if (runnable.isEmpty()) {
        // say why, from the first scenario (the fairness suite with --workload moq, for one)
        String why =
            suite.scenarios().isEmpty()
                ? "it lists none"
                : "they need " + suite.missingFor(suite.scenarios().get(0)).orElse("a runner");
        throw new IllegalArgumentException(
            "no scenario of suite "
                + suite.name()
                + " can run with the "
                + workload.id()
                + " workload: "
                + why);
      }
      return runnable;
    }
    Set<String> asked = new LinkedHashSet<>();
    for (String name : scenarioList.split(",")) {
      String scenario = name.trim();
      if (scenario.isEmpty()) {
        continue;
      }
      if (!suite.scenarios().contains(scenario)) {
        throw new IllegalArgumentException(
            "unknown scenario '"
                + scenario
                + "' in suite "
                + suite.name()
                + "; valid: "
                + String.join(", ", suite.scenarios()));
      }
      Optional<String> missing = suite.missingFor(scenario);
      if (missing.isPresent()) {
        throw new IllegalArgumentException(
            "scenario '"
                + scenario
                + "' cannot run with the "
                + workload.id()
                + " workload: it needs "
                + missing.get());
      }
      asked.add(scenario);
    }
    if (asked.isEmpty()) {
      throw new IllegalArgumentException("--scenarios lists no scenario");
    }
    // the suite's order, whatever the order typed: the job order (and so the shards) stays stable
    return suite.scenarios().stream().filter(asked::contains).toList();
  }

  /**
   * Splits {@code c4,cubic:flavor=rfc,hystart=off,bbr} into controller specs: a piece with '=' but
   * no ':' is another option of the previous controller. Each spec is checked now.
   */
  static List<String> controllers(String list) {
    List<String> specs = ControllerRegistry.splitSpecs(list);
    if (specs.isEmpty()) {
      throw new IllegalArgumentException("--cc lists no controller");
    }
    ControllerRegistry registry = ControllerRegistry.standard();
    for (String controller : specs) {
      registry.parse(controller); // one-line error naming the valid ids or options
    }
    return List.copyOf(new LinkedHashSet<>(specs));
  }

  /** Parses {@code --workload draft|moq}. */
  static final class WorkloadConverter implements ITypeConverter<Workload> {
    @Override
    public Workload convert(String value) {
      try {
        return Workload.byId(value.toLowerCase(java.util.Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** Parses {@code --shard I/N}. */
  static final class ShardConverter implements ITypeConverter<Shard> {
    @Override
    public Shard convert(String value) {
      try {
        return Shard.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  /** Whether standard error is a terminal, for the progress line. */
  static final class StandardError {
    private StandardError() {}

    static boolean isTerminal() {
      try {
        // Linux: where file descriptor 2 points; a pseudo-terminal or console is a terminal
        String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      } catch (IOException | UnsupportedOperationException | SecurityException e) {
        return System.console() != null;
      }
    }
  }
}

package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.output.Measure;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Summary;
import dev.moqbed.output.Table;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.scenarios.spec.SimSpecParser;
import dev.moqbed.simulation.ControllerTrace;
import dev.moqbed.simulation.EcnMarking;
import dev.moqbed.simulation.FairnessSimulation;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.QlogDirectory;
import dev.moqbed.simulation.QlogRun;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.ScenarioSimulation;
import dev.moqbed.simulation.moq.ChainFairness;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.subscriber.TrackReport;
import dev.moqbed.suite.BackgroundColumn;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsCsvWriter;
import dev.moqbed.suite.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code moqbed scenario run}: one scenario of the draft, or any picoquic_ns spec file, N runs. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs a scenario of the C4 test draft (by its table name, see 'moqbed scenario list') or a"
          + " picoquic_ns spec file as it is, in virtual time, and prints the draft's metrics per"
          + " run and their mean and 90th percentile."
    })
final class ScenarioRunCommand implements Callable<Integer> {

  /** Either a catalogue name or a spec file. */
  static final class Target {
    @Parameters(index = "0", paramLabel = "NAME", description = "Scenario name, e.g. alone.")
    String name;

    @Option(names = "--spec", paramLabel = "FILE", description = "A picoquic_ns spec file.")
    Path specFile;
  }

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  @Mixin ScenarioControllerOption controllerOption = new ScenarioControllerOption();

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "10",
      description = "Runs (default ${DEFAULT-VALUE}).")
  int runs;

  @Mixin FormatOption formatOption = new FormatOption();

  @Option(
      names = "--ecn",
      paramLabel = "MARKING",
      defaultValue = "ALL_ECT0",
      description =
          "ECN codepoint of every packet: ALL_ECT0 (picoquic_ns as the draft ran it, default),"
              + " ALL_ECT1 (picoquic_ns before Feb 2026) or PER_CONTROLLER (C4 ECT(1), others"
              + " not ECN-capable, as the draft's prose says).")
  EcnMarking ecn;

  @Mixin RunVariationOptions runVariation = new RunVariationOptions();

  @Mixin BackgroundCcOption backgroundCc = new BackgroundCcOption();

  @Option(
      names = "--workload",
      paramLabel = "WORKLOAD",
      defaultValue = "draft",
      converter = SweepCommand.WorkloadConverter.class,
      description =
          "draft (the draft's quicperf client and server, default) or moq (publisher → relay →"
              + " subscriber, the relay sending over the scenario's link; media scenarios only).")
  Workload workload;

  @Option(
      names = "--frames",
      paramLabel = "FILE",
      description = "Writes every frame of every run of a media scenario as CSV.")
  Path framesFile;

  @Option(
      names = "--trace",
      paramLabel = "FILE.csv",
      description =
          "With the draft workload: writes the main data sender's controller after every ACK"
              + " (time, cwnd, pacing rate, latest and smoothed RTT, bytes in flight, state; one"
              + " 'run' column) for plotting.")
  Path traceFile;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Writes DIR/runs.csv (the sweep's format, readable by 'moqbed report') and, for media"
              + " scenarios, every frame of every run: DIR/frames.csv, and DIR/frames/ as a sweep"
              + " writes it, for 'moqbed report DIR --html'. Checked before the first run.")
  Path outDirectory;

  @Mixin QlogOption qlogOption = new QlogOption();

  @Spec picocli.CommandLine.Model.CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    if (runs < 1) {
      throw new IllegalArgumentException("--runs must be at least 1");
    }
    // refused now rather than after minutes of runs
    if (outDirectory != null) {
      OutputPaths.requireWritableDirectory(outDirectory, "--out");
    }
    if (traceFile != null) {
      OutputPaths.requireWritableFile(traceFile, "--trace");
    }
    if (framesFile != null) {
      OutputPaths.requireWritableFile(framesFile, "--frames");
    }
    Chosen chosen = choose();
    backgroundCc
        .note(chosen.spec(), chosen.name())
        .ifPresent(commandSpec.commandLine().getErr()::println);
    QlogDirectory qlog = QlogOption.open(qlogDirectory(chosen.spec()));
    long started = System.nanoTime();
    // Ctrl-C or SIGTERM: the current run ends, then the tables and files of the runs done.
    try (InterruptSummary interrupted =
        InterruptSummary.stopping("moqbed-scenario-run-interrupted", () -> stopped = true)) {
      if (workload == Workload.MOQ) {
        if (traceFile != null) {
          throw new IllegalArgumentException("--trace traces the draft workload's sender only");
        }
        if (!chosen.media()) {
          throw new IllegalArgumentException(
              "--workload moq needs a media scenario (media, media_wb, ...); "
                  + chosen.name()
                  + " carries no media");
        }
        return runMoq(chosen, qlog, interrupted, started);
      }
      return runDraft(chosen, qlog, interrupted, started);
    }
  }

  /** Set by Ctrl-C or SIGTERM: the runs end after the current one. */
  private volatile boolean stopped;

  /** The scenario to run, from the catalogue or a spec file, and what kind it is. */
  private record Chosen(
      SimSpec spec, String name, String controller, boolean media, boolean fairness) {}

  private Chosen choose() throws IOException {
    if (target.specFile != null) {
      SimSpec spec =
          new SimSpecParser().parse(InputPaths.requireReadableFile(target.specFile, "--spec"));
      // the cell is named before --cc replaces the file's own controller
      String scenario =
          SpecScenarioName.of(target.specFile.getFileName().toString(), spec.mainCcAlgo());
      if (controllerOption.given()) {
        spec = spec.withMainController(controllerOption.controller);
      }
      ControllerRegistry.standard().parse(spec.mainCcAlgo());
      spec = backgroundCc.rule.apply(spec, spec.mainCcAlgo(), ControllerRegistry.standard());
      return new Chosen(
          spec, scenario, spec.mainCcAlgo(), !spec.mainScenario().flows().isEmpty(), false);
    }
    ResolvedScenario resolved =
        backgroundCc.rule.apply(
            ScenarioCatalog.standard().resolve(target.name, controllerOption.forScenario()),
            ControllerRegistry.standard());
    boolean fairness = resolved.scenario().group() == ScenarioGroup.FAIRNESS;
    return new Chosen(
        resolved.spec(),
        resolved.scenario().name(),
        resolved.controller(),
        resolved.scenario().group() == ScenarioGroup.MEDIA || fairness,
        fairness);
  }

  /**
   * After a signal: "interrupted after 4.2 s; 3 of 10 runs done" on standard error, before the
   * tables of those runs.
   */
  private void reportInterrupt(InterruptSummary interrupted, long started, int done) {
    if (!interrupted.interrupted()) {
      return;
    }
    PrintWriter err = commandSpec.commandLine().getErr();
    err.println(
        "scenario run: "
            + InterruptSummary.after(System.nanoTime() - started, 0)
            + "; "
            + done
            + " of "
            + runs
            + " runs done:");
    err.flush();
  }

  /** The draft's quicperf workload: one row per run, then the summary and the files. */
  private int runDraft(
      Chosen chosen, QlogDirectory qlog, InterruptSummary interrupted, long started)
      throws IOException {
    boolean fairness = chosen.fairness();
    SimSpec spec = chosen.spec();
    ScenarioSimulation simulation =
        fairness
            ? FairnessSimulation.simulation(
                spec, ControllerRegistry.standard(), ecn, runVariation.variation())
            : new ScenarioSimulation(
                spec, ControllerRegistry.standard(), ecn, runVariation.variation());
    List<RunRecord> records = new ArrayList<>();
    Table table = runTable(RunRecord.COLUMNS, fairness);
    FrameTable frameTable = new FrameTable();
    List<FrameTable> runFrames = new ArrayList<>();
    ControllerTrace trace = traceFile == null ? null : new ControllerTrace();
    for (int run = 0; run < runs && !stopped; run++) {
      long start = System.nanoTime();
      ScenarioSimulation.Outcome outcome;
      try (QlogRun files =
          qlog == null ? null : qlog.forRun(chosen.name(), chosen.controller(), run)) {
        outcome = simulation.run(runVariation.seed, run, trace, null, files);
      }
      RunRecord record =
          fairness
              ? FairnessSimulation.record(
                  outcome, spec, chosen.name(), chosen.controller(), run, runVariation.seed)
              : outcome.record(chosen.name(), chosen.controller(), run, runVariation.seed);
      records.add(record);
      if (outcome.media() != null && keepsFrames()) {
        frameTable.add(run, outcome.frames());
        FrameTable ofRun = new FrameTable();
        ofRun.add(run, outcome.frames());
        runFrames.add(ofRun);
      }
      table.row(draftCells(record, fairness, (System.nanoTime() - start) / 1_000_000).toArray());
    }
    reportInterrupt(interrupted, started, records.size());
    printDraft(table, records, fairness);
    writeOutputs(
        records,
        frameTable,
        runFrames,
        fairness ? FairnessSimulation.EXTRA_COLUMNS : ScenarioSimulation.EXTRA_COLUMNS,
        spec);
    QlogOption.report(qlog, commandSpec.commandLine().getErr());
    if (trace != null) {
      try (Writer writer = Files.newBufferedWriter(traceFile, StandardCharsets.UTF_8)) {
        trace.writeCsv(writer);
      }
      commandSpec
          .commandLine()
          .getErr()
          .println("moqbed: " + trace.rows() + " ACK rows written to " + traceFile);
    }
    long incomplete = records.stream().filter(r -> r.completionTimeMicros() == null).count();
    if (incomplete > 0) {
      commandSpec
          .commandLine()
          .getErr()
          .println(
              "moqbed: "
                  + incomplete
                  + " run(s) did not complete within the simulator's time limit");
      return 1;
    }
    return 0;
  }

  /** One draft-workload row: the record's metrics, a fairness run's two, completion, wall time. */
  private static List<Object> draftCells(RunRecord record, boolean fairness, long wallMillis) {
    List<Object> cells =
        new ArrayList<>(
            Arrays.asList(
                record.scenario(),
                record.controller(),
                record.run(),
                record.seed(),
                record.completionTimeMicros(),
                record.rttAverageMicros(),
                record.rttStandardDeviationMicros(),
                record.load() == null ? null : Math.round(record.load() * 1000) / 1000.0,
                record.mediaAverageLatencyMicros(),
                record.mediaMaxLatencyMicros()));
    if (fairness) {
      FAIRNESS_COLUMNS.forEach(column -> cells.add(longOrNull(record.extra().get(column))));
    }
    cells.add(record.extra().get("completed"));
    cells.add(wallMillis);
    return cells;
  }

  /** The per-run table, then (as a table) the mean and 90th percentile of the runs done. */
  private void printDraft(Table table, List<RunRecord> records, boolean fairness) {
    PrintWriter out = commandSpec.commandLine().getOut();
    out.print(table.render(formatOption.format));
    if (formatOption.format == OutputFormat.TABLE && !records.isEmpty()) {
      out.println();
      Table summary = summary(records);
      if (fairness) {
        for (String column : FAIRNESS_COLUMNS) {
          addRow(summary, column, records, r -> value(longOrNull(r.extra().get(column))));
        }
      }
      out.print(summary.render(OutputFormat.TABLE));
    }
    out.flush();
  }

  /**
   * Whether a file will receive the frames (--frames, --out): only then are they turned into CSV,
   * which otherwise cost a one-run process about a twentieth of its CPU and held every run's frames
   * as text until the end.
   */
  private boolean keepsFrames() {
    return framesFile != null || outDirectory != null;
  }

  /**
   * runs.csv, frames.csv and frames/ in the output directory, and the frames file of --frames,
   * replacing earlier ones.
   *
   * @param runFrames each run's frames, in run order; empty when the scenario carries no media
   * @param spec the spec that ran, whose background controller fills the {@code background_cc}
   *     column when {@code --background-cc} was given
   */
  private void writeOutputs(
      List<RunRecord> records,
      FrameTable frameTable,
      List<FrameTable> runFrames,
      List<String> columns,
      SimSpec spec)
      throws IOException {
    if (framesFile != null) {
      Files.writeString(framesFile, frameTable.render(), StandardCharsets.UTF_8);
    }
    if (outDirectory == null) {
      return;
    }
    Files.createDirectories(outDirectory);
    Path runsFile = outDirectory.resolve(RunsCsv.FILE_NAME);
    try (RunsCsvWriter writer =
        RunsCsvWriter.open(runsFile, 0, BackgroundColumn.columns(columns, backgroundCc.rule))) {
      for (RunRecord record : records) {
        writer.append(backgroundCc.rule.asFile() ? record : BackgroundColumn.mark(record, spec));
      }
    }
    if (frameTable.rows() > 0) {
      Files.writeString(
          outDirectory.resolve("frames.csv"), frameTable.render(), StandardCharsets.UTF_8);
      // the sweep's layout too, which 'report DIR --html' reads for its frame-latency charts
      FramesDirectory frames = new FramesDirectory(outDirectory);
      for (int i = 0; i < runFrames.size(); i++) {
        RunRecord record = records.get(i);
        frames.write(record.scenario(), record.controller(), record.run(), runFrames.get(i));
      }
    }
    commandSpec
        .commandLine()
        .getErr()
        .println("moqbed: " + records.size() + " runs written to " + runsFile);
  }

  /**
   * Where qlog goes: {@code --qlog DIR}, else a spec file's own {@code qlog_dir} as picoquic_ns
   * reads it (relative to the working directory). The catalogue's specs name the reference's
   * directory ({@code cclog}), so their key is not followed: a catalogue run writes qlog only when
   * asked.
   */
  private Path qlogDirectory(SimSpec spec) {
    if (qlogOption.directory != null) {
      return qlogOption.directory;
    }
    if (target.specFile != null && spec.qlogDir() != null) {
      return Path.of(spec.qlogDir());
    }
    return null;
  }

  /**
   * The MoQ chain's runs; a fairness scenario's wait for the bulk download too, and their rows add
   * the stalls and the download's completion time (as {@code sweep --suite fairness --workload
   * moq}).
   */
  private int runMoq(Chosen chosen, QlogDirectory qlog, InterruptSummary interrupted, long started)
      throws IOException {
    SimSpec spec = chosen.spec();
    String scenarioName = chosen.name();
    String mainController = chosen.controller();
    boolean fairness = chosen.fairness();
    MoqChainSimulation chain =
        new MoqChainSimulation(spec, ControllerRegistry.standard(), ecn, runVariation.variation());
    MoqChainSimulation simulation = fairness ? chain.untilBackgroundCloses() : chain;
    List<String> perTrack = new ArrayList<>(RUN_IDENTITY);
    perTrack.addAll(List.of("track", "frames", "avg_latency_us", "max_latency_us", "stop_sending"));
    Table table = runTable(perTrack, fairness);
    FrameTable frames = new FrameTable();
    List<FrameTable> runFrames = new ArrayList<>();
    List<RunRecord> records = new ArrayList<>();
    int incomplete = 0;
    for (int run = 0; run < runs && !stopped; run++) {
      long start = System.nanoTime();
      MoqChainSimulation.Outcome outcome;
      try (QlogRun files = qlog == null ? null : qlog.forRun(scenarioName, mainController, run)) {
        outcome = simulation.run(runVariation.seed, run, null, files);
      }
      long wallMillis = (System.nanoTime() - start) / 1_000_000;
      if (!outcome.completed()) {
        incomplete++;
      }
      RunRecord record =
          fairness
              ? ChainFairness.record(
                  outcome, spec, scenarioName, mainController, run, runVariation.seed)
              : outcome.record(scenarioName, mainController, run, runVariation.seed);
      records.add(record);
      if (keepsFrames()) {
        frames.add(run, outcome.sent(), outcome.frames());
        FrameTable ofRun = new FrameTable();
        ofRun.add(run, outcome.sent(), outcome.frames());
        runFrames.add(ofRun);
      }
      addTrackRows(table, chosen, record, outcome, wallMillis);
    }
    reportInterrupt(interrupted, started, records.size());
    commandSpec.commandLine().getOut().print(table.render(formatOption.format));
    commandSpec.commandLine().getOut().flush();
    writeOutputs(
        records,
        frames,
        runFrames,
        fairness ? ChainFairness.EXTRA_COLUMNS : MoqChainSimulation.EXTRA_COLUMNS,
        spec);
    QlogOption.report(qlog, commandSpec.commandLine().getErr());
    if (incomplete > 0) {
      commandSpec
          .commandLine()
          .getErr()
          .println("moqbed: " + incomplete + " run(s): the subscriber did not complete");
      return 1;
    }
    return 0;
  }

  /** The MoQ chain's rows of one run: one per track of the subscriber's report. */
  private void addTrackRows(
      Table table,
      Chosen chosen,
      RunRecord record,
      MoqChainSimulation.Outcome outcome,
      long wallMillis) {
    if (outcome.report() == null) {
      return;
    }
    for (TrackReport track : outcome.report().tracks()) {
      boolean any = track.received() > 0;
      List<Object> cells =
          new ArrayList<>(
              Arrays.asList(
                  chosen.name(),
                  chosen.controller(),
                  record.run(),
                  runVariation.seed,
                  track.track(),
                  track.received(),
                  any ? Math.round(track.latency().getMean()) : null,
                  any ? track.latency().getMaxValue() : null,
                  track.stopSendingSent()));
      if (chosen.fairness()) {
        FAIRNESS_COLUMNS.forEach(column -> cells.add(longOrNull(record.extra().get(column))));
      }
      cells.add(outcome.completed());
      cells.add(wallMillis);
      table.row(cells.toArray());
    }
  }

  /** The draft's aggregates: mean and 90th percentile of each metric over the runs. */
  static Table summary(List<RunRecord> records) {
    Table table = new Table("metric", "mean", "p90");
    addRow(table, "completion_time_us", records, r -> value(r.completionTimeMicros()));
    addRow(table, "rtt_avg_us", records, r -> value(r.rttAverageMicros()));
    addRow(
        table,
        "rtt_plus_stddev_us",
        records,
        r -> value(r.rttAverageMicros()) + value(r.rttStandardDeviationMicros()));
    addRow(table, "load_pct", records, r -> r.load() == null ? Double.NaN : r.load() * 100);
    addRow(table, "media_avg_latency_us", records, r -> value(r.mediaAverageLatencyMicros()));
    addRow(table, "media_max_latency_us", records, r -> value(r.mediaMaxLatencyMicros()));
    return table;
  }

  private static void addRow(
      Table table, String name, List<RunRecord> records, ToDoubleFunction<RunRecord> metric) {
    List<RunRecord> present =
        records.stream().filter(r -> !Double.isNaN(metric.applyAsDouble(r))).toList();
    if (present.isEmpty()) {
      return;
    }
    long mean = Math.round(Summary.mean(present, metric));
    long p90 = Math.round(Summary.percentile90(present, metric));
    String suffix = Measure.Unit.MICROSECONDS.columnSuffix();
    if (name.endsWith(suffix)) {
      // a time: printed in s, ms or µs with 3 significant digits, the unit in the cell
      String label = name.substring(0, name.length() - suffix.length());
      table.row(label, Measure.micros(mean), Measure.micros(p90));
    } else {
      table.row(name, mean, p90);
    }
  }

  /** The columns a fairness run adds to the table and the summary. */
  private static final List<String> FAIRNESS_COLUMNS =
      List.of("media_stalls", "bulk_completion_us");

  /** What names a run in runs.csv: scenario, cc, run and seed. */
  private static final List<String> RUN_IDENTITY = RunRecord.COLUMNS.subList(0, 4);

  /**
   * The per-run table: {@code leading} columns, then a fairness scenario's two columns, completion
   * and the run's wall time.
   */
  private static Table runTable(List<String> leading, boolean fairness) {
    List<String> columns = new ArrayList<>(leading);
    if (fairness) {
      columns.addAll(FAIRNESS_COLUMNS);
    }
    columns.addAll(List.of("completed", "wall_ms"));
    return new Table(columns);
  }

  private static Long longOrNull(String value) {
    return value == null || value.isEmpty() ? null : Long.valueOf(value);
  }

  private static double value(Long value) {
    return value == null ? Double.NaN : value;
  }
}

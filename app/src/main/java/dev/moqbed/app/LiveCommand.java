package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netem.LinkDescription;
import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.output.Measure;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.simulation.EcnMarking;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.simulation.moq.ChainFairness;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.subscriber.TrackReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code moqbed live run|compare}: the draft's media scenarios on real QUIC behind the emulator.
 */
@Command(
    name = "live",
    mixinStandardHelpOptions = true,
    description =
        "Plays the draft's media scenarios and the fairness ones live: publisher -> relay ->"
            + " subscriber on loopback over real QUIC, the link emulator with the scenario's link between relay and"
            + " subscriber (run), and beside the simulator's MoQ workload on the same link"
            + " (compare).",
    subcommands = {LiveCommand.Run.class, LiveCommand.Compare.class})
final class LiveCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The banner: what runs, over which link. */
  static void banner(
      PrintWriter err,
      String command,
      LiveScenarioOptions options,
      LiveScenario live,
      LiveStack bulkStack,
      long micros) {
    err.println(
        "moqbed live "
            + command
            + " "
            + live.name()
            + ": "
            + options.runs
            + " run(s) per controller, "
            + Quantities.formatDuration(micros)
            + " of media; link up (subscriber -> relay): "
            + LinkDescription.of(live.link(), LinkDirection.UP)
            + "; down (relay -> subscriber): "
            + LinkDescription.of(live.link(), LinkDirection.DOWN)
            + bulk(live, bulkStack)
            + "; ECN not carried"
            + options.receiverOption.description());
    err.flush();
  }

  /** The banner's words for the scenario's bulk flow, empty without one. */
  private static String bulk(LiveScenario live, LiveStack bulkStack) {
    LiveScenario.BulkFlow bulk = live.bulk();
    if (bulk == null) {
      return "";
    }
    boolean upload = bulk.direction() == LiveScenario.Direction.UPLOAD;
    return (upload ? "; bulk upload of " : "; bulk download of ")
        + bulk.bytes()
        + " bytes ("
        + bulkStack.describe()
        + (upload ? ") through the up link from " : ") through the down link from ")
        + Quantities.formatDuration(bulk.startMicros());
  }

  /** One live run with its progress line on standard error. */
  static LiveScenarioRun runOnce(
      LiveScenarioOptions options,
      LiveScenario live,
      LiveStack stack,
      int run,
      long durationMicros,
      Path certificates,
      PrintWriter err)
      throws Exception {
    long start = System.nanoTime();
    err.printf(
        Locale.ROOT,
        "  %s on %s, run %d/%d (link jitter of simulated run %d, seed %d) ...",
        stack.controller(),
        stack.transport().id(),
        run + 1,
        options.runs,
        run,
        options.seed);
    err.flush();
    LiveStack bulkStack = options.bulkStack(live, stack);
    String qlogPrefix = stack.controller() + "-run" + run + "-";
    LiveScenarioRun result =
        LiveScenarioRun.run(
            live,
            options.tapped(stack, qlogPrefix, "relay"),
            bulkStack == null ? null : options.tapped(bulkStack, qlogPrefix, "bulk"),
            options.seed,
            run,
            durationMicros,
            certificates,
            options.receiverOption.externalSubscriber(),
            options.log(err));
    StringBuilder line = new StringBuilder();
    for (TrackReport track : result.report().tracks()) {
      line.append(' ').append(track.track()).append(' ').append(track.received());
    }
    RunRecord record =
        result.record(live, options.label(stack.controller(), live, stack), run, options.seed);
    err.printf(
        Locale.ROOT,
        " %.1f s: frames%s, media avg %s us, max %s us, stop_sending %s%s%s%s%s%n",
        (System.nanoTime() - start) / 1e9,
        line,
        record.mediaAverageLatencyMicros(),
        record.mediaMaxLatencyMicros(),
        record.extra().get("stop_sending"),
        live.fairness() ? ", stalls " + record.extra().get("media_stalls") : "",
        result.bulk() == null
            ? ""
            : String.format(
                Locale.ROOT,
                ", bulk %d of %d bytes%s",
                result.bulk().bytesReceived(),
                result.bulk().bytesSent(),
                result.bulk().completionMicros() < 0
                    ? " (not finished)"
                    : String.format(
                        Locale.ROOT, " in %.2f s", result.bulk().completionMicros() / 1e6)),
        downLink(result),
        result.completed() ? "" : " (incomplete)");
    err.flush();
    return result;
  }

  /**
   * The emulator's down direction over the run: the model's queuing time and the real transit
   * through the emulator (model delay, jitter and queue, plus the emulator's own scheduling).
   */
  private static String downLink(LiveScenarioRun result) {
    if (result.emulator().size() < 2) {
      return "";
    }
    var down = result.emulator().get(1);
    return String.format(
        Locale.ROOT,
        "; down link: queue p50/p99 %.1f/%.1f ms, transit p50/p99 %.1f/%.1f ms, %d dropped",
        down.queueP50Micros() / 1e3,
        down.queueP99Micros() / 1e3,
        down.transitP50Micros() / 1e3,
        down.transitP99Micros() / 1e3,
        down.dropped());
  }

  /** {@code moqbed live run NAME --cc LIST}. */
  @Command(
      name = "run",
      mixinStandardHelpOptions = true,
      sortOptions = false,
      description = {
        "Runs a draft media scenario or a fairness one live, per controller and round (rotated):"
            + " publisher -> relay -> one subscriber on loopback over real QUIC, the link emulator"
            + " with the scenario's link (both directions, its schedule) between relay and"
            + " subscriber, the scenario's media; media_backload adds its 10 MB upload through the"
            + " emulator's up direction, a fairness scenario its 15 MB bulk download through the"
            + " down direction (--bulk-transport quiche: quiche's controller), with stalls and"
            + " the download's completion time per run. Prints each run's draft metrics, their mean"
            + " and p90 per controller, the per-track, per-frame-kind latency table, then the"
            + " medians with 95 %% intervals, the pairs' verdicts and the host's noise per run"
            + " (docs/statistics.md; --format csv|json: the per-run table only)."
      })
  static final class Run implements Callable<Integer> {
    @Mixin LiveScenarioOptions options = new LiveScenarioOptions();

    @Option(
        names = "--duration",
        paramLabel = "TIME",
        converter = QuantityConverters.Duration.class,
        description = "How long the publisher sends (default: the scenario's media length).")
    Long durationMicros;

    @Mixin ComparisonOptions comparisonOptions = new ComparisonOptions();

    @Mixin FormatOption formatOption = new FormatOption();

    @Spec picocli.CommandLine.Model.CommandSpec commandSpec;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = commandSpec.commandLine().getOut();
      PrintWriter err = commandSpec.commandLine().getErr();
      options.validate();
      comparisonOptions.effects(); // a malformed --min-effect fails before anything runs
      comparisonOptions.limits();
      if (durationMicros != null && durationMicros <= 0) {
        throw new IllegalArgumentException("--duration must be positive");
      }
      List<LiveStack> stacks = options.stacks();
      LiveScenarioOptions.requireQuic();
      LiveScenario first = LiveScenario.of(options.scenario, stacks.get(0).controller());
      long duration = durationMicros == null ? 0 : durationMicros;
      banner(
          err,
          "run",
          options,
          first,
          options.bulkStack(first, stacks.get(0)),
          duration > 0 ? duration : first.mediaMicros());
      options.warmUp(first, stacks.get(0), err);
      Path certificates = LiveScenarioOptions.certificates();
      LiveScenarioRounds rounds = LiveScenarioRounds.of(options, stacks, comparisonOptions);
      // Ctrl-C or SIGTERM: the tables and files of the runs that finished, as a sweep keeps them.
      InterruptSummary interrupted =
          InterruptSummary.register(
              "moqbed-live-interrupted",
              () -> interruptedSummary(rounds, stacks.size() * options.runs, first, out, err));
      try {
        rounds.run(options, duration, certificates, comparisonOptions, err);
      } finally {
        interrupted.close();
        LiveScenarioOptions.deleteRecursively(certificates);
        options.finishQlog(err);
      }
      if (interrupted.interrupted()) {
        return 1; // the summary is the hook's; the JVM exits with 130 or 143
      }
      return summarise(rounds, first, out, err);
    }

    /** What the runs that finished measured, then their rows and frames under --out. */
    private void interruptedSummary(
        LiveScenarioRounds rounds,
        int planned,
        LiveScenario first,
        PrintWriter out,
        PrintWriter err) {
      int finished = rounds.records().size();
      err.println();
      err.println(
          "moqbed live run: interrupted after "
              + finished
              + " of "
              + planned
              + " runs"
              + (finished == 0 ? ", nothing to summarise" : "; what they measured:"));
      err.flush();
      if (finished == 0) {
        return;
      }
      try {
        summarise(rounds, first, out, err);
      } catch (IOException | RuntimeException e) {
        err.println("moqbed live run: the partial summary failed: " + e.getMessage());
        err.flush();
      }
    }

    /** The tables of the runs kept, and their rows and frames under --out. */
    private int summarise(
        LiveScenarioRounds rounds, LiveScenario first, PrintWriter out, PrintWriter err)
        throws IOException {
      List<RunRecord> records = rounds.records();
      List<FrameTable> frames = rounds.frames();
      int incomplete = rounds.incomplete();
      OutputFormat format = formatOption.format;
      out.print(runsTable(records).render(format));
      if (format == OutputFormat.TABLE) {
        // csv and json stay one table a tool can read; the aggregates follow for people
        out.println();
        out.print(rounds.meanAndP90().render(format));
        out.println();
        out.print(rounds.perFrameKind().render(format));
        rounds.printComparison(out);
      }
      out.flush();
      options.write(records, frames, LiveScenarioRun.extraColumns(first), err);
      if (incomplete > 0) {
        err.println("moqbed: " + incomplete + " run(s): the subscriber did not complete");
        return 1;
      }
      return 0;
    }
  }

  /** {@code moqbed live compare NAME --cc LIST}. */
  @Command(
      name = "compare",
      mixinStandardHelpOptions = true,
      sortOptions = false,
      description = {
        "Runs a draft media scenario or a fairness one in virtual time (the MoQ workload, the same seeds) and live"
            + " on the same link, per controller of the project's, and prints both side by side:"
            + " per track and frame kind the mean and p90 frame latency and their live/simulated"
            + " ratios, then the draft's metrics. --out writes both (sim rows cc CC, live rows"
            + " live:CC) for 'moqbed report'."
      })
  static final class Compare implements Callable<Integer> {
    @Mixin LiveScenarioOptions options = new LiveScenarioOptions();

    @Option(
        names = "--from",
        paramLabel = "TIME",
        defaultValue = "0",
        converter = QuantityConverters.Duration.class,
        description =
            "Per-track rows count only frames captured at least TIME after the run's first frame"
                + " (200ms: the draft's media_stats_start, which leaves the connection's start-up"
                + " out); the draft-metric rows are the runs' own (default: every frame).")
    long fromMicros;

    @Option(
        names = "--receive-batch",
        paramLabel = "N",
        defaultValue = "0",
        description =
            "The simulated side's receive batch (see 'scenario run --receive-batch'): a node"
                + " takes N arrivals of one instant before its endpoints run, as a live receiver"
                + " reads its socket; 0: picoquic_ns's order (default ${DEFAULT-VALUE}).")
    int receiveBatch;

    @Mixin FormatOption formatOption = new FormatOption();

    @Spec picocli.CommandLine.Model.CommandSpec commandSpec;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = commandSpec.commandLine().getOut();
      PrintWriter err = commandSpec.commandLine().getErr();
      options.validate();
      if (fromMicros < 0) {
        throw new IllegalArgumentException("--from must not be negative");
      }
      if (receiveBatch < 0) {
        throw new IllegalArgumentException("--receive-batch must not be negative");
      }
      List<LiveStack> stacks = options.stacks();
      requireSimulated(stacks);
      LiveScenario first = LiveScenario.of(options.scenario, stacks.get(0).controller());
      LiveStack firstBulk = options.bulkStack(first, stacks.get(0));
      if (firstBulk != null && firstBulk.transport() != LiveTransport.MOQBED) {
        throw new IllegalArgumentException(
            "live compare needs a bulk flow the simulator runs: --bulk-transport quiche is"
                + " quiche's; use the project's (the default)");
      }
      LiveScenarioOptions.requireQuic();
      banner(err, "compare", options, first, firstBulk, first.mediaMicros());
      options.warmUp(first, stacks.get(0), err);
      Path certificates = LiveScenarioOptions.certificates();
      Partial measured =
          new Partial(
              stacks.size() * options.runs,
              new ArrayList<>(),
              new ArrayList<>(),
              new LiveComparisonTable(fromMicros));
      int incomplete = 0;
      // Ctrl-C or SIGTERM: the table and files of the pairs (simulated and live) that finished.
      InterruptSummary interrupted =
          InterruptSummary.register(
              "moqbed-live-interrupted",
              () -> interruptedSummary(measured, options, first, formatOption.format, out, err));
      try {
        for (LiveStack stack : stacks) {
          incomplete += compareRuns(stack, firstBulk, certificates, measured, err);
        }
      } finally {
        interrupted.close();
        LiveScenarioOptions.deleteRecursively(certificates);
        options.finishQlog(err);
      }
      if (interrupted.interrupted()) {
        return 1; // the summary is the hook's; the JVM exits with 130 or 143
      }
      out.print(measured.table().table().render(formatOption.format));
      out.flush();
      options.write(
          measured.records(), measured.frames(), LiveScenarioRun.extraColumns(first), err);
      if (incomplete > 0) {
        err.println("moqbed: " + incomplete + " live run(s): the subscriber did not complete");
        return 1;
      }
      return 0;
    }

    /** Every controller must be one the simulator runs: the project's stack, not quiche's. */
    private static void requireSimulated(List<LiveStack> stacks) {
      for (LiveStack stack : stacks) {
        if (stack.transport() != LiveTransport.MOQBED) {
          throw new IllegalArgumentException(
              "live compare needs a controller the simulator runs: "
                  + stack.controller()
                  + " is quiche's; use c4, bbr, cubic or newreno (the project's stack)");
        }
      }
    }

    /**
     * The runs of one controller, each simulated and then live on the same seed, into {@code
     * measured}; returns how many live runs did not complete.
     */
    private int compareRuns(
        LiveStack stack, LiveStack firstBulk, Path certificates, Partial measured, PrintWriter err)
        throws Exception {
      String controller = stack.controller();
      LiveScenario live = LiveScenario.of(options.scenario, controller);
      MoqChainSimulation simulation = simulation(live);
      int incomplete = 0;
      for (int run = 0; run < options.runs; run++) {
        MoqChainSimulation.Outcome simulated = simulation.run(options.seed, run);
        RunRecord simRecord =
            live.fairness()
                ? ChainFairness.record(
                    simulated, live.spec(), live.name(), controller, run, options.seed)
                : simulated.record(live.name(), controller, run, options.seed);
        printSimulated(err, controller, run, simRecord, live.fairness());
        LiveScenarioRun result = runOnce(options, live, stack, run, 0, certificates, err);
        incomplete += result.completed() ? 0 : 1;
        RunRecord liveRecord =
            result.record(live, LiveScenarioRun.label(controller, firstBulk), run, options.seed);
        measured.addPair(controller, run, simRecord, simulated, liveRecord, result);
      }
      return incomplete;
    }

    /** The simulated side of {@code live}: the MoQ workload with this command's receive batch. */
    private MoqChainSimulation simulation(LiveScenario live) {
      MoqChainSimulation simulation =
          new MoqChainSimulation(
              live.spec(),
              ControllerRegistry.standard(),
              EcnMarking.DEFAULT,
              new RunVariation(
                  RunVariation.DEFAULT.holes(),
                  RunVariation.DEFAULT.controllerSeeding(),
                  receiveBatch));
      // as the live run waits for the background flow to close
      return live.fairness() ? simulation.untilBackgroundCloses() : simulation;
    }

    /** The progress line of a simulated run. */
    private void printSimulated(
        PrintWriter err, String controller, int run, RunRecord simRecord, boolean fairness) {
      err.printf(
          Locale.ROOT,
          "  %s simulated, run %d/%d: media avg %s us, max %s us%s%n",
          controller,
          run + 1,
          options.runs,
          simRecord.mediaAverageLatencyMicros(),
          simRecord.mediaMaxLatencyMicros(),
          fairness
              ? ", stalls "
                  + simRecord.extra().get("media_stalls")
                  + ", bulk "
                  + simRecord.extra().getOrDefault("bulk_completion_us", "not finished")
                  + " us"
              : "");
    }
  }

  /** What {@code live compare} has measured so far: whole pairs in {@code records}. */
  private record Partial(
      int planned, List<RunRecord> records, List<FrameTable> frames, LiveComparisonTable table) {
    /** Adds a pair at once: a Ctrl-C summary sees whole pairs only. */
    void addPair(
        String controller,
        int run,
        RunRecord simRecord,
        MoqChainSimulation.Outcome simulated,
        RunRecord liveRecord,
        LiveScenarioRun result) {
      synchronized (records) {
        records.add(simRecord);
        frames.add(simulated.frameTable(run));
        table.addSimulated(controller, simRecord, simulated.frames());
        records.add(liveRecord);
        frames.add(result.frameTable(run));
        table.addLive(controller, liveRecord, result.frames());
      }
    }
  }

  /** On Ctrl-C: the comparison of the pairs that finished, then their rows and frames. */
  private static void interruptedSummary(
      Partial partial,
      LiveScenarioOptions options,
      LiveScenario first,
      OutputFormat format,
      PrintWriter out,
      PrintWriter err) {
    synchronized (partial.records()) {
      int pairs = partial.records().size() / 2;
      err.println();
      err.println(
          "moqbed live compare: interrupted after "
              + pairs
              + " of "
              + partial.planned()
              + " runs (each simulated and live)"
              + (pairs == 0 ? ", nothing to summarise" : "; what they measured:"));
      err.flush();
      if (pairs == 0) {
        return;
      }
      out.print(partial.table().table().render(format));
      out.flush();
      try {
        options.write(
            partial.records(), partial.frames(), LiveScenarioRun.extraColumns(first), err);
      } catch (IOException | RuntimeException e) {
        err.println("moqbed live compare: writing the runs failed: " + e.getMessage());
        err.flush();
      }
    }
  }

  /** Per run and track: frames, average and maximum latency, STOP_SENDING, completion. */
  static Table runsTable(List<RunRecord> records) {
    Table table =
        new Table(
            "scenario",
            "cc",
            "run",
            "seed",
            "track",
            "frames",
            "avg_latency_us",
            "max_latency_us",
            "completed");
    for (RunRecord record : records) {
      String streams = record.extra().getOrDefault("media_streams", "");
      for (String stream : streams.isEmpty() ? new String[0] : streams.split(";")) {
        String[] fields = stream.split(":");
        table.row(
            record.scenario(),
            record.controller(),
            record.run(),
            record.seed(),
            fields[0],
            Long.parseLong(fields[1]),
            Measure.micros(Long.parseLong(fields[2])),
            Measure.micros(Long.parseLong(fields[3])),
            record.extra().get("completed"));
      }
    }
    return table;
  }
}

package dev.moqbed.app;

import dev.moqbed.app.demo.MediaMixRun;
import dev.moqbed.app.demo.Sparkline;
import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.ChainTable;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Summary;
import dev.moqbed.output.Table;
import dev.moqbed.quicperf.FrameLog;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.simulation.ControllerTrace;
import dev.moqbed.simulation.EcnMarking;
import dev.moqbed.simulation.FrameLatencies;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.ScenarioSimulation;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.suite.report.ControllerTraces;
import dev.moqbed.suite.report.FrameLatencyCdfs;
import dev.moqbed.suite.report.HtmlReport;
import dev.moqbed.suite.report.MoqChainTable;
import dev.moqbed.suite.report.PublishedResults;
import dev.moqbed.suite.report.ReportModel;
import dev.moqbed.suite.report.RunSet;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed demo}: the main job on built-in defaults. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Shows the draft's media mix, then runs the draft's media scenarios 'media' (an idle 100"
          + " Mbit/s path) and 'media_wb' (a Wi-Fi path with bad jitter) with C4, BBR and Cubic"
          + " in virtual time, prints the per-frame latency of every track and frame kind beside"
          + " the draft's published numbers, writes an HTML page with charts, and ends with 10 s"
          + " of the same mix live: publisher, relay and 3 subscribers on loopback over real"
          + " QUIC."
    })
final class DemoCommand implements Callable<Integer> {
  private static final long BUCKET_MICROS = 100_000;
  private static final List<String> SCENARIOS = List.of("media", "media_wb");
  private static final List<String> CONTROLLERS = List.of("c4", "bbr", "cubic");

  /**
   * What the demo suggests next, each a whole command a user pastes: one scenario in detail, the
   * three controllers compared on it (scenario run takes one controller, sweep several), its
   * report, the whole draft. DocumentedCommandsTest parses each one.
   */
  static final List<String> NEXT_COMMANDS =
      List.of(
          "./moqbed scenario list",
          "./moqbed scenario run media_ws --cc bbr",
          "./moqbed sweep --scenarios media_ws --cc c4,bbr,cubic --runs 10 --out media_ws",
          "./moqbed report media_ws --html media_ws/report.html",
          "./moqbed sweep --suite c4-test --cc c4,bbr,cubic --runs 100 --out results");

  /** What the demo's live part suggests: the same chain, several controllers, quiche's BBR. */
  static final List<String> LIVE_COMMANDS =
      List.of(
          "./moqbed chain --cc c4 --duration 10s --subscribers 3",
          "./moqbed chain --cc c4,bbr,cubic,quiche:cubic --duration 10s --subscribers 3",
          "./moqbed chain --cc quiche:bbr --duration 10s --subscribers 3");

  @Option(
      names = "--runs",
      paramLabel = "N",
      defaultValue = "10",
      description = "Runs per scenario and controller (default ${DEFAULT-VALUE}).")
  int runs;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      defaultValue = "moqbed-demo",
      description = "Where the HTML page goes (default ${DEFAULT-VALUE}).")
  Path out;

  @Option(
      names = "--live-duration",
      paramLabel = "TIME",
      defaultValue = "10s",
      converter = QuantityConverters.Duration.class,
      description = "Length of the live loopback chain; 0 skips it (default ${DEFAULT-VALUE}).")
  long liveDurationMicros;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /**
   * One scenario and controller, all runs: the draft workload's records and frames, and the MoQ
   * chain's records.
   */
  private record Batch(
      String scenario,
      String controller,
      List<RunRecord> records,
      FrameLatencies frames,
      List<RunRecord> moqRecords) {}

  @Override
  public Integer call() throws Exception {
    if (runs < 1) {
      throw new IllegalArgumentException("--runs must be at least 1");
    }
    OutputPaths.requireWritableDirectory(out, "--out"); // before a minute of runs, not after
    PrintWriter printer = spec.commandLine().getOut();
    long wallStart = System.nanoTime();
    showMediaMix(printer);

    printer.printf(
        Locale.ROOT,
        "%nThe draft's media scenarios, %d runs per controller, in virtual time:%n",
        runs);
    printer.flush();
    FrameLatencyCdfs.Builder frameLatencies = new FrameLatencyCdfs.Builder();
    ControllerTraces.Builder traces = new ControllerTraces.Builder();
    List<Batch> batches = runAllInterruptibly(frameLatencies, traces, wallStart);
    printer.println();
    printer.println("Per-frame latency (capture to complete arrival), all runs together:");
    printer.print(frameTable(batches).render(OutputFormat.TABLE));
    printer.println();
    printer.println(
        "The draft's metrics (av = largest per-track mean of a1 and vlow; max = 90th percentile"
            + " over runs of the largest maximum), ms:");
    PublishedResults published = PublishedResults.packaged();
    printer.print(draftTable(batches, published).render(OutputFormat.TABLE));

    List<RunRecord> all = new ArrayList<>();
    batches.forEach(batch -> all.addAll(batch.records()));
    batches.forEach(batch -> all.addAll(batch.moqRecords()));
    ReportModel model = ReportModel.build(List.of("moqbed demo"), RunSet.of(all), published);
    printer.println();
    printer.println(
        "The same media through the MoQ chain (publisher -> relay -> subscriber, the relay sending"
            + " with the controller over the scenario's link; capture to arrival, every frame), ms:");
    printer.print(moqTable(model).render(OutputFormat.TABLE));

    Files.createDirectories(out);
    Path html = out.resolve("report.html");
    Files.writeString(
        html,
        HtmlReport.render(model, frameLatencies.build(), traces.build()),
        StandardCharsets.UTF_8);
    printer.println();
    printer.printf(
        Locale.ROOT,
        "Charts (bars per metric with 95%% intervals beside the draft, per-track frame-latency"
            + " CCDFs on log axes and latency over time of both workloads, run 0's window, pacing"
            + " rate and RTT): %s%n",
        html.toAbsolutePath());
    if (liveDurationMicros > 0) {
      printer.println();
      runLiveChain(printer, MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX));
    }
    printer.printf(
        Locale.ROOT, "Done in %.1f s of wall time.%n", (System.nanoTime() - wallStart) / 1e9);
    // One whole command per line, nothing else on it, so each line pastes into a shell as it is.
    printer.println("Next, each line a command:");
    NEXT_COMMANDS.forEach(command -> printer.println("  " + command));
    return 0;
  }

  /**
   * {@link #runAll}, saying on Ctrl-C or SIGTERM what was lost and how to go on: the tables need
   * every run.
   */
  private List<Batch> runAllInterruptibly(
      FrameLatencyCdfs.Builder frameLatencies, ControllerTraces.Builder traces, long wallStart)
      throws Exception {
    InterruptSummary interrupted =
        InterruptSummary.register(
            "moqbed-demo-interrupted",
            () -> {
              PrintWriter err = spec.commandLine().getErr();
              err.println();
              err.println(
                  "moqbed demo: "
                      + InterruptSummary.after(System.nanoTime() - wallStart, 0)
                      + ", during the virtual-time runs: nothing written to "
                      + out
                      + " (the tables and report.html need every run); run it again, or with"
                      + " --runs 1 for a quicker look");
              err.flush();
            });
    try {
      return runAll(frameLatencies, traces);
    } finally {
      interrupted.close();
    }
  }

  /** The live part: never fails the demo; a machine without QUIC gets one line. */
  private void runLiveChain(PrintWriter out, MediaSpec media) {
    out.println(
        "Live: "
            + Quantities.formatDuration(liveDurationMicros)
            + " of the same mix, publisher -> relay -> 3 subscribers on loopback over real QUIC"
            + " (C4 on the project's QUIC stack, MoQT draft-14, after a 2 s warm-up run), latency"
            + " in microseconds ...");
    out.flush();
    try {
      LiveStack c4 = LiveStack.of(LiveTransport.MOQBED, "c4");
      ChainOptions options =
          ChainOptions.builder()
              .media(media)
              .durationMicros(liveDurationMicros)
              .subscribers(3)
              .stacks(c4, c4)
              .build();
      CompletableFuture<Void> stop = new CompletableFuture<>();
      // Ctrl-C or SIGTERM: the chain ends early and its table covers the media so far.
      try (InterruptSummary interrupted =
          InterruptSummary.stopping("moqbed-demo-interrupted", () -> stop.complete(null))) {
        LiveChain.run( // warms up the JVM, not reported
            options.toBuilder().durationMicros(2_000_000).build(), null, null, stop);
        if (interrupted.interrupted()) {
          out.println("Live chain interrupted during its warm-up: nothing measured.");
          out.flush();
          return;
        }
        long started = System.nanoTime();
        LiveChain.Result result = LiveChain.run(options, null, null, stop);
        if (interrupted.interrupted()) {
          out.println(
              "Live chain "
                  + InterruptSummary.after(System.nanoTime() - started, liveDurationMicros)
                  + "; what it measured:");
        }
        out.print(ChainTable.of(result).render(OutputFormat.TABLE));
        out.flush();
        if (interrupted.interrupted()) {
          return; // the JVM is exiting: no "Done" and no next steps
        }
      }
      out.println("Run it yourself; several controllers in one table; quiche's BBR:");
      LIVE_COMMANDS.forEach(command -> out.println("  " + command));
    } catch (IOException | RuntimeException e) {
      out.println("Live chain failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      out.println("Live chain interrupted.");
    }
  }

  /** What the publisher emits: one line per track and the bit rate over time. */
  private static void showMediaMix(PrintWriter printer) {
    MediaSpec media = MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX);
    MediaMixRun run = MediaMixRun.generate(media, "live");
    List<MediaObject> objects = run.objects();
    printer.println("moqbed demo: live media over QUIC, controller by controller");
    printer.println();
    printer.println("The draft's media mix: " + MediaSpec.DRAFT_MEDIA_MIX);
    Table table = new Table("track", "priority", "objects", "i_frames", "bytes", "bitrate");
    for (MediaFlow flow : media.flows()) {
      List<MediaObject> ofTrack =
          objects.stream().filter(o -> o.track().name().equals(flow.id())).toList();
      table.row(
          flow.id(),
          flow.priority(),
          ofTrack.size(),
          ofTrack.stream().filter(MediaObject::isKeyframe).count(),
          ofTrack.stream().mapToLong(MediaObject::sizeBytes).sum(),
          Quantities.formatRate(flow.meanBitsPerSecond()));
    }
    printer.print(table.render(OutputFormat.TABLE));
    printer.println("Bytes per " + Quantities.formatDuration(BUCKET_MICROS) + ":");
    for (MediaFlow flow : media.flows()) {
      printer.printf(
          Locale.ROOT,
          "  %-5s |%s|%n",
          flow.id(),
          Sparkline.of(bytesPerBucket(objects, flow.id(), run.endMicros())));
    }
  }

  /** The MoQ chain's runs: per scenario and controller, per-track average latency and drops. */
  private static Table moqTable(ReportModel model) {
    MoqChainTable moq = model.moqChain();
    List<String> columns = new ArrayList<>(List.of("scenario", "cc"));
    moq.tracks().forEach(track -> columns.add(track + "_avg"));
    columns.addAll(List.of("max_p90", "stop_sending", "cancelled", "draft_workload_av"));
    Table table = new Table(columns);
    for (MoqChainTable.Row row : moq.rows()) {
      List<Object> cells = new ArrayList<>(List.of(row.scenario(), row.controller()));
      moq.tracks().forEach(track -> cells.add(milliseconds(row.trackAverageLatency().get(track))));
      cells.add(milliseconds(row.maxLatencyP90()));
      cells.add(Math.round(row.stopSending() * 10) / 10.0); // per run, a mean: one decimal
      cells.add(Math.round(row.framesCancelled() * 10) / 10.0);
      cells.add(milliseconds(row.draftWorkloadLatency()));
      table.row(cells.toArray());
    }
    return table;
  }

  private static Double milliseconds(Long micros) {
    return micros == null ? null : milliseconds((double) micros);
  }

  /**
   * Every (scenario, controller) on all cores, with both workloads; each run is independent and
   * deterministic. Every frame that counts goes to {@code frameLatencies}, and run 0's controller
   * trace of the draft workload to {@code traces}.
   */
  private List<Batch> runAll(
      FrameLatencyCdfs.Builder frameLatencies, ControllerTraces.Builder traceCharts)
      throws Exception {
    ScenarioCatalog catalog = ScenarioCatalog.standard();
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<List<Future<ScenarioSimulation.Outcome>>> futures = new ArrayList<>();
      List<List<Future<MoqChainSimulation.Outcome>>> moqFutures = new ArrayList<>();
      List<ResolvedScenario> resolved = new ArrayList<>();
      // filled by the worker of run 0, read after its future: Future.get orders the two
      List<ControllerTrace> traces = new ArrayList<>();
      for (String scenario : SCENARIOS) {
        for (String controller : CONTROLLERS) {
          ResolvedScenario target = catalog.resolve(scenario, controller);
          resolved.add(target);
          List<Future<ScenarioSimulation.Outcome>> runsOfTarget = new ArrayList<>();
          ControllerTrace trace = new ControllerTrace();
          traces.add(trace);
          for (int run = 0; run < runs; run++) {
            int runNumber = run;
            runsOfTarget.add(
                pool.submit(
                    () ->
                        new ScenarioSimulation(
                                target.spec(), dev.moqbed.cc.ControllerRegistry.standard())
                            .run(1, runNumber, runNumber == 0 ? trace : null)));
          }
          futures.add(runsOfTarget);
          List<Future<MoqChainSimulation.Outcome>> moqRunsOfTarget = new ArrayList<>();
          for (int run = 0; run < runs; run++) {
            int runNumber = run;
            moqRunsOfTarget.add(
                pool.submit(
                    () ->
                        new MoqChainSimulation(
                                target.spec(),
                                dev.moqbed.cc.ControllerRegistry.standard(),
                                EcnMarking.DEFAULT)
                            .run(1, runNumber)));
          }
          moqFutures.add(moqRunsOfTarget);
        }
      }
      List<Batch> batches = new ArrayList<>();
      for (int i = 0; i < resolved.size(); i++) {
        ResolvedScenario target = resolved.get(i);
        List<RunRecord> records = new ArrayList<>();
        FrameLatencies frames = new FrameLatencies();
        List<RunRecord> moqRecords = new ArrayList<>();
        String scenario = target.scenario().name();
        String controller = target.controller();
        for (int run = 0; run < runs; run++) {
          ScenarioSimulation.Outcome outcome = futures.get(i).get(run).get();
          records.add(outcome.record(scenario, controller, run, 1));
          frames.add(outcome.frames());
          addFrames(frameLatencies, scenario, controller, run, outcome.frames());
          if (run == 0) {
            StringWriter csv = new StringWriter();
            traces.get(i).writeCsv(csv);
            traceCharts.add(scenario, controller, csv.toString());
          }
          MoqChainSimulation.Outcome moq = moqFutures.get(i).get(run).get();
          moqRecords.add(moq.record(scenario, controller, run, 1));
          addMoqFrames(frameLatencies, scenario, controller, run, moq.frames());
        }
        batches.add(new Batch(scenario, controller, records, frames, moqRecords));
      }
      return batches;
    } finally {
      pool.shutdownNow();
    }
  }

  /** The frames of a draft-workload run that arrived, counted and not cancelled, for the CDFs. */
  private static void addFrames(
      FrameLatencyCdfs.Builder frameLatencies,
      String scenario,
      String controller,
      int run,
      FrameLog log) {
    for (int frame = 0; frame < log.size(); frame++) {
      if (log.isCounted(frame) && !log.isCancelled(frame) && log.arrivalMicros(frame) >= 0) {
        frameLatencies.add(
            scenario,
            controller,
            log.itemId(frame),
            run,
            log.expectedMicros(frame),
            log.latencyMicros(frame));
      }
    }
  }

  /** The frames of a MoQ-chain run, labelled "(moq)" beside the controller. */
  private static void addMoqFrames(
      FrameLatencyCdfs.Builder frameLatencies,
      String scenario,
      String controller,
      int run,
      List<FrameRecord> frames) {
    for (FrameRecord frame : frames) {
      frameLatencies.add(
          scenario,
          controller + " (moq)",
          frame.track(),
          run,
          frame.captureMicros(),
          frame.latencyMicros());
    }
  }

  private static Table frameTable(List<Batch> batches) {
    Table table =
        new Table(
            "scenario",
            "cc",
            "track",
            "kind",
            "frames",
            "cancelled",
            "p50_ms",
            "p90_ms",
            "p99_ms",
            "max_ms");
    for (Batch batch : batches) {
      for (Map.Entry<String, FrameLatencies.Series> entry : batch.frames().series().entrySet()) {
        String[] trackAndKind = entry.getKey().split("/");
        FrameLatencies.Series series = entry.getValue();
        table.row(
            batch.scenario(),
            batch.controller(),
            trackAndKind[0],
            trackAndKind[1],
            series.frames(),
            series.cancelled(),
            milliseconds(series.quantileMicros(0.5)),
            milliseconds(series.quantileMicros(0.9)),
            milliseconds(series.quantileMicros(0.99)),
            milliseconds(series.maxMicros()));
      }
    }
    return table;
  }

  private static Table draftTable(List<Batch> batches, PublishedResults published) {
    Table table =
        new Table("scenario", "cc", "av", "av_draft", "max_p90", "max_p90_draft", "passed");
    for (Batch batch : batches) {
      List<RunRecord> records = batch.records();
      double average = Summary.mean(records, r -> (double) r.mediaAverageLatencyMicros());
      double maxP90 = Summary.percentile90(records, r -> (double) r.mediaMaxLatencyMicros());
      long passed =
          records.stream().filter(r -> "true".equals(r.extra().get("media_passed"))).count();
      table.row(
          batch.scenario(),
          batch.controller(),
          milliseconds(average),
          publishedMilliseconds(published, batch.scenario(), "media_latency_avg_us", batch),
          milliseconds(maxP90),
          publishedMilliseconds(published, batch.scenario(), "media_latency_max_p90_us", batch),
          passed + "/" + records.size());
    }
    return table;
  }

  private static Double publishedMilliseconds(
      PublishedResults published, String scenario, String metric, Batch batch) {
    return published.values().stream()
        .filter(
            v ->
                v.scenario().equals(scenario)
                    && v.metric().id().equals(metric)
                    && v.algorithm().equals(batch.controller()))
        .findFirst()
        .map(v -> milliseconds(v.value()))
        .orElse(null);
  }

  private static double milliseconds(double micros) {
    return Math.round(micros / 10.0) / 100.0;
  }

  private static long[] bytesPerBucket(List<MediaObject> objects, String track, long endMicros) {
    long[] buckets = new long[(int) (endMicros / BUCKET_MICROS) + 1];
    for (MediaObject object : objects) {
      if (object.track().name().equals(track)) {
        buckets[(int) (object.captureTimeMicros() / BUCKET_MICROS)] += object.sizeBytes();
      }
    }
    return buckets;
  }
}

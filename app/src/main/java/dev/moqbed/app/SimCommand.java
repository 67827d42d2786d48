package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkScenario;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Summary;
import dev.moqbed.output.Table;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.simulation.BulkResult;
import dev.moqbed.simulation.BulkSimulation;
import dev.moqbed.simulation.BulkSpec;
import dev.moqbed.simulation.ControllerTrace;
import dev.moqbed.simulation.QlogDirectory;
import dev.moqbed.simulation.QlogRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed sim ...}: single simulations in virtual time. */
@Command(
    name = "sim",
    mixinStandardHelpOptions = true,
    description = "Simulations in virtual time on the transport model and the network simulator.",
    subcommands = {SimCommand.Bulk.class})
final class SimCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code moqbed sim bulk}: one bulk transfer over one bottleneck, N seeded runs. */
  @Command(
      name = "bulk",
      mixinStandardHelpOptions = true,
      sortOptions = false,
      description = {
        "A bulk download (or upload) over one simulated bottleneck, as the C4 test draft's"
            + " 'alone' scenarios: handshake, transfer and close on the transport model, with the"
            + " draft's metrics per run (completion time, RTT average and deviation, load).",
        "Controllers: c4, c4:variant=v4, bbr, bbr:flavor=draft, cubic, cubic:flavor=rfc,"
            + " newreno, newreno:flavor=rfc."
      })
  static final class Bulk implements Callable<Integer> {
    @Option(
        names = "--rate",
        paramLabel = "RATE",
        defaultValue = "20mbit",
        converter = QuantityConverters.Rate.class,
        description = "Bottleneck rate, both directions (default ${DEFAULT-VALUE}).")
    long rateBitsPerSecond;

    @Option(
        names = "--rtt",
        paramLabel = "TIME",
        defaultValue = "80ms",
        converter = QuantityConverters.Duration.class,
        description =
            "Round-trip propagation delay; each direction gets half (default ${DEFAULT-VALUE}).")
    long rttMicros;

    @Option(
        names = "--queue",
        paramLabel = "TIME",
        defaultValue = "80ms",
        converter = QuantityConverters.Duration.class,
        description =
            "Drop-tail limit of each link, as queuing time; 0 = unlimited (default ${DEFAULT-VALUE}).")
    long queueMicros;

    @Option(
        names = "--jitter",
        paramLabel = "TIME",
        defaultValue = "0",
        converter = QuantityConverters.Duration.class,
        description = "Per-packet jitter parameter (default none).")
    long jitterMicros;

    @Option(
        names = "--wifi",
        description = "Use the Wi-Fi jitter model instead of the Gaussian one.")
    boolean wifi;

    @Option(
        names = "--link-scenario",
        paramLabel = "NAME",
        defaultValue = "none",
        description =
            "Built-in link changes: none, black_hole, drop_and_back, low_and_up,"
                + " wifi_fade, wifi_suspension (default ${DEFAULT-VALUE}).")
    String linkScenario;

    @Option(
        names = "--bytes",
        paramLabel = "SIZE",
        defaultValue = "10MB",
        converter = QuantityConverters.Size.class,
        description = "Bytes to transfer (default ${DEFAULT-VALUE}).")
    long bytes;

    @Option(names = "--upload", description = "Send the bytes from client to server instead.")
    boolean upload;

    @Option(
        names = "--cc",
        paramLabel = "SPEC",
        defaultValue = "newreno",
        description = "Controller of the data sender (default ${DEFAULT-VALUE}).")
    String controller;

    @Option(
        names = "--runs",
        paramLabel = "N",
        defaultValue = "5",
        description = "Runs, each with its own random streams (default ${DEFAULT-VALUE}).")
    int runs;

    @Mixin RunVariationOptions runVariation = new RunVariationOptions();

    @Option(
        names = "--trace",
        paramLabel = "FILE.csv",
        description =
            "Write the data sender's controller after every ACK (time, cwnd, pacing rate, latest"
                + " and smoothed RTT, bytes in flight, state; one 'run' column) for plotting.")
    Path trace;

    @Mixin QlogOption qlogOption = new QlogOption();

    @Mixin FormatOption formatOption = new FormatOption();

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
      if (runs < 1) {
        throw new IllegalArgumentException("--runs must be at least 1");
      }
      if (trace != null) {
        OutputPaths.requireWritableFile(trace, "--trace");
      }
      ControllerRegistry.standard().parse(controller); // fail fast, with the list of ids
      BulkSpec bulk = bulkSpec();
      PrintWriter out = spec.commandLine().getOut();
      Table table = runTable();
      List<BulkResult> results = new ArrayList<>();
      ControllerTrace controllerTrace = trace == null ? null : new ControllerTrace();
      QlogDirectory qlog = qlogOption.open();
      long started = System.nanoTime();
      // Ctrl-C or SIGTERM: the current run ends, then the table and summary of the runs done.
      try (InterruptSummary interrupted =
          InterruptSummary.stopping("moqbed-sim-bulk-interrupted", () -> stopped = true)) {
        for (int run = 0; run < runs && !stopped; run++) {
          long start = System.nanoTime();
          BulkResult result;
          try (QlogRun files = qlog == null ? null : qlog.forRun("bulk", controller, run)) {
            result =
                BulkSimulation.run(
                    bulk, runVariation.seed, run, controllerTrace, runVariation.variation(), files);
          }
          results.add(result);
          addRow(table, run, result, (System.nanoTime() - start) / 1_000_000);
        }
        if (interrupted.interrupted()) {
          spec.commandLine()
              .getErr()
              .println(
                  "sim bulk: "
                      + InterruptSummary.after(System.nanoTime() - started, 0)
                      + "; "
                      + results.size()
                      + " of "
                      + runs
                      + " runs done:");
          spec.commandLine().getErr().flush();
        }
        printAndWrite(out, table, results, controllerTrace, qlog);
      }
      long failed = results.stream().filter(r -> !r.completed()).count();
      if (failed > 0) {
        spec.commandLine()
            .getErr()
            .println(
                "moqbed: "
                    + failed
                    + " run(s) did not complete within "
                    + Quantities.formatDuration(BulkSimulation.TIME_LIMIT_MICROS)
                    + " of virtual time");
        return 1;
      }
      return 0;
    }

    /** Set by Ctrl-C or SIGTERM: the runs end after the current one. */
    private volatile boolean stopped;

    private static Table runTable() {
      return new Table(
          "run",
          "seed",
          "cc",
          "completion_us",
          "rtt_avg_us",
          "rtt_stddev_us",
          "load",
          "received_bytes",
          "sent_packets",
          "lost_packets",
          "events",
          "wall_ms");
    }

    private void addRow(Table table, int run, BulkResult result, long wallMillis) {
      table.row(
          run,
          runVariation.seed,
          controller,
          result.completed() ? result.completionMicros() : null,
          result.rttAverageMicros(),
          result.rttStandardDeviationMicros(),
          Math.round(result.load() * 1000) / 1000.0,
          result.receivedBytes(),
          result.packetsSent(),
          result.packetsLost(),
          result.events(),
          wallMillis);
    }

    /** The runs' table and summary, then the trace and qlog of the runs done. */
    private void printAndWrite(
        PrintWriter out,
        Table table,
        List<BulkResult> results,
        ControllerTrace controllerTrace,
        QlogDirectory qlog)
        throws IOException {
      out.print(table.render(formatOption.format));
      if (formatOption.format == OutputFormat.TABLE && !results.isEmpty()) {
        out.println();
        out.print(summary(results).render(OutputFormat.TABLE));
      }
      out.flush();
      if (controllerTrace != null) {
        try (Writer writer = Files.newBufferedWriter(trace, StandardCharsets.UTF_8)) {
          controllerTrace.writeCsv(writer);
        }
        spec.commandLine()
            .getErr()
            .println("moqbed: " + controllerTrace.rows() + " ACK rows written to " + trace);
      }
      QlogOption.report(qlog, spec.commandLine().getErr());
    }

    private BulkSpec bulkSpec() {
      LinkScenario scenario = LinkScenario.byName(linkScenario);
      if (scenario == null) {
        throw new IllegalArgumentException(
            "unknown link scenario '" + linkScenario + "'; valid: " + LinkScenario.names());
      }
      double gbps = LinkPhase.gbps(rateBitsPerSecond);
      LinkPhase base =
          LinkPhase.of(LinkPhase.FOREVER, gbps, rttMicros / 2, queueMicros)
              .withJitter(jitterMicros, wifi ? JitterModel.WIFI : JitterModel.GAUSSIAN);
      LinkSchedule schedule = scenario.schedule(base);
      return new BulkSpec(
          schedule, rateBitsPerSecond, controller, upload ? bytes : 397, upload ? 128 : bytes);
    }

    private static Table summary(List<BulkResult> results) {
      Table table = new Table("metric", "mean", "p90");
      List<BulkResult> done = results.stream().filter(BulkResult::completed).toList();
      table.row(
          "completion_s",
          Summary.mean(done, r -> r.completionMicros() / 1e6),
          Summary.percentile90(done, r -> r.completionMicros() / 1e6));
      table.row(
          "rtt_avg_ms",
          Summary.mean(done, r -> r.rttAverageMicros() / 1e3),
          Summary.percentile90(done, r -> r.rttAverageMicros() / 1e3));
      table.row(
          "rtt+stddev_ms",
          Summary.mean(done, r -> (r.rttAverageMicros() + r.rttStandardDeviationMicros()) / 1e3),
          Summary.percentile90(
              done, r -> (r.rttAverageMicros() + r.rttStandardDeviationMicros()) / 1e3));
      table.row(
          "load_pct",
          Summary.mean(done, r -> r.load() * 100),
          Summary.percentile90(done, r -> r.load() * 100));
      return table;
    }
  }
}

package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import dev.moqbed.output.Table;
import dev.moqbed.simulation.BulkResult;
import dev.moqbed.simulation.BulkSimulation;
import dev.moqbed.simulation.BulkSpec;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed bench ...}: performance figures, measured, never asserted. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description =
        "Measures how fast moqbed runs (wall time, on this machine): the simulator (sim) and the"
            + " relay's fan-out on real QUIC (fanout), the project's QUIC stack on loopback"
            + " (loopback) and the link emulator's accuracy (netem).",
    subcommands = {
      BenchCommand.Sim.class,
      BenchFanoutCommand.class,
      BenchLoopbackCommand.class,
      BenchFanoutCommand.Swarm.class,
      BenchNetemCommand.class,
      BenchAttackCommand.class,
      BenchAttackCommand.Agent.class
    })
final class BenchCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code moqbed bench sim}: simulator speed on the draft's {@code alone} case. */
  @Command(
      name = "sim",
      mixinStandardHelpOptions = true,
      sortOptions = false,
      description = {
        "Runs the 'alone' case (20 Mbit/s, 80 ms RTT, 80 ms queue, 10 MB) repeatedly after a"
            + " warm-up, on one thread, and prints wall milliseconds per simulated second and"
            + " events per second. picoquic's C simulator needs 5.2-5.8 ms per simulated second"
            + " for this case on the 2-core reference machine."
      })
  static final class Sim implements Callable<Integer> {
    @Option(
        names = "--cc",
        paramLabel = "LIST",
        split = ",",
        defaultValue = "cubic",
        description = "Controllers to measure, comma-separated (default ${DEFAULT-VALUE}).")
    List<String> controllers;

    @Option(
        names = "--runs",
        paramLabel = "N",
        defaultValue = "200",
        description = "Measured runs per controller (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(
        names = "--warmup",
        paramLabel = "N",
        defaultValue = "100",
        description =
            "Unmeasured runs first, so the JIT has compiled the hot paths (about 100 runs are"
                + " needed; default ${DEFAULT-VALUE}).")
    int warmup;

    @Mixin FormatOption formatOption = new FormatOption();

    @Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      if (runs < 1 || warmup < 0) {
        throw new IllegalArgumentException("--runs must be at least 1 and --warmup at least 0");
      }
      for (String controller : controllers) {
        ControllerRegistry.standard().parse(controller);
      }
      PrintWriter out = spec.commandLine().getOut();
      PrintWriter err = spec.commandLine().getErr();
      Table table = new Table("case", "cc", "runs", "wall_ms_per_sim_s", "events_per_s");
      long started = System.nanoTime();
      // Ctrl-C or SIGTERM: the runs measured so far, the current controller's too, in the table.
      try (InterruptSummary interrupted =
          InterruptSummary.stopping("moqbed-bench-sim-interrupted", () -> stopped = true)) {
        int measured = 0;
        for (String controller : controllers) {
          if (stopped) {
            break;
          }
          err.println("bench sim: " + controller + ": " + warmup + " warm-up runs, then " + runs);
          err.flush();
          if (measure(controller, table)) {
            measured++;
          }
        }
        if (interrupted.interrupted()) {
          err.println(
              "bench sim: "
                  + InterruptSummary.after(System.nanoTime() - started, 0)
                  + "; "
                  + measured
                  + " of "
                  + controllers.size()
                  + " controllers measured in full; the runs measured (column runs):");
          err.flush();
        }
        out.print(table.render(formatOption.format));
        out.flush();
      }
      return 0;
    }

    /** Set by Ctrl-C or SIGTERM: the loops end after their current run. */
    private volatile boolean stopped;

    /**
     * Warms up then measures {@code controller}, adding its row (over the runs measured before a
     * signal, none if it came during the warm-up); true when all its runs were measured.
     */
    private boolean measure(String controller, Table table) {
      BulkSpec alone =
          new BulkSpec(
              LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.02, 40_000, 80_000)),
              20_000_000,
              controller,
              397,
              10_000_000);
      for (int run = 0; run < warmup && !stopped; run++) {
        BulkSimulation.run(alone, 1, run);
      }
      long wallNanos = 0;
      long simulatedMicros = 0;
      long events = 0;
      int measured = 0;
      for (int run = 0; run < runs && !stopped; run++) {
        long start = System.nanoTime();
        BulkResult result = BulkSimulation.run(alone, 1, run);
        wallNanos += System.nanoTime() - start;
        simulatedMicros += result.simulatedMicros();
        events += result.events();
        measured++;
      }
      if (measured > 0) {
        double wallMillisPerSimulatedSecond = (wallNanos / 1e6) / (simulatedMicros / 1e6);
        double eventsPerSecond = events / (wallNanos / 1e9);
        table.row(
            "alone",
            controller,
            measured,
            Double.parseDouble(String.format(Locale.ROOT, "%.3f", wallMillisPerSimulatedSecond)),
            Math.round(eventsPerSecond));
      }
      return measured == runs;
    }
  }
}

package dev.moqbed.app;

import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.fanout.CpuSet;
import dev.moqbed.live.fanout.FanoutBench;
import dev.moqbed.live.fanout.FanoutTable;
import dev.moqbed.live.fanout.SubscriberSwarm;
import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalLine.Column;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.runtime.Quantities;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed bench fanout}: one relay, one publisher, N subscribers in another process. */
@Command(
    name = "fanout",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Starts a relay and a publisher in this process and N subscribers in a second Java process"
          + " (one QUIC connection each, a UDP socket per --subscribers-per-socket of them, a few"
          + " event-loop threads), all on"
          + " loopback; runs the media for --warmup + --duration and counts only frames captured"
          + " after the warm-up. Prints per track: objects expected and delivered, end-to-end"
          + " latency (capture -> subscriber) and the latency the relay added (its arrival stamp"
          + " -> subscriber) p50/p99/max in microseconds, then the relay thread's CPU, the relay"
          + " process's heap and the host's load average. --slow K puts the first K subscribers"
          + " behind a throttled link (--slow-rate), reported as their own group.",
      LiveHelp.CONTROLLERS
    })
final class BenchFanoutCommand implements Callable<Integer> {
  @Option(
      names = "--subscribers",
      paramLabel = "N",
      split = ",",
      defaultValue = "50",
      description = "Subscribers; a list runs each (default ${DEFAULT-VALUE}).")
  List<Integer> subscriberCounts;

  @Option(
      names = "--transport",
      paramLabel = "STACK",
      split = ",",
      description =
          "QUIC stacks, each run with every --cc it has: moqbed (the project's) and quiche"
              + " (Netty's codec; a bare cubic, bbr or newreno runs there as quiche's own)."
              + " Default: moqbed, or quiche when every --cc is quiche:*.")
  List<String> transports;

  @Option(
      names = "--cc",
      paramLabel = "ID",
      split = ",",
      description =
          "Congestion controllers of the endpoints' sending side (c4, c4:variant=v4, bbr, cubic,"
              + " newreno; quiche:cubic, quiche:bbr, quiche:reno). Default: each stack's own (c4,"
              + " quiche:cubic).")
  List<String> controllers;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Repeat every run N times, in rounds whose order of stacks rotates; with 2 or more,"
              + " a table of medians and ranges over the rounds follows (default"
              + " ${DEFAULT-VALUE}).")
  int rounds;

  @Option(
      names = "--relay-cpus",
      paramLabel = "LIST",
      description =
          "Pin this process (relay, publisher and the JVM's own threads) to these CPUs, as"
              + " taskset -c takes them (0, 0-1, 0,2): the relay's capacity on a known budget.")
  String relayCpus;

  @Option(
      names = "--subscriber-cpus",
      paramLabel = "LIST",
      description = "Pin the subscribers' process to these CPUs (taskset -c).")
  String subscriberCpus;

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = "30s",
      converter = QuantityConverters.Duration.class,
      description = "Measured media time (default ${DEFAULT-VALUE}).")
  long durationMicros;

  @Option(
      names = "--warmup",
      paramLabel = "TIME",
      defaultValue = "25s",
      converter = QuantityConverters.Duration.class,
      description =
          "Media before the measured window, not counted: both JVMs' JIT compiles the hot paths"
              + " (on 2 cores the compiler threads stay busy for about 25 s after start and take"
              + " the relay's CPU; docs/relay-scale.md) (default ${DEFAULT-VALUE}).")
  long warmupMicros;

  @Mixin LiveMediaOptions mediaOptions = new LiveMediaOptions();

  @Option(
      names = "--late",
      paramLabel = "TIME",
      defaultValue = "250ms",
      converter = QuantityConverters.Duration.class,
      description = "Subscribers' deadline for vmid frames; 0 = none (default ${DEFAULT-VALUE}).")
  long lateMicros;

  @Option(
      names = "--slow",
      paramLabel = "K",
      defaultValue = "0",
      description = "Subscribers behind a throttled link (default ${DEFAULT-VALUE}).")
  int slow;

  @Option(
      names = "--slow-rate",
      paramLabel = "RATE",
      defaultValue = "500kbit",
      converter = QuantityConverters.Rate.class,
      description =
          "Receive rate of a slow subscriber's link (drop-tail queue of 200 ms at that rate;"
              + " default ${DEFAULT-VALUE}).")
  long slowRate;

  @Option(
      names = "--subscriber-threads",
      paramLabel = "N",
      description =
          "Event-loop threads of the subscriber process (default: one per CPU of"
              + " --subscriber-cpus, 2 without it).")
  Integer subscriberThreads;

  @Option(
      names = "--subscribers-per-socket",
      paramLabel = "K",
      defaultValue = "8",
      description =
          "On moqbed's stack, fast subscribers sharing one UDP socket of the subscriber process"
              + " (default ${DEFAULT-VALUE}; 1: a socket each). Fewer sockets, fewer system calls"
              + " per datagram; the relay sees each socket's subscribers on one port.")
  int subscribersPerSocket;

  @Option(
      names = "--subscriber-jvm-options",
      paramLabel = "TEXT",
      description =
          "JVM options of the subscriber process, space-separated (e.g."
              + " -XX:StartFlightRecording=filename=swarm.jfr).")
  String subscriberJvmOptions;

  @Mixin FormatOption formatOption = new FormatOption();

  @Mixin LoopsOption loopsOption = new LoopsOption();

  @Mixin IntervalOption intervalOption = new IntervalOption();

  @Option(names = "--verbose", description = "Print the roles' log lines on standard error.")
  boolean verbose;

  @Spec picocli.CommandLine.Model.CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = commandSpec.commandLine().getOut();
    PrintWriter err = commandSpec.commandLine().getErr();
    FanoutMatrix matrix = matrix();
    List<FanoutBench.Options> runs = runs(matrix, err);
    if (!NativeQuic.isAvailable()
        && matrix.stacks().stream().anyMatch(BenchFanoutCommand::quiches)) {
      throw new java.io.IOException(
          "QUIC is not available on this machine: " + NativeQuic.unavailabilityReason());
    }
    if (!matrix.skipped().isEmpty()) {
      err.println(
          "bench fanout: not run (no such controller there): "
              + String.join(", ", matrix.skipped()));
    }
    boolean table = formatOption.format == OutputFormat.TABLE;
    if (table) {
      out.println(banner(runs));
      out.flush();
    }
    // A JSON document holds one run's intervals; the table prints every run's as it goes.
    boolean intervals =
        intervalOption.reportsIn(formatOption.format) && (runs.size() == 1 || table);
    List<FanoutBench.Result> results = new java.util.concurrent.CopyOnWriteArrayList<>();
    // Ctrl-C or SIGTERM: the tables of the runs that finished.
    InterruptSummary interrupted =
        InterruptSummary.register(
            "moqbed-bench-interrupted", () -> interruptedSummary(results, runs.size(), out, err));
    try {
      return runAll(runs, intervals, results, out);
    } finally {
      interrupted.close();
    }
  }

  /** Every run of the matrix, then the tables; the JSON document of a single run. */
  private int runAll(
      List<FanoutBench.Options> runs,
      boolean intervals,
      List<FanoutBench.Result> results,
      PrintWriter out)
      throws Exception {
    for (int i = 0; i < runs.size(); i++) {
      FanoutBench.Options run = runs.get(i);
      if (runs.size() > 1) {
        run.progress()
            .accept(
                "run "
                    + (i + 1)
                    + " of "
                    + runs.size()
                    + ": "
                    + run.subscribers()
                    + " subscribers, "
                    + run.stack().describe());
      }
      IntervalPrinter printer = intervalPrinter(out, run);
      if (intervals) {
        printer.begin();
      }
      FanoutBench.Result result =
          FanoutBench.run(run, intervals ? intervalOption.intervalMicros : 0, printer::interval);
      results.add(result);
      if (intervals && formatOption.format == OutputFormat.JSON) {
        printer.document(
            "bench fanout",
            configuration(run),
            result.intervals(),
            Json.parse(FanoutTable.of(results).render(OutputFormat.JSON)));
        return 0;
      }
      if (intervals) {
        printer.summary(result.intervals());
        out.println();
        out.flush();
      }
    }
    print(out, results);
    return 0;
  }

  /** On Ctrl-C: what the finished runs measured. */
  private void interruptedSummary(
      List<FanoutBench.Result> results, int planned, PrintWriter out, PrintWriter err) {
    List<FanoutBench.Result> finished = List.copyOf(results);
    err.println();
    err.println(
        "bench fanout: interrupted after "
            + finished.size()
            + " of "
            + planned
            + " runs"
            + (finished.isEmpty() ? ", nothing to summarise" : "; what they measured:"));
    err.flush();
    if (!finished.isEmpty()) {
      print(out, finished);
    }
  }

  private void print(PrintWriter out, List<FanoutBench.Result> results) {
    if (formatOption.format != OutputFormat.TABLE) {
      out.print(FanoutTable.of(results).render(formatOption.format));
      out.flush();
      return;
    }
    out.println(
        "Latency per track in ms (end to end: capture -> subscriber; relay: its arrival"
            + " -> subscriber):");
    out.print(FanoutTable.latency(results).render(OutputFormat.TABLE));
    out.println();
    out.println(
        "Cost over the measured window, % of one core (per sub: per connected"
            + " subscriber; wait: the relay thread runnable without a CPU; process: the relay's JVM;"
            + " swarm GC: the subscribers' collections, frames arriving then are timed late):");
    out.print(FanoutTable.cost(results).render(OutputFormat.TABLE));
    if (rounds > 1) {
      out.println();
      out.println("Over " + rounds + " rounds, fast subscribers, median [lowest-highest]:");
      out.print(FanoutTable.rounds(results).render(OutputFormat.TABLE));
    }
    out.println();
    for (FanoutBench.Result result : results) {
      out.println(FanoutTable.summary(result));
    }
    out.flush();
  }

  private FanoutMatrix matrix() {
    List<String> ccs = controllers;
    List<String> stacks = transports;
    if (stacks == null) {
      boolean allQuiche =
          ccs != null
              && ccs.stream()
                  .allMatch(cc -> LiveTransport.ofController(cc) == LiveTransport.QUICHE);
      stacks = List.of(allQuiche ? LiveTransport.QUICHE.id() : LiveTransport.MOQBED.id());
    }
    if (ccs == null) {
      List<String> defaults = new ArrayList<>();
      for (String stack : stacks) {
        boolean quiche = LiveTransport.parse(stack.strip()) == LiveTransport.QUICHE;
        defaults.add(quiche ? "quiche:cubic" : "c4");
      }
      ccs = defaults;
    }
    return FanoutMatrix.of(stacks, ccs);
  }

  /** Every run in order: rounds, within each the counts ascending, the stacks rotated per round. */
  private List<FanoutBench.Options> runs(FanoutMatrix matrix, PrintWriter err) {
    for (int count : subscriberCounts) {
      if (count < 1 || count > 2000) {
        throw new IllegalArgumentException("--subscribers must be 1..2000");
      }
      if (slow < 0 || slow >= count) {
        throw new IllegalArgumentException(
            "--slow must be 0..subscribers-1 (some fast ones remain)");
      }
    }
    if (durationMicros <= 0 || slowRate <= 0) {
      throw new IllegalArgumentException("--duration and --slow-rate must be positive");
    }
    int threads = subscriberThreads();
    if (threads < 1 || threads > 64) {
      throw new IllegalArgumentException("--subscriber-threads must be 1..64");
    }
    if (subscribersPerSocket < 1 || subscribersPerSocket > 2000) {
      throw new IllegalArgumentException("--subscribers-per-socket must be 1..2000");
    }
    if (rounds < 1 || rounds > 100) {
      throw new IllegalArgumentException("--rounds must be 1..100");
    }
    FanoutBench.Options base = baseOptions(matrix.stacks().get(0), err);
    List<Integer> counts = subscriberCounts.stream().sorted().distinct().toList();
    List<LiveStack> stacks = matrix.stacks();
    List<FanoutBench.Options> runs = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      for (int count : counts) {
        for (int k = 0; k < stacks.size(); k++) {
          runs.add(base.with(count, stacks.get((k + round) % stacks.size())));
        }
      }
    }
    return runs;
  }

  private FanoutBench.Options baseOptions(LiveStack stack, PrintWriter err) {
    return new FanoutBench.Options(
        mediaOptions.media(),
        durationMicros,
        warmupMicros,
        subscriberCounts.get(0),
        slow,
        slowRate,
        stack,
        lateMicros,
        subscriberThreads(),
        swarmCommand(),
        relayCpus == null ? null : new CpuSet(relayCpus),
        subscriberCpus == null ? null : new CpuSet(subscriberCpus),
        relayCpus == null
            ? loopsOption.orCores()
            : loopsOption.orCores(new CpuSet(relayCpus).count()),
        line -> {
          if (formatOption.format == OutputFormat.TABLE) {
            synchronized (err) {
              err.println("bench fanout: " + line);
              err.flush();
            }
          }
        },
        line -> {
          if (verbose) {
            synchronized (err) {
              err.println(line);
              err.flush();
            }
          }
        });
  }

  private String banner(List<FanoutBench.Options> runs) {
    FanoutBench.Options first = runs.get(0);
    List<String> kinds =
        runs.stream().map(r -> r.subscribers() + " x " + r.stack().describe()).distinct().toList();
    return "moqbed bench fanout: relay + publisher here, subscribers in a second process, on"
        + " loopback; "
        + runs.size()
        + (runs.size() == 1 ? " run (" : " runs (")
        + String.join(", ", kinds)
        + (slow > 0 ? "; " + slow + " behind " + Quantities.formatRate(slowRate) + " links" : "")
        + (relayCpus != null ? "; relay on CPUs " + relayCpus : "")
        + (subscriberCpus != null ? "; subscribers on CPUs " + subscriberCpus : "")
        + "), each "
        + Quantities.formatDuration(first.warmupMicros())
        + " warm-up + "
        + Quantities.formatDuration(first.durationMicros())
        + " measured";
  }

  private IntervalPrinter intervalPrinter(PrintWriter out, FanoutBench.Options run) {
    return new IntervalPrinter(
        out,
        formatOption.format,
        new IntervalLine(
            run.media().flows().stream().map(flow -> flow.id()).toList(),
            EnumSet.of(Column.STOP_SENDING, Column.DROPPED, Column.PATH)));
  }

  private static boolean quiches(LiveStack stack) {
    return stack.transport() == LiveTransport.QUICHE;
  }

  /** What this run was, for the JSON document. */
  private Map<String, Object> configuration(FanoutBench.Options run) {
    Map<String, Object> configuration = new LinkedHashMap<>();
    configuration.put("subscribers", run.subscribers());
    configuration.put("slow", slow);
    configuration.put("slow_rate_bps", slowRate);
    configuration.put("duration_s", durationMicros / 1e6);
    configuration.put("warmup_s", warmupMicros / 1e6);
    configuration.put("interval_s", intervalOption.intervalMicros / 1e6);
    configuration.put("transport", run.stack().transport().id());
    configuration.put("cc", run.stack().controller());
    configuration.put("late_ms", lateMicros / 1e3);
    configuration.put("relay_cpus", relayCpus);
    configuration.put("subscriber_cpus", subscriberCpus);
    configuration.put("socket_layer", run.stack().socketLayer());
    configuration.put("relay_loops", run.loopsOn(run.stack()));
    return configuration;
  }

  /**
   * The swarm's event-loop threads: as asked, else one per CPU it is pinned to (a second loop on
   * one CPU only switches with the first: 4-15 % more of the loops' CPU in three A/B runs at 50
   * subscribers, docs/results/receive-cpu-2026-12-07.md), else 2.
   */
  int subscriberThreads() {
    if (subscriberThreads != null) {
      return subscriberThreads;
    }
    return subscriberCpus == null ? 2 : new CpuSet(subscriberCpus).count();
  }

  /** This JVM's java, class path and main class, then {@code bench fanout-subscribers}. */
  private List<String> swarmCommand() {
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>();
    command.add(java);
    if (subscriberJvmOptions != null && !subscriberJvmOptions.isBlank()) {
      command.addAll(Arrays.asList(subscriberJvmOptions.trim().split("\\s+")));
    }
    if (System.getProperty("moqbed.quic.nio") != null) {
      command.add("-Dmoqbed.quic.nio=" + System.getProperty("moqbed.quic.nio"));
    }
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            MoqbedCommand.class.getName(),
            "bench",
            "fanout-subscribers",
            "--per-socket",
            Integer.toString(subscribersPerSocket)));
    return command;
  }

  /** {@code moqbed bench fanout-subscribers}: the subscriber process; not for direct use. */
  @Command(
      name = "fanout-subscribers",
      hidden = true,
      description = "The subscriber process of 'bench fanout' (talks to it on stdin/stdout).")
  static final class Swarm implements Callable<Integer> {
    @Option(names = "--relay", required = true)
    String relay;

    @Option(names = "--relay-cert", required = true)
    Path relayCertificate;

    @Option(names = "--subscribers", required = true)
    int subscribers;

    @Option(names = "--threads", defaultValue = "2")
    int threads;

    @Mixin LiveControllerOption controllerOption = new LiveControllerOption();

    @Option(names = "--late", converter = QuantityConverters.Duration.class, defaultValue = "0")
    long lateMicros;

    @Option(names = "--tracks", split = ",", required = true)
    List<String> tracks;

    @Option(names = "--slow-via", split = ",")
    List<String> slowVia;

    @Option(names = "--per-socket", defaultValue = "1")
    int perSocket;

    @Override
    public Integer call() throws Exception {
      SubscriberSwarm swarm =
          new SubscriberSwarm(
              LiveSupport.parseAddress(relay),
              slowVia == null
                  ? List.of()
                  : slowVia.stream().map(LiveSupport::parseAddress).toList(),
              LiveSupport.trust(false, relayCertificate),
              controllerOption.stack(),
              subscribers,
              threads,
              tracks,
              lateMicros,
              perSocket);
      return swarm.run(System.in, System.out, System.err);
    }
  }
}

package dev.moqbed.app;

import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.fanout.FanoutBench;
import dev.moqbed.live.fanout.FanoutTable;
import dev.moqbed.live.fanout.SubscriberSwarm;
import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalLine.Column;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.QuicServer;
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
          + " (one QUIC connection and UDP socket each, sharing a few event-loop threads), all on"
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
      defaultValue = "50",
      description = "Subscribers (default ${DEFAULT-VALUE}).")
  int subscribers;

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

  @Mixin LiveControllerOption controllerOption = new LiveControllerOption();

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
      defaultValue = "2",
      description = "Event-loop threads of the subscriber process (default ${DEFAULT-VALUE}).")
  int subscriberThreads;

  @Option(
      names = "--subscriber-jvm-options",
      paramLabel = "TEXT",
      description =
          "JVM options of the subscriber process, space-separated (e.g."
              + " -XX:StartFlightRecording=filename=swarm.jfr).")
  String subscriberJvmOptions;

  @Mixin FormatOption formatOption = new FormatOption();

  @Mixin IntervalOption intervalOption = new IntervalOption();

  @Option(names = "--verbose", description = "Print the roles' log lines on standard error.")
  boolean verbose;

  @Spec picocli.CommandLine.Model.CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = commandSpec.commandLine().getOut();
    PrintWriter err = commandSpec.commandLine().getErr();
    if (subscribers < 1 || subscribers > 2000) {
      throw new IllegalArgumentException("--subscribers must be 1..2000");
    }
    if (slow < 0 || slow >= subscribers) {
      throw new IllegalArgumentException("--slow must be 0..subscribers-1 (some fast ones remain)");
    }
    if (durationMicros <= 0 || slowRate <= 0) {
      throw new IllegalArgumentException("--duration and --slow-rate must be positive");
    }
    if (subscriberThreads < 1 || subscriberThreads > 64) {
      throw new IllegalArgumentException("--subscriber-threads must be 1..64");
    }
    FanoutBench.Options options =
        new FanoutBench.Options(
            mediaOptions.media(),
            durationMicros,
            warmupMicros,
            subscribers,
            slow,
            slowRate,
            controllerOption.stack(),
            lateMicros,
            subscriberThreads,
            swarmCommand(),
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
    if (!NativeQuic.isAvailable()) {
      throw new java.io.IOException(
          "QUIC is not available on this machine: " + NativeQuic.unavailabilityReason());
    }
    if (formatOption.format == OutputFormat.TABLE) {
      out.println(
          "moqbed bench fanout: relay + publisher here, "
              + subscribers
              + " subscriber(s)"
              + (slow > 0
                  ? " (" + slow + " behind " + Quantities.formatRate(slowRate) + " links)"
                  : "")
              + " in a second process, loopback QUIC ("
              + controllerOption.stack().describe()
              + (controllerOption.transport() == LiveTransport.QUICHE
                  ? ", " + QuicServer.socketLayer()
                  : "")
              + "), "
              + Quantities.formatDuration(warmupMicros)
              + " warm-up + "
              + Quantities.formatDuration(durationMicros)
              + " measured");
      out.flush();
    }
    boolean intervals = intervalOption.reportsIn(formatOption.format);
    IntervalPrinter printer =
        new IntervalPrinter(
            out,
            formatOption.format,
            new IntervalLine(
                options.media().flows().stream().map(flow -> flow.id()).toList(),
                EnumSet.of(Column.STOP_SENDING, Column.DROPPED, Column.PATH)));
    if (intervals) {
      printer.begin();
    }
    FanoutBench.Result result =
        FanoutBench.run(options, intervals ? intervalOption.intervalMicros : 0, printer::interval);
    if (intervals && formatOption.format == OutputFormat.JSON) {
      printer.document(
          "bench fanout",
          configuration(),
          result.intervals(),
          Json.parse(FanoutTable.of(result).render(OutputFormat.JSON)));
      return 0;
    }
    if (intervals) {
      printer.summary(result.intervals());
      out.println();
    }
    out.print(FanoutTable.of(result).render(formatOption.format));
    if (formatOption.format == OutputFormat.TABLE) {
      out.println(FanoutTable.summary(result));
    }
    out.flush();
    return 0;
  }

  /** What this run was, for the JSON document. */
  private Map<String, Object> configuration() {
    Map<String, Object> configuration = new LinkedHashMap<>();
    configuration.put("subscribers", subscribers);
    configuration.put("slow", slow);
    configuration.put("slow_rate_bps", slowRate);
    configuration.put("duration_s", durationMicros / 1e6);
    configuration.put("warmup_s", warmupMicros / 1e6);
    configuration.put("interval_s", intervalOption.intervalMicros / 1e6);
    configuration.put("transport", controllerOption.transport().id());
    configuration.put("cc", controllerOption.controllerName());
    configuration.put("late_ms", lateMicros / 1e3);
    configuration.put("socket_layer", QuicServer.socketLayer());
    return configuration;
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
            "fanout-subscribers"));
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
              lateMicros);
      return swarm.run(System.in, System.out, System.err);
    }
  }
}

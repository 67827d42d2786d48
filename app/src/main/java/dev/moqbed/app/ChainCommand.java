package dev.moqbed.app;

import dev.moqbed.collect.LocalRunsDirectory;
import dev.moqbed.live.ChainComparison;
import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.ChainTable;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.MetricsEndpoint;
import dev.moqbed.live.RelayMetrics;
import dev.moqbed.live.SubscriberRoute;
import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalLine.Column;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netem.DirectionSample;
import dev.moqbed.netem.LinkDescription;
import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed chain}: relay, publisher and subscribers on loopback, over real QUIC. */
@Command(
    name = "chain",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs a relay (or --relays N in a row), a publisher and N subscribers on loopback in this"
          + " process over real QUIC (Netty's codec, quiche inside, MoqT draft-14), then prints"
          + " per subscriber and track: frames sent, received, cancelled (sent - received),"
          + " latency percentiles in microseconds, STOP_SENDING sent, and latency per hop.",
      LiveHelp.CONTROLLERS
    })
final class ChainCommand implements Callable<Integer> {
  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = "10s",
      converter = QuantityConverters.Duration.class,
      description = "How long the publisher sends (default ${DEFAULT-VALUE}).")
  long durationMicros;

  @Option(
      names = "--subscribers",
      paramLabel = "N",
      defaultValue = "3",
      description = "Subscribers (default ${DEFAULT-VALUE}).")
  int subscribers;

  @Option(
      names = "--relays",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Relays in a row: publisher -> relay 1 -> ... -> relay N -> subscribers, each relay"
              + " the upstream of the next (default ${DEFAULT-VALUE}).")
  int relays;

  @Mixin LiveControllerOption controllerOption = new LiveControllerOption();

  @Option(
      names = "--relay-transport",
      paramLabel = "STACK",
      description =
          "The relays' QUIC stack when it differs from --transport: a relay on the project's"
              + " stack serving quiche clients, or the other way round. --cc is the relays'.")
  String relayTransport;

  @Option(
      names = "--client-transport",
      paramLabel = "STACK",
      description =
          "The publisher's and subscribers' QUIC stack when it differs from --transport; they use"
              + " --cc when it is a controller of their stack, its default otherwise.")
  String clientTransport;

  @Mixin LiveMediaOptions mediaOptions = new LiveMediaOptions();

  @Option(
      names = "--warmup",
      paramLabel = "TIME",
      defaultValue = "2s",
      converter = QuantityConverters.Duration.class,
      description =
          "A first, unreported run of this length warms up the JVM, whose cold code otherwise"
              + " adds 100-250 ms to the first frames; 0 = none (default ${DEFAULT-VALUE}).")
  long warmupMicros;

  @Option(
      names = "--late",
      paramLabel = "TIME",
      defaultValue = "250ms",
      converter = QuantityConverters.Duration.class,
      description = "Subscribers' deadline for vmid frames (default ${DEFAULT-VALUE}).")
  long lateMicros;

  @Mixin FormatOption formatOption = new FormatOption();

  @Mixin IntervalOption intervalOption = new IntervalOption();

  @Mixin LiveQlogOption qlogOption = new LiveQlogOption();

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description =
          "Serve the relay's metrics (Prometheus text) on http://0.0.0.0:PORT/metrics while the"
              + " chain runs; the reported run only, not the warm-up (default: off).")
  Integer metricsPort;

  @Option(
      names = "--link",
      paramLabel = "SPEC|NAME",
      description =
          "Put the link emulator (as 'moqbed netem') between the relay and its subscribers, all"
              + " sharing it: a spec (rate=20mbit,delay=10ms,queue=100ms,...) or a draft"
              + " scenario's link (media, media_wb, media_wf, media_ws, ...); its down direction is"
              + " the relay's sending side (default: none).")
  String link;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Also write each chain run (one per controller of --cc) as runs.csv and frames files in"
              + " DIR, test 'live', host loopback-STACK, for 'moqbed report DIR --html'.")
  java.nio.file.Path outDirectory;

  @Option(
      names = "--trace",
      paramLabel = "FILE.csv",
      description =
          "Write the relay's path to each subscriber every 20 ms in the columns of the simulator's"
              + " trace (window, pacing rate, RTTs, the controller's state and variables); with"
              + " --cc LIST, one FILE-CC.csv per controller. Put it in --out's DIR for report.")
  java.nio.file.Path traceFile;

  @Option(names = "--verbose", description = "Print the roles' log lines on standard error.")
  boolean verbose;

  @Spec picocli.CommandLine.Model.CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = commandSpec.commandLine().getOut();
    PrintWriter err = commandSpec.commandLine().getErr();
    if (durationMicros <= 0) {
      throw new IllegalArgumentException("--duration must be positive");
    }
    if (subscribers < 1 || subscribers > 100) {
      throw new IllegalArgumentException("--subscribers must be 1..100");
    }
    if (outDirectory != null) {
      OutputPaths.requireWritableDirectory(outDirectory, "--out"); // --trace may go inside it
    }
    if (traceFile != null) {
      OutputPaths.requireWritableFile(traceFile, "--trace");
    }
    if (metricsPort != null && (metricsPort < 0 || metricsPort > 65535)) {
      throw new IllegalArgumentException("--metrics-port must be 0..65535");
    }
    if (relays < 1 || relays > 8) {
      throw new IllegalArgumentException("--relays must be 1..8");
    }
    EmulatedSubscriberRoute route =
        link == null
            ? null
            : new EmulatedSubscriberRoute(NetemLinkOption.resolve(link), subscribers + 4);
    MediaSpec media = mediaOptions.media();
    OutputFormat format = formatOption.format;
    boolean intervals = intervalOption.reportsIn(format);
    List<String> tracks = media.flows().stream().map(flow -> flow.id()).toList();
    IntervalPrinter printer =
        new IntervalPrinter(
            out,
            format,
            new IntervalLine(
                tracks,
                EnumSet.of(
                    Column.LATENCY,
                    Column.LATE,
                    Column.STOP_SENDING,
                    Column.RESET,
                    Column.DROPPED,
                    Column.PATH)));
    if (qlogOption.directory != null && comparing()) {
      throw new IllegalArgumentException("--qlog takes one controller, not a list in --cc");
    }
    QlogFiles qlog = comparing() ? null : qlogOption.open();
    ChainOptions options =
        ChainOptions.builder()
            .media(media)
            .durationMicros(durationMicros)
            .subscribers(subscribers)
            .stacks(
                comparing() ? LiveStack.quicheDefault() : tapped(relayStack(), qlog, "relay"),
                comparing() ? LiveStack.quicheDefault() : tapped(clientStack(), qlog, "client"))
            .lateMicros(lateMicros)
            .log(
                line -> {
                  if (verbose) {
                    synchronized (err) {
                      err.println(line);
                      err.flush();
                    }
                  }
                })
            .relays(relays)
            .intervals(intervals ? intervalOption.intervalMicros : 0, printer::interval)
            .subscriberRoute(route == null ? SubscriberRoute.DIRECT : route)
            .build();
    if (!NativeQuic.isAvailable()) {
      throw new java.io.IOException(
          "QUIC is not available on this machine: " + NativeQuic.unavailabilityReason());
    }
    try (ChainRunsOutput runsOut =
            outDirectory == null ? null : ChainRunsOutput.open(outDirectory);
        RelayMetrics metrics = metricsPort == null ? null : new RelayMetrics();
        MetricsEndpoint endpoint =
            metrics == null ? null : MetricsEndpoint.start(metricsPort, metrics)) {
      if (comparing()) {
        return compare(options, metrics, runsOut, out, err);
      }
      try {
        return run(options, metrics, endpoint, runsOut, out, intervals ? printer : null, route);
      } finally {
        LiveQlogOption.finish(qlog, "chain", err);
      }
    }
  }

  /**
   * The stack with its connections' qlog into {@code qlog} (LiveChain names each role's files; on
   * quiche's stack quiche names its own).
   */
  private static LiveStack tapped(LiveStack stack, QlogFiles qlog, String label) {
    return qlog == null ? stack : stack.withQlog(qlog, label);
  }

  private int run(
      ChainOptions options,
      RelayMetrics metrics,
      MetricsEndpoint endpoint,
      ChainRunsOutput runsOut,
      PrintWriter out,
      IntervalPrinter printer,
      EmulatedSubscriberRoute route)
      throws Exception {
    if (formatOption.format == OutputFormat.TABLE) {
      out.println(
          "moqbed chain: "
              + (relays == 1 ? "relay" : relays + " relays in a row")
              + ", publisher and "
              + subscribers
              + " subscriber(s) on loopback over QUIC (relays: "
              + relayStack().describe()
              + "; clients: "
              + clientStack().describe()
              + "; "
              + relayStack().socketLayer()
              + "), "
              + Quantities.formatDuration(durationMicros)
              + " of media"
              + (route == null
                  ? ""
                  : ", through the link emulator (up: subscribers -> relay: "
                      + LinkDescription.of(route.schedule(), LinkDirection.UP)
                      + "; down: relay -> subscribers: "
                      + LinkDescription.of(route.schedule(), LinkDirection.DOWN)
                      + "; ECN not carried)")
              + (endpoint == null ? "" : ", relay metrics on :" + endpoint.port() + "/metrics")
              + " ...");
      out.flush();
    }
    if (warmupMicros > 0) {
      LiveChain.run( // untapped: the qlog holds the measured run only
          options.toBuilder()
              .stacks(relayStack(), clientStack())
              .durationMicros(warmupMicros)
              .intervals(0, interval -> {})
              .build());
    }
    if (printer != null) {
      printer.begin();
    }
    LocalRunsDirectory.Run written = runsOut == null ? null : runsOut.start(relayStack());
    LiveChain.Result result =
        LiveChain.run(
            written == null
                ? options
                : options.toBuilder().frames((i, f) -> written.frame(f)).build(),
            metrics);
    if (written != null) {
      ChainRunsOutput.finish(written, result);
    }
    if (printer != null && formatOption.format == OutputFormat.JSON) {
      printer.document(
          "chain",
          configuration(),
          result.intervals(),
          Json.parse(ChainTable.of(result).render(OutputFormat.JSON)));
      out.flush();
      return 0;
    }
    if (printer != null) {
      printer.summary(result.intervals());
      out.println();
    }
    out.print(ChainTable.of(result).render(formatOption.format));
    if (formatOption.format == OutputFormat.TABLE) {
      out.println(
          "hopK: latency per hop from the relays' arrival stamps (hop1 = publisher -> relay 1,"
              + " hop"
              + (relays + 1)
              + " = last relay -> subscriber); subscriptions per relay: "
              + result.subscriptionsPerRelay());
      out.println();
      out.println(
          "The relay's path to each subscriber ("
              + (relayStack().transport() == LiveTransport.QUICHE ? "quiche's" : "its controller's")
              + " last report before it left):");
      out.print(ChainTable.paths(result).render(formatOption.format));
      if (route != null) {
        out.println();
        out.println("The link emulator between the relay and the subscribers, over the run:");
        long origin = route.lastTotals().isEmpty() ? 0 : route.lastTotals().get(0).startMicros();
        for (DirectionSample sample : route.lastTotals()) {
          out.println(NetemLines.line(sample, origin));
        }
      }
    }
    out.flush();
    return 0;
  }

  /** {@code --cc} names several controllers: one chain per controller, one table. */
  private boolean comparing() {
    return controllerOption.controller != null && controllerOption.controller.contains(",");
  }

  /**
   * Runs the same chain once per controller of {@code --cc LIST}, each on the stack its controller
   * belongs to ({@code quiche:*} on quiche, the others on the project's stack, every endpoint of
   * the chain on it), and prints one per-frame latency table.
   */
  private int compare(
      ChainOptions base,
      RelayMetrics metrics,
      ChainRunsOutput runsOut,
      PrintWriter out,
      PrintWriter err)
      throws Exception {
    if (relayTransport != null || clientTransport != null) {
      throw new IllegalArgumentException(
          "with a list of controllers, each runs on its own stack (quiche:* on quiche, the others"
              + " on moqbed's): drop --relay-transport and --client-transport");
    }
    List<LiveStack> stacks = new ArrayList<>();
    for (String controller : controllerOption.controller.split(",", -1)) {
      String name = controller.trim();
      LiveTransport transport = LiveTransport.ofController(name);
      stacks.add(LiveStack.of(transport, name));
    }
    if (warmupMicros > 0) {
      LiveStack first = stacks.get(0);
      LiveChain.run(
          base.toBuilder()
              .stacks(first, first)
              .durationMicros(warmupMicros)
              .intervals(0, interval -> {})
              .build());
    }
    ChainComparison comparison = new ChainComparison();
    Map<String, dev.moqbed.output.Table> paths = new LinkedHashMap<>();
    for (int i = 0; i < stacks.size(); i++) {
      LiveStack stack = stacks.get(i);
      long start = System.nanoTime();
      err.println(
          "moqbed chain: "
              + (i + 1)
              + "/"
              + stacks.size()
              + ": "
              + stack.describe()
              + ", "
              + subscribers
              + " subscriber(s), "
              + Quantities.formatDuration(durationMicros)
              + " of media ...");
      err.flush();
      LocalRunsDirectory.Run written = runsOut == null ? null : runsOut.start(stack);
      ChainOptions.Builder options =
          base.toBuilder().stacks(stack, stack).intervals(0, interval -> {});
      if (written != null) {
        options.frames((subscriber, frame) -> written.frame(frame));
      }
      LiveChain.Result result =
          LiveChain.run(options.build(), metrics, TraceFiles.perController(traceFile, stack));
      if (written != null) {
        ChainRunsOutput.finish(written, result);
      }
      comparison.add(stack.controller(), result);
      paths.put(stack.controller(), ChainTable.paths(result));
      err.printf(java.util.Locale.ROOT, "  done in %.1f s%n", (System.nanoTime() - start) / 1e9);
      err.flush();
    }
    out.print(comparison.table().render(formatOption.format));
    if (formatOption.format == OutputFormat.TABLE) {
      paths.forEach(
          (controller, table) -> {
            out.println();
            out.println("The relay's path to each subscriber with " + controller + ":");
            out.print(table.render(OutputFormat.TABLE));
          });
    }
    if (runsOut != null) {
      err.println("moqbed chain: wrote " + outDirectory.resolve("runs.csv") + " and frames/");
    }
    out.flush();
    return 0;
  }

  /** What this run was, for the JSON document. */
  private Map<String, Object> configuration() {
    Map<String, Object> configuration = new LinkedHashMap<>();
    configuration.put("duration_s", durationMicros / 1e6);
    configuration.put("interval_s", intervalOption.intervalMicros / 1e6);
    configuration.put("subscribers", subscribers);
    configuration.put("relays", relays);
    configuration.put("relay_transport", relayStack().transport().id());
    configuration.put("client_transport", clientStack().transport().id());
    configuration.put("cc", relayStack().controller());
    configuration.put("client_cc", clientStack().controller());
    configuration.put("late_ms", lateMicros / 1e3);
    configuration.put("warmup_s", warmupMicros / 1e6);
    configuration.put("socket_layer", relayStack().socketLayer());
    configuration.put("link", link);
    return configuration;
  }

  /** The relays' stack: --relay-transport, else --transport, with --cc. */
  private LiveStack relayStack() {
    LiveTransport transport =
        relayTransport != null ? LiveTransport.parse(relayTransport) : controllerOption.transport();
    return transport == controllerOption.transport()
        ? controllerOption.stack()
        : LiveStack.of(transport, controllerOption.controllerOrDefault(transport));
  }

  /** The clients' stack: --client-transport, else --transport. */
  private LiveStack clientStack() {
    LiveTransport transport =
        clientTransport != null
            ? LiveTransport.parse(clientTransport)
            : controllerOption.transport();
    return controllerOption.stackOn(transport);
  }
}

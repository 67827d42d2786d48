package dev.moqbed.app;

import dev.moqbed.collect.LocalRunsDirectory;
import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.ChainTable;
import dev.moqbed.live.LiveChain;
import dev.moqbed.live.MetricsEndpoint;
import dev.moqbed.live.RelayMetrics;
import dev.moqbed.live.RelayUrl;
import dev.moqbed.live.SubscriberRoute;
import dev.moqbed.live.compare.ChainMetrics;
import dev.moqbed.live.compare.ComparisonTables;
import dev.moqbed.live.compare.ControllerRun;
import dev.moqbed.live.compare.HostNoise;
import dev.moqbed.live.compare.HostNoiseProbe;
import dev.moqbed.live.compare.LiveComparison;
import dev.moqbed.live.interval.IntervalJson;
import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalLine.Column;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netem.LinkDescription;
import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.output.TerminalText;
import dev.moqbed.output.statistics.RunStatistics;
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

  @Mixin ReceiverOption receiverOption = new ReceiverOption();

  @Option(
      names = "--runs",
      paramLabel = "N",
      description =
          "Runs per controller, interleaved in rotated rounds, each on fresh connections; from "
              + RunStatistics.MINIMUM_RUNS
              + " on, medians get 95%% intervals and pairs of controllers verdicts (default: "
              + RunStatistics.MINIMUM_RUNS
              + " with several controllers in --cc, 1 with one).")
  Integer runs;

  @Mixin ComparisonOptions comparisonOptions = new ComparisonOptions();

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

  @Mixin LoopsOption loopsOption = new LoopsOption();

  @Mixin IntervalOption intervalOption = new IntervalOption();

  @Mixin LiveQlogOption qlogOption = new LiveQlogOption();

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description =
          "Serve the relay's metrics (Prometheus text) on http://127.0.0.1:PORT/metrics while the"
              + " chain runs; the reported runs only, not the warm-up (default: off).")
  Integer metricsPort;

  @Mixin MetricsPerSessionOption metricsPerSession = new MetricsPerSessionOption();

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

  @Option(
      names = "--webtransport",
      description =
          "Run MoQT over WebTransport (HTTP/3, path /moq) instead of raw QUIC: the publisher, the"
              + " subscribers and the relays' upstream links; project's stack only.")
  boolean webTransport;

  @Option(names = "--verbose", description = "Print the roles' log lines on standard error.")
  boolean verbose;

  @Spec picocli.CommandLine.Model.CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = commandSpec.commandLine().getOut();
    PrintWriter err = commandSpec.commandLine().getErr();
    int rounds = validatedRounds();
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
            .relayLoops(loopsOption.orCores(traceFile == null ? null : "--trace"))
            .intervals(intervals ? intervalOption.intervalMicros : 0, printer::interval)
            .subscriberRoute(route == null ? SubscriberRoute.DIRECT : route)
            .externalSubscriber(receiverOption.externalSubscriber())
            .build();
    if (!NativeQuic.isAvailable()) {
      throw new java.io.IOException(
          "QUIC is not available on this machine: " + NativeQuic.unavailabilityReason());
    }
    try (ChainRunsOutput runsOut =
            outDirectory == null ? null : ChainRunsOutput.open(outDirectory);
        RelayMetrics metrics = metricsPerSession.metrics(metricsPort);
        MetricsEndpoint endpoint =
            metrics == null ? null : MetricsEndpoint.start(metricsPort, metrics)) {
      if (comparing() || rounds > 1) {
        return compare(options, rounds, metrics, runsOut, out, err, intervals ? printer : null);
      }
      try {
        return run(options, metrics, endpoint, runsOut, out, intervals ? printer : null, route);
      } finally {
        LiveQlogOption.finish(qlog, "chain", err);
      }
    }
  }

  /** Checks every option before anything runs; returns the rounds per controller. */
  private int validatedRounds() {
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
    metricsPerSession.validate(metricsPort);
    if (relays < 1 || relays > 8) {
      throw new IllegalArgumentException("--relays must be 1..8");
    }
    receiverOption.validate(comparing() ? List.of() : List.of(relayStack()));
    int rounds = runs != null ? runs : comparing() ? RunStatistics.MINIMUM_RUNS : 1;
    if (rounds < 1 || rounds > 1000) {
      throw new IllegalArgumentException("--runs must be 1..1000");
    }
    if (qlogOption.directory != null && (comparing() || rounds > 1)) {
      throw new IllegalArgumentException(
          "--qlog takes one run of one controller, not a list in --cc or --runs above 1");
    }
    comparisonOptions.effects(); // a malformed --min-effect fails before anything runs
    comparisonOptions.limits();
    return rounds;
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
      out.println(TerminalText.wrap(banner(endpoint, route)));
      out.flush();
    }
    if (warmupMicros > 0) {
      LiveChain.run( // untapped: the qlog holds the measured run only
          options.toBuilder()
              .stacks(relayStack(), clientStack())
              .externalSubscriber(null)
              .durationMicros(warmupMicros)
              .intervals(0, interval -> {})
              .build());
    }
    if (printer != null) {
      printer.begin();
    }
    LocalRunsDirectory.Run written =
        runsOut == null
            ? null
            : runsOut.start(relayStack(), relayStack().controller() + receiverOption.labelSuffix());
    LiveChain.Result result;
    HostNoise noise;
    LiveChain.prepare();
    try (ChainInterrupt interrupt = new ChainInterrupt(durationMicros, commandSpec);
        HostNoiseProbe probe = new HostNoiseProbe()) {
      probe.start();
      result =
          interrupt.run(
              written == null
                  ? options
                  : options.toBuilder().frames((i, f) -> written.frame(f)).build(),
              metrics);
      noise = probe.stop();
      interrupt.finish(written, result);
      String controller = relayStack().controller();
      LiveComparison single =
          new LiveComparison(
              List.of(controller),
              ChainMetrics.of(options.media()),
              comparisonOptions.effects(),
              comparisonOptions.limits());
      single.add(ControllerRun.of(controller, 0, single.metrics(), result, noise, false));
      Table perSubscriber = ChainTable.of(result).withLeadingColumn("cc", controller);
      if (formatOption.format == OutputFormat.JSON) {
        Map<String, Object> document =
            IntervalJson.document(
                "chain",
                configuration(),
                result.intervals(),
                Json.parse(perSubscriber.render(OutputFormat.JSON)));
        document.putAll(ComparisonTables.json(single)); // the shape of a comparison's document
        out.println(Json.write(document).stripTrailing());
      } else {
        if (printer != null) {
          printer.summary(result.intervals());
          out.println();
        }
        out.print(perSubscriber.render(formatOption.format));
        if (formatOption.format == OutputFormat.TABLE) {
          ChainRunDetails.print(out, result, route, single, relays, relayStack().transport());
        }
      }
      out.flush();
      return 0;
    }
  }

  /** What the single run is, before it starts. */
  private String banner(MetricsEndpoint endpoint, EmulatedSubscriberRoute route) {
    return "moqbed chain: "
        + (relays == 1 ? "relay" : relays + " relays in a row")
        + ", publisher and "
        + (receiverOption.isChromium()
            ? "headless Chromium as the subscriber (WebTransport)"
            : subscribers + " subscriber(s)")
        + " on loopback over QUIC (relays: "
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
        + " ...";
  }

  /** {@code --cc} names several controllers. */
  private boolean comparing() {
    return controllerList().size() > 1;
  }

  /** The controllers of {@code --cc}, in order ({@code c4,c4} twice: an A/A comparison). */
  private List<String> controllerList() {
    if (controllerOption.controller == null) {
      return List.of(controllerOption.stack().controller());
    }
    return java.util.Arrays.stream(controllerOption.controller.split(",", -1))
        .map(String::trim)
        .toList();
  }

  /**
   * Runs the chain {@code rounds} times per controller of {@code --cc}, interleaved in rotated
   * rounds, each controller on the stack it belongs to ({@code quiche:*} on quiche, the others on
   * the project's stack, every endpoint of the chain on it); prints the medians with their
   * intervals, the pairs' verdicts and the host's noise (docs/statistics.md).
   */
  /** One stack per controller compared: quiche's for quiche:*, the project's for the others. */
  private List<LiveStack> comparedStacks() {
    List<LiveStack> stacks = new ArrayList<>();
    for (String name : controllerList()) {
      stacks.add(
          routed(
              controllerOption.controller == null
                  ? controllerOption.stack()
                  : LiveStack.of(LiveTransport.ofController(name), name)));
    }
    return stacks;
  }

  /** Says what the comparison will run, and warns when loopback cannot tell controllers apart. */
  private void announceComparison(List<LiveStack> stacks, int rounds, PrintWriter err) {
    boolean distinct = stacks.stream().map(LiveStack::controller).distinct().count() > 1;
    if (link == null && distinct) {
      err.println(
          "moqbed chain: warning: no --link, so the path is unconstrained loopback with no"
              + " bottleneck: the controllers barely act and their differences are the host's."
              + " Compare them on a draft link: --link media_wb (docs/statistics.md).");
    }
    err.println(
        "moqbed chain: "
            + stacks.size()
            + " controller(s) x "
            + rounds
            + " round(s), rotated; "
            + subscribers
            + " subscriber(s), "
            + Quantities.formatDuration(durationMicros)
            + " of media per run"
            + (link == null ? "" : ", link " + link)
            + (warmupMicros > 0
                ? ", after a " + Quantities.formatDuration(warmupMicros) + " warm-up of each"
                : ""));
  }

  private int compare(
      ChainOptions base,
      int rounds,
      RelayMetrics metrics,
      ChainRunsOutput runsOut,
      PrintWriter out,
      PrintWriter err,
      IntervalPrinter printer)
      throws Exception {
    if (relayTransport != null || clientTransport != null) {
      throw new IllegalArgumentException(
          "with a list of controllers or --runs above 1, each runs on its own stack (quiche:* on"
              + " quiche, the others on moqbed's): drop --relay-transport and --client-transport");
    }
    List<LiveStack> stacks = comparedStacks();
    announceComparison(stacks, rounds, err);
    ChainRounds chainRounds =
        new ChainRounds(base, stacks, metrics, out, err, printer)
            .writingTo(runsOut)
            .tracingTo(traceFile);
    Map<String, Object> configuration = configuration(stacks.get(0), stacks.get(0));
    configuration.put("cc", controllerList());
    configuration.remove("client_cc");
    configuration.put("runs", rounds);
    // Ctrl-C or SIGTERM during the rounds: what ran so far, as iperf3 prints its partial summary.
    InterruptSummary interrupted =
        InterruptSummary.register(
            "moqbed-chain-interrupted",
            () -> {
              LiveComparison sofar = chainRounds.sofar();
              if (sofar != null) {
                err.println();
                err.println(
                    "moqbed chain: interrupted after "
                        + sofar.runs().size()
                        + " of "
                        + stacks.size() * rounds
                        + " runs; what they measured:");
                err.flush();
                chainRounds.print(sofar, formatOption.format, configuration);
              }
            });
    LiveComparison comparison;
    try {
      comparison = chainRounds.run(comparisonOptions, warmupMicros, rounds);
    } finally {
      interrupted.close();
    }
    chainRounds.print(comparison, formatOption.format, configuration);
    if (runsOut != null) {
      err.println("moqbed chain: wrote " + outDirectory.resolve("runs.csv") + " and frames/");
    }
    return 0;
  }

  /** What this run was, for the JSON document. */
  private Map<String, Object> configuration() {
    return configuration(relayStack(), clientStack());
  }

  /** What this run was, with the relays on {@code relay} and the clients on {@code client}. */
  private Map<String, Object> configuration(LiveStack relay, LiveStack client) {
    Map<String, Object> configuration = new LinkedHashMap<>();
    configuration.put("duration_s", durationMicros / 1e6);
    configuration.put("interval_s", intervalOption.intervalMicros / 1e6);
    configuration.put("subscribers", subscribers);
    configuration.put("relays", relays);
    configuration.put("relay_transport", relay.transport().id());
    configuration.put("client_transport", client.transport().id());
    configuration.put("cc", relay.controller());
    configuration.put("client_cc", client.controller());
    configuration.put("late_ms", lateMicros / 1e3);
    configuration.put("warmup_s", warmupMicros / 1e6);
    configuration.put("socket_layer", relay.socketLayer());
    configuration.put("link", link);
    configuration.put("min_effect", comparisonOptions.minimumEffect.text);
    configuration.put("disturbed_cpu", comparisonOptions.disturbedCpu);
    return configuration;
  }

  /** The relays' stack: --relay-transport, else --transport, with --cc. */
  private LiveStack relayStack() {
    LiveTransport transport =
        relayTransport != null ? LiveTransport.parse(relayTransport) : controllerOption.transport();
    return routed(
        transport == controllerOption.transport()
            ? controllerOption.stack()
            : LiveStack.of(transport, controllerOption.controllerOrDefault(transport)));
  }

  /** {@code stack} over WebTransport with --webtransport: relays accept it, clients use it. */
  private LiveStack routed(LiveStack stack) {
    return webTransport ? stack.withWebTransport(RelayUrl.DEFAULT_PATH) : stack;
  }

  /** The clients' stack: --client-transport, else --transport. */
  private LiveStack clientStack() {
    LiveTransport transport =
        clientTransport != null
            ? LiveTransport.parse(clientTransport)
            : controllerOption.transport();
    return routed(controllerOption.stackOn(transport));
  }
}

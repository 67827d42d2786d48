package dev.moqbed.app;

import dev.moqbed.collect.v1.Hello;
import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalLine.Column;
import dev.moqbed.live.interval.IntervalRun;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.SubscriberProbe;
import dev.moqbed.live.node.SubscriberNode;
import dev.moqbed.live.reconnect.RefusalAdvice;
import dev.moqbed.live.stack.ConnectFailure;
import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.subscriber.ForwardingSubscriberEvents;
import dev.moqbed.subscriber.GapRecord;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed subscriber}: subscribes through a relay and measures every frame. */
@Command(
    name = "subscriber",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Connects to a relay, subscribes to tracks and measures each frame's latency (whole object"
          + " arrived minus the capture time the publisher stamped), per track and frame kind. On"
          + " the droppable tracks, a frame later than --late makes it send STOP_SENDING on that"
          + " group's stream; the relay resumes the layer at the next group. Ends when the"
          + " publisher is done (PUBLISH_DONE) or on Ctrl-C, then prints the summary.",
      "Latency compares two clocks: on one host they agree; across hosts give --clock-offset"
          + " (e.g. from chrony or ntpdate -q), whose uncertainty adds to every latency.",
      LiveHelp.CONTROLLERS
    })
final class SubscriberCommand implements Callable<Integer> {
  @Mixin RelayEndpointOptions relayOptions = new RelayEndpointOptions();

  @Option(
      names = "--namespace",
      defaultValue = "live",
      paramLabel = "NAME",
      description = "Namespace of the tracks (default ${DEFAULT-VALUE}).")
  String namespace;

  @Option(
      names = "--tracks",
      split = ",",
      paramLabel = "LIST",
      defaultValue = "a1,vlow,vmid",
      description = "Tracks to subscribe to (default ${DEFAULT-VALUE}).")
  List<String> tracks;

  @Option(
      names = "--late",
      paramLabel = "TIME",
      defaultValue = "250ms",
      converter = QuantityConverters.Duration.class,
      description =
          "Deadline of a droppable track's frames; 0 = never stop (default ${DEFAULT-VALUE}).")
  long lateMicros;

  @Option(
      names = "--droppable",
      split = ",",
      paramLabel = "LIST",
      defaultValue = "vmid",
      description = "Tracks whose late groups are stopped (default ${DEFAULT-VALUE}).")
  List<String> droppable;

  @Option(
      names = "--clock-offset",
      paramLabel = "TIME",
      defaultValue = "0",
      converter = QuantityConverters.SignedDuration.class,
      description =
          "How far this host's clock is ahead of the publisher's (negative if behind);"
              + " subtracted from arrival times (default 0: same host).")
  long clockOffsetMicros;

  @Option(
      names = "--clock-uncertainty",
      paramLabel = "TIME",
      defaultValue = "0",
      converter = QuantityConverters.Duration.class,
      description =
          "How far --clock-offset may be off (e.g. chrony's reported error); printed with the"
              + " results, since every latency carries it (default 0).")
  long clockUncertaintyMicros;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "Write every frame as CSV: track,group,object,kind,size_bytes,capture_us,arrival_us,"
              + "latency_us,relay_arrivals_us (the relays' arrival stamps, ';'-separated); after a"
              + " reconnect one GAP row per track (see docs/security.md).")
  Path framesFile;

  @Mixin LiveControllerOption controllerOption = new LiveControllerOption();

  @Mixin ClientSessionOptions sessionOptions = new ClientSessionOptions();

  @Mixin FormatOption formatOption = new FormatOption();

  @Mixin IntervalOption intervalOption = new IntervalOption();

  @Mixin CollectOption collectOption = new CollectOption();

  @Mixin LiveQlogOption qlogOption = new LiveQlogOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (framesFile != null) {
      OutputPaths.requireWritableFile(framesFile, "--out");
    }
    InetSocketAddress address = relayOptions.address();
    Hello hello =
        collectOption.hello(
            Hello.SenderRole.ROLE_SUBSCRIBER, controllerOption.controllerName(), clockOffsetMicros);
    FrameOutputs outputs = new FrameOutputs(framesFile, hello, collectOption, err);
    SubscriberProbe probe = new SubscriberProbe(tracks, lateMicros);
    AuthorizationToken token = sessionOptions.token();
    QlogFiles qlog = qlogOption.open();
    // The node opens the frames file and the collector's stream, and closes them after its
    // connection, then the qlog files: also when the connection fails.
    List<SubscriberNode.Observer> observers =
        List.of(LiveQlogOption.finishing(qlog, "subscriber", err), probe, gapLines(err), outputs);
    try (SubscriberNode subscriber =
        SubscriberNode.start(nodeConfig(address, token, err, observers, qlog))) {
      err.println("subscriber: connected to " + ConnectFailure.addressText(address) + clockText());
      err.flush();
      IntervalPrinter printer = intervalPrinter(out);
      IntervalRun run = startIntervals(subscriber, probe, printer);
      long started = System.nanoTime();
      // Ctrl-C or SIGTERM: the subscriber stops, and the summary covers what it received so far.
      InterruptSummary interrupted =
          InterruptSummary.stopping(
              "moqbed-subscriber-interrupted", () -> subscriber.stop("interrupted"));
      SubscriberReport report = subscriber.finished().get();
      if (interrupted.interrupted()) {
        err.println(
            "subscriber: "
                + InterruptSummary.after(System.nanoTime() - started, 0)
                + "; what it received:");
        err.flush();
      }
      outputs.finish(report);
      List<IntervalSnapshot> intervalList = run == null ? List.of() : stopIntervals(run);
      printResults(out, printer, run != null, intervalList, report, subscriber, address);
      interrupted.close();
      return exitCode(report, err);
    }
  }

  /**
   * The flags as a node: the relay and its certificate, the stack, the session's link (token,
   * liveness, reconnect), log lines to stderr, and the observers in the order they see the events.
   */
  private SubscriberNode.Config nodeConfig(
      InetSocketAddress address,
      AuthorizationToken token,
      PrintWriter err,
      List<SubscriberNode.Observer> observers,
      QlogFiles qlog) {
    return new SubscriberNode.Config(
        address,
        relayOptions.route(LiveQlogOption.apply(controllerOption.stack(), qlog, "subscriber")),
        relayOptions.trust(),
        new SubscriberConfig(
            namespace, tracks, lateMicros, Set.copyOf(droppable), clockOffsetMicros, 2_000_000),
        observers,
        frame -> {},
        "subscriber",
        line -> {
          err.println(line);
          err.flush();
        },
        sessionOptions.link(relayOptions.serverName(address), token));
  }

  /** Says on stderr what each gap lost: the frames of a track while it was disconnected. */
  private static SubscriberNode.Observer gapLines(PrintWriter err) {
    return new SubscriberNode.Observer() {
      @Override
      public SubscriberEvents events(SubscriberEvents delegate) {
        return new ForwardingSubscriberEvents(delegate) {
          @Override
          public void onGap(GapRecord gap) {
            err.println(gapLine(gap));
            err.flush();
            super.onGap(gap);
          }
        };
      }
    };
  }

  /** The stderr line of a gap: the frames a track lost while disconnected. */
  private static String gapLine(GapRecord gap) {
    return "subscriber: "
        + gap.track()
        + ": "
        + gap.framesLost()
        + " frames lost while disconnected (groups "
        + (gap.lastGroup() + 1)
        + ".."
        + (gap.resumedGroup() - 1)
        + " and the rest of group "
        + gap.lastGroup()
        + "), resumed at group "
        + gap.resumedGroup();
  }

  /** The end of the connected line: the clock offset the latencies assume. */
  private String clockText() {
    return "; clock offset "
        + (clockOffsetMicros == 0
            ? "0 (same host assumed)"
            : (clockOffsetMicros < 0 ? "-" : "+")
                + Quantities.formatDuration(Math.abs(clockOffsetMicros))
                + " ± "
                + Quantities.formatDuration(clockUncertaintyMicros)
                + " (given; its error adds to every latency)");
  }

  private IntervalPrinter intervalPrinter(PrintWriter out) {
    return new IntervalPrinter(
        out,
        formatOption.format,
        new IntervalLine(
            tracks, EnumSet.of(Column.LATENCY, Column.LATE, Column.STOP_SENDING, Column.RESET)));
  }

  /** Starts the interval reports when the format has them; null otherwise. */
  private IntervalRun startIntervals(
      SubscriberNode subscriber, SubscriberProbe probe, IntervalPrinter printer) {
    if (!intervalOption.reportsIn(formatOption.format)) {
      return null;
    }
    printer.begin();
    return IntervalRun.start(
        subscriber.scheduler(),
        probe,
        subscriber.scheduler().nowMicros(),
        intervalOption.intervalMicros,
        0,
        printer::interval);
  }

  private static List<IntervalSnapshot> stopIntervals(IntervalRun run) throws Exception {
    run.stop();
    return run.await();
  }

  /** The results: the JSON document with the intervals, or the summary tables. */
  private void printResults(
      PrintWriter out,
      IntervalPrinter printer,
      boolean intervals,
      List<IntervalSnapshot> intervalList,
      SubscriberReport report,
      SubscriberNode subscriber,
      InetSocketAddress address) {
    if (intervals && formatOption.format == OutputFormat.JSON) {
      printer.document(
          "subscriber",
          configuration(address),
          intervalList,
          Json.parse(LiveSupport.subscriberTable(report).render(OutputFormat.JSON)));
      out.flush();
      return;
    }
    if (intervals) {
      printer.summary(intervalList);
      out.println();
    }
    out.print(LiveSupport.subscriberTable(report).render(formatOption.format));
    if (formatOption.format == OutputFormat.TABLE) {
      printTableNotes(out, report, subscriber.reconnects());
    }
    out.flush();
  }

  /** Below the table: the reconnects' gaps, the latency per hop and the clock assumed. */
  private void printTableNotes(PrintWriter out, SubscriberReport report, int reconnects) {
    String gaps = gapSummary(report, reconnects);
    if (gaps != null) {
      out.println(gaps);
    }
    Table hops = LiveSupport.hopTable(report);
    if (!hops.rows().isEmpty()) {
      out.println();
      out.println("Latency per hop (from the relays' arrival stamps; one host = one clock):");
      out.print(hops.render(formatOption.format));
    }
    if (clockOffsetMicros != 0 || clockUncertaintyMicros != 0) {
      out.println(
          "Latencies assume the publisher's clock is "
              + Quantities.formatDuration(Math.abs(clockOffsetMicros))
              + (clockOffsetMicros < 0 ? " ahead of" : " behind")
              + " this host's, ± "
              + Quantities.formatDuration(clockUncertaintyMicros)
              + ".");
    }
  }

  /** One line on the reconnects and the frames each track lost meanwhile; null without any. */
  private static String gapSummary(SubscriberReport report, int reconnects) {
    if (reconnects == 0) {
      return null;
    }
    StringBuilder line =
        new StringBuilder("Reconnects: ")
            .append(reconnects)
            .append("; frames lost while disconnected:");
    for (TrackReport track : report.tracks()) {
      line.append(' ').append(track.track()).append(' ').append(track.framesLostInGaps());
    }
    return line.toString();
  }

  /** What this run was, for the JSON document. */
  private Map<String, Object> configuration(InetSocketAddress address) {
    Map<String, Object> configuration = new LinkedHashMap<>();
    configuration.put("relay", address.toString());
    configuration.put("namespace", namespace);
    configuration.put("tracks", tracks);
    configuration.put("interval_s", intervalOption.intervalMicros / 1e6);
    configuration.put("late_ms", lateMicros / 1e3);
    configuration.put("droppable", droppable);
    configuration.put("clock_offset_us", clockOffsetMicros);
    configuration.put("clock_uncertainty_us", clockUncertaintyMicros);
    configuration.put("transport", controllerOption.stack().transport().id());
    configuration.put("cc", controllerOption.controllerName());
    return configuration;
  }

  /**
   * Why every subscription was refused, and what to do: a token that does not allow it, or no
   * publisher (yet) for the namespace; otherwise the relay's reasons as they are.
   */
  private String refusalLine(SubscriberReport report) {
    List<String> reasons = report.tracks().stream().map(TrackReport::refusal).distinct().toList();
    String first = reasons.get(0);
    String advice = RefusalAdvice.of(first, RefusalAdvice.Request.SUBSCRIBE, namespace);
    if (RefusalAdvice.isAuthorization(first)) {
      return "the relay refused every subscription ("
          + first
          + ")"
          + (advice.isEmpty() ? "" : ": " + advice);
    }
    if (reasons.stream().allMatch(reason -> reason.startsWith("no publisher"))) {
      return "the relay refused every subscription: no publisher announces namespace '"
          + namespace
          + "' there (start one, or check --namespace)";
    }
    return "the relay refused every subscription: " + String.join("; ", reasons);
  }

  /**
   * 0 when every track ended as the publisher ended it; 1 when the session closed first or when the
   * relay refused every subscription (nothing was measured, which a script must notice).
   */
  private int exitCode(SubscriberReport report, PrintWriter err) {
    if (report.everySubscriptionRefused()) {
      err.println("moqbed: " + refusalLine(report));
      err.flush();
      return 1;
    }
    return report.completed() ? 0 : 1;
  }
}

package dev.moqbed.app;

import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalLine.Column;
import dev.moqbed.live.interval.IntervalRun;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.PublisherProbe;
import dev.moqbed.live.node.PublisherNode;
import dev.moqbed.live.reconnect.RefusalAdvice;
import dev.moqbed.live.stack.ConnectFailure;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.publisher.ForwardingPublisherEvents;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.SessionClose;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed publisher}: publishes a media mix to a relay over real QUIC. */
@Command(
    name = "publisher",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Connects to a relay, announces a namespace and publishes one track per media flow (audio"
          + " as object datagrams, video as one subgroup stream per group, capture time in extension"
          + " 0x3800) for the given duration, then sends PUBLISH_DONE and prints what it sent.",
      LiveHelp.CONTROLLERS
    })
final class PublisherCommand implements Callable<Integer> {
  @Mixin RelayEndpointOptions relayOptions = new RelayEndpointOptions();

  @Option(
      names = "--namespace",
      defaultValue = "live",
      paramLabel = "NAME",
      description = "Namespace of the tracks (default ${DEFAULT-VALUE}).")
  String namespace;

  @Mixin LiveMediaOptions mediaOptions = new LiveMediaOptions();

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = "30s",
      converter = QuantityConverters.Duration.class,
      description = "How long each flow runs (default ${DEFAULT-VALUE}).")
  long durationMicros;

  @Mixin LiveControllerOption controllerOption = new LiveControllerOption();

  @Mixin ClientSessionOptions sessionOptions = new ClientSessionOptions();

  @Mixin FormatOption formatOption = new FormatOption();

  @Mixin IntervalOption intervalOption = new IntervalOption();

  @Mixin LiveQlogOption qlogOption = new LiveQlogOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec2;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec2.commandLine().getOut();
    PrintWriter err = spec2.commandLine().getErr();
    if (durationMicros <= 0) {
      throw new IllegalArgumentException("--duration must be positive");
    }
    PublisherConfig config =
        new PublisherConfig(namespace, mediaOptions.media(), durationMicros, true, 500_000);
    InetSocketAddress address = relayOptions.address();
    List<String> tracks = config.media().flows().stream().map(flow -> flow.id()).toList();
    PublisherProbe probe = new PublisherProbe(tracks);
    Intervals intervals = new Intervals(probe, out, tracks);
    AuthorizationToken token = sessionOptions.token();
    QlogFiles qlog = qlogOption.open();
    // The node closes its connection first, then the qlog files: also when the start fails.
    try (PublisherNode publisher =
        PublisherNode.start(
            nodeConfig(
                address,
                config,
                token,
                err,
                List.of(LiveQlogOption.finishing(qlog, "publisher", err), probe, intervals),
                qlog))) {
      return awaitAndReport(out, err, address, publisher, intervals);
    }
  }

  /**
   * The flags as a node: the relay and its certificate, the stack, the session's link (token,
   * liveness, reconnect), log lines to stderr, and the observers in the order they see the events.
   */
  private PublisherNode.Config nodeConfig(
      InetSocketAddress address,
      PublisherConfig config,
      AuthorizationToken token,
      PrintWriter err,
      List<PublisherNode.Observer> observers,
      QlogFiles qlog) {
    return new PublisherNode.Config(
        address,
        relayOptions.route(LiveQlogOption.apply(controllerOption.stack(), qlog, "publisher")),
        relayOptions.trust(),
        config,
        observers,
        object -> {},
        line -> {
          err.println(line);
          err.flush();
        },
        sessionOptions.link(relayOptions.serverName(address), token));
  }

  /** Waits for the session's end (or Ctrl-C), then prints what was sent; returns the exit code. */
  private int awaitAndReport(
      PrintWriter out,
      PrintWriter err,
      InetSocketAddress address,
      PublisherNode publisher,
      Intervals intervals)
      throws Exception {
    long started = System.nanoTime();
    // Ctrl-C or SIGTERM: the session closes, and the summary covers what was sent so far.
    try (InterruptSummary interrupted =
        InterruptSummary.stopping(
            "moqbed-publisher-interrupted", () -> publisher.stop("interrupted"))) {
      err.println(
          "publisher: connected to "
              + ConnectFailure.addressText(address)
              + ", publishing for "
              + dev.moqbed.runtime.Quantities.formatDuration(durationMicros));
      err.flush();
      PublisherNode.Closed closed = publisher.closed().get();
      if (interrupted.interrupted()) {
        err.println(
            "publisher: "
                + InterruptSummary.after(System.nanoTime() - started, durationMicros)
                + "; what it sent:");
        err.flush();
      }
      // Stopped here too: the relay may have gone away before the media finished.
      List<IntervalSnapshot> intervalList = intervals.stopAndAwait();
      Table table = sentTable(closed.report());
      int exitCode = exitCode(closed.close(), err);
      if (intervals.ran() && formatOption.format == OutputFormat.JSON) {
        intervals.printer.document(
            "publisher",
            configuration(address),
            intervalList,
            Json.parse(table.render(OutputFormat.JSON)));
        return exitCode;
      }
      if (intervals.ran()) {
        intervals.printer.summary(intervalList);
        out.println();
      }
      out.print(table.render(formatOption.format));
      out.flush();
      return exitCode;
    }
  }

  /**
   * The interval reports, when the format has them: they start with the media clock, at the first
   * announcement (a reconnect announces again, the clock runs on), and stop when the media ends.
   * The node's observer, after the probe that counts what they report.
   */
  private final class Intervals implements PublisherNode.Observer {
    final IntervalPrinter printer;
    final boolean enabled;
    private final PublisherProbe probe;
    private volatile EventLoopScheduler loop; // the publisher's, told before its session starts
    // Started on the publisher's loop; read by the command's thread once the session ended.
    private volatile IntervalRun run;

    Intervals(PublisherProbe probe, PrintWriter out, List<String> tracks) {
      this.probe = probe;
      this.printer =
          new IntervalPrinter(
              out, formatOption.format, new IntervalLine(tracks, EnumSet.of(Column.STOP_SENDING)));
      this.enabled = intervalOption.reportsIn(formatOption.format);
    }

    @Override
    public void attach(Publisher publisher, EventLoopScheduler loop) {
      this.loop = loop;
    }

    @Override
    public PublisherEvents events(PublisherEvents delegate) {
      return new ForwardingPublisherEvents(delegate) {
        @Override
        public void onAnnounced() {
          startOnce();
          super.onAnnounced();
        }

        @Override
        public void onMediaFinished(PublisherReport report) {
          stop();
          super.onMediaFinished(report);
        }
      };
    }

    /** On the loop, at an announcement: starts the reports once. */
    private void startOnce() {
      if (enabled && run == null) {
        printer.begin();
        run =
            IntervalRun.start(
                loop,
                probe,
                loop.nowMicros(),
                intervalOption.intervalMicros,
                durationMicros,
                printer::interval);
      }
    }

    private void stop() {
      if (run != null) {
        run.stop();
      }
    }

    boolean ran() {
      return run != null;
    }

    /** Stops the reports and returns them once the last is taken; none when they never ran. */
    List<IntervalSnapshot> stopAndAwait() throws InterruptedException {
      if (run == null) {
        return List.of();
      }
      run.stop();
      return run.await();
    }
  }

  /** What was sent per track. */
  private static Table sentTable(PublisherReport report) {
    Table table =
        new Table("track", "objects_sent", "bytes_sent", "streams_opened", "stop_sending_received");
    for (PublisherReport.TrackSent track : report.tracks()) {
      table.row(
          track.track(),
          track.objectsSent(),
          track.bytesSent(),
          track.streamsOpened(),
          track.stopSendingReceived());
    }
    return table;
  }

  /**
   * 0 when the media ran to its end; 1 otherwise, saying why when the relay refused the namespace.
   */
  private int exitCode(SessionClose close, PrintWriter err) {
    String refusal = namespaceRefusal(close);
    if (refusal != null) {
      err.println("moqbed: " + refusal);
      err.flush();
    }
    return close != null && close.reason().contains("media finished") ? 0 : 1;
  }

  /**
   * The line that ends a publisher whose namespace the relay refused: the relay's reason and, for a
   * token, what to do about it; null when the session ended otherwise.
   */
  private String namespaceRefusal(SessionClose close) {
    if (close == null || !close.reason().startsWith(Publisher.NAMESPACE_REFUSED)) {
      return null;
    }
    String reason = close.reason().substring(Publisher.NAMESPACE_REFUSED.length());
    String advice = RefusalAdvice.of(reason, RefusalAdvice.Request.PUBLISH, namespace);
    return "the relay refused namespace '"
        + namespace
        + "' ("
        + reason
        + ")"
        + (advice.isEmpty() ? "" : ": " + advice);
  }

  /** What this run was, for the JSON document. */
  private Map<String, Object> configuration(InetSocketAddress address) {
    Map<String, Object> configuration = new LinkedHashMap<>();
    configuration.put("relay", address.toString());
    configuration.put("namespace", namespace);
    configuration.put("duration_s", durationMicros / 1e6);
    configuration.put("interval_s", intervalOption.intervalMicros / 1e6);
    configuration.put("transport", controllerOption.stack().transport().id());
    configuration.put("cc", controllerOption.controllerName());
    return configuration;
  }
}

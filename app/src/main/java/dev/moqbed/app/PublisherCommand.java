package dev.moqbed.app;

import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalLine.Column;
import dev.moqbed.live.interval.IntervalRun;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.PublisherProbe;
import dev.moqbed.live.reconnect.RefusalAdvice;
import dev.moqbed.live.reconnect.RelayConnector;
import dev.moqbed.live.stack.ConnectFailure;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.output.Json;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.Table;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.SessionClose;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
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
  @SuppressWarnings("try") // the resources are closed on leaving, in order; the body uses neither
  public Integer call() throws Exception {
    PrintWriter out = spec2.commandLine().getOut();
    PrintWriter err = spec2.commandLine().getErr();
    if (durationMicros <= 0) {
      throw new IllegalArgumentException("--duration must be positive");
    }
    PublisherConfig config =
        new PublisherConfig(namespace, mediaOptions.media(), durationMicros, true, 500_000);
    InetSocketAddress address = relayOptions.address();
    Session session = new Session();
    List<String> tracks = config.media().flows().stream().map(flow -> flow.id()).toList();
    PublisherProbe probe = new PublisherProbe(tracks);
    Intervals intervals = new Intervals(probe, out, tracks);
    AuthorizationToken token = sessionOptions.token();
    QlogFiles qlog = qlogOption.open();
    RelayConnector client = openConnector(address, qlog, token, err);
    // The connector closes first, then the qlog files are finished: also when the start fails.
    try (LiveQlogOption.Finish qlogFinish = () -> LiveQlogOption.finish(qlog, "publisher", err);
        RelayConnector connector = client) {
      Publisher publisher =
          new Publisher(
              client.scheduler(),
              config,
              probe.events(events(intervals, err, client, session)),
              token);
      if (client.reconnects()) {
        publisher.continueAcrossSessions();
      }
      probe.attach(publisher);
      client.start(publisher, publisher::stop);
      return awaitAndReport(out, err, address, client, publisher, session, intervals);
    }
  }

  /** Waits for the session's end (or Ctrl-C), then prints what was sent; returns the exit code. */
  private int awaitAndReport(
      PrintWriter out,
      PrintWriter err,
      InetSocketAddress address,
      RelayConnector client,
      Publisher publisher,
      Session session,
      Intervals intervals)
      throws Exception {
    long started = System.nanoTime();
    // Ctrl-C or SIGTERM: the session closes, and the summary covers what was sent so far.
    try (InterruptSummary interrupted =
        InterruptSummary.stopping(
            "moqbed-publisher-interrupted",
            () -> client.scheduler().execute(() -> publisher.stop("interrupted")))) {
      err.println(
          "publisher: connected to "
              + ConnectFailure.addressText(address)
              + ", publishing for "
              + dev.moqbed.runtime.Quantities.formatDuration(durationMicros));
      err.flush();
      PublisherReport report = session.report.get();
      if (interrupted.interrupted()) {
        err.println(
            "publisher: "
                + InterruptSummary.after(System.nanoTime() - started, durationMicros)
                + "; what it sent:");
        err.flush();
      }
      // Stopped here too: the relay may have gone away before the media finished.
      List<IntervalSnapshot> intervalList = intervals.stopAndAwait();
      Table table = sentTable(report);
      int exitCode = exitCode(session.close.getNow(null), err);
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

  /** The connection to the relay, which reconnects when the session policy says so. */
  private RelayConnector openConnector(
      InetSocketAddress address, QlogFiles qlog, AuthorizationToken token, PrintWriter err)
      throws IOException {
    return sessionOptions.openConnector(
        "publisher", address, relayOptions, controllerOption, qlog, token, err);
  }

  /** How the session ended: why, and the publisher's report at that moment. */
  private static final class Session {
    final CompletableFuture<SessionClose> close = new CompletableFuture<>();
    final CompletableFuture<PublisherReport> report = new CompletableFuture<>();
  }

  /**
   * The interval reports, when the format has them: they start with the media clock, at the first
   * announcement (a reconnect announces again, the clock runs on), and stop when the media ends.
   */
  private final class Intervals {
    final PublisherProbe probe;
    final IntervalPrinter printer;
    final boolean enabled;
    // Started on the publisher's loop; read by the command's thread once the session ended.
    private volatile IntervalRun run;

    Intervals(PublisherProbe probe, PrintWriter out, List<String> tracks) {
      this.probe = probe;
      this.printer =
          new IntervalPrinter(
              out, formatOption.format, new IntervalLine(tracks, EnumSet.of(Column.STOP_SENDING)));
      this.enabled = intervalOption.reportsIn(formatOption.format);
    }

    /** On the loop, at an announcement: starts the reports once. */
    void startOnce(EventLoopScheduler loop) {
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

    void stop() {
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

  /**
   * What the publisher reports, where it goes: the announcement starts the intervals, the media's
   * end stops them, log lines go to stderr, a lost session to the connector, the end to {@code
   * session}.
   */
  private static PublisherEvents events(
      Intervals intervals, PrintWriter err, RelayConnector client, Session session) {
    EventLoopScheduler loop = client.scheduler();
    return new PublisherEvents() {
      @Override
      public void onAnnounced() {
        intervals.startOnce(loop);
      }

      @Override
      public void onMediaFinished(PublisherReport report) {
        intervals.stop();
      }

      @Override
      public void onLog(String line) {
        err.println("publisher: " + line);
        err.flush();
      }

      @Override
      public void onDisconnected(String peer, SessionClose close) {
        client.reconnect(close.describe());
      }

      @Override
      public void onClosed(SessionClose close, PublisherReport report) {
        session.close.complete(close);
        session.report.complete(report);
      }
    };
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

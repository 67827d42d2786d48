package dev.moqbed.app;

import dev.moqbed.collect.v1.Hello;
import dev.moqbed.live.LiveSupport;
import dev.moqbed.live.MetricsEndpoint;
import dev.moqbed.live.PathTrace;
import dev.moqbed.live.RelayMetrics;
import dev.moqbed.live.RelayUrl;
import dev.moqbed.live.UpstreamLink;
import dev.moqbed.live.interval.IntervalLine;
import dev.moqbed.live.interval.IntervalLine.Column;
import dev.moqbed.live.interval.IntervalRun;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.RelayProbe;
import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.output.TerminalText;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.relay.auth.TokenKey;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.transport.udp.qlog.QlogFiles;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code moqbed relay}: the MoQ relay on real QUIC, until interrupted. */
@Command(
    name = "relay",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs a MoQ relay (MoQT draft-14, ALPN moq-00) on real QUIC until interrupted: publishers"
          + " announce namespaces, subscribers subscribe to tracks; one upstream subscription per"
          + " track, a queue per subscriber served audio first, then vlow, then vmid, newest group"
          + " first; STOP_SENDING on a group resets it and the layer resumes at the next group.",
      LiveHelp.CONTROLLERS
    })
final class RelayCommand implements Callable<Integer> {
  /** How often a lost upstream relay is tried again. */
  private static final long UPSTREAM_RETRY_MICROS = 2_000_000;

  @Option(
      names = "--listen",
      paramLabel = "HOST:PORT",
      defaultValue = "0.0.0.0:4443",
      description = "UDP address to listen on (default ${DEFAULT-VALUE}).")
  String listen;

  @Option(
      names = "--upstream",
      paramLabel = "HOST:PORT|URL",
      description =
          "Another relay to forward SUBSCRIBEs to when no publisher announced their namespace"
              + " here (one upstream subscription per track); https://HOST:PORT/PATH reaches it"
              + " over WebTransport (default: none).")
  String upstream;

  @Option(
      names = "--upstream-cert",
      paramLabel = "FILE",
      description = "Pin the upstream relay's certificate (PEM).")
  Path upstreamCertificate;

  @Option(
      names = "--upstream-insecure",
      description = "Accept any certificate from the upstream relay.")
  boolean upstreamInsecure;

  @Option(
      names = "--upstream-token",
      paramLabel = "TOKEN",
      description =
          "Token (moqbed token issue, with a subscribe scope) for an upstream relay started with"
              + " --auth-key; sent in the CLIENT_SETUP and on every SUBSCRIBE to it. Visible in the"
              + " process list: prefer --upstream-token-file.")
  String upstreamToken;

  @Option(
      names = "--upstream-token-file",
      paramLabel = "FILE",
      description = "Read the upstream relay's token from FILE.")
  Path upstreamTokenFile;

  @Mixin LiveControllerOption controllerOption = new LiveControllerOption();

  @Mixin AdmissionOptions admissionOptions = new AdmissionOptions();

  @Mixin LoopsOption loopsOption = new LoopsOption();

  @Mixin WebTransportOptions webTransportOptions = new WebTransportOptions();

  @Option(
      names = "--cert",
      paramLabel = "FILE",
      description = "Certificate (PEM); with --key. Default: a self-signed one for localhost.")
  Path certificate;

  @Option(names = "--key", paramLabel = "FILE", description = "Private key (PEM, PKCS#8).")
  Path key;

  @Option(
      names = "--cert-dir",
      paramLabel = "DIR",
      description =
          "Where the self-signed certificate is generated at first start and reused"
              + " (default: ~/.moqbed).")
  Path certificateDirectory;

  @Mixin RelayMetricsOptions metricsOptions = new RelayMetricsOptions();

  @Option(
      names = "--auth-key",
      paramLabel = "FILE",
      description =
          "Require a token signed with this key (moqbed token key) in every CLIENT_SETUP (a"
              + " session without one is closed with UNAUTHORIZED) and for every PUBLISH_NAMESPACE"
              + " and SUBSCRIBE (draft-14 AUTHORIZATION TOKEN parameter); refused ones get"
              + " UNAUTHORIZED. Default: none, anyone may publish and subscribe.")
  Path authKey;

  @Option(
      names = "--max-sessions",
      paramLabel = "N",
      defaultValue = "" + RelayConfig.DEFAULT_MAX_SESSIONS,
      description =
          "Sessions held at once; one more is closed after its setup with INTERNAL_ERROR"
              + " (default ${DEFAULT-VALUE}).")
  int maxSessions;

  @Option(
      names = "--max-sessions-per-address",
      paramLabel = "N",
      defaultValue = "" + RelayConfig.DEFAULT_MAX_SESSIONS_PER_ADDRESS,
      description =
          "Sessions one peer address (IP, any port) may hold at once; one more is closed after"
              + " its setup with TOO_MANY_REQUESTS. Many viewers behind one NAT share an address"
              + " (default ${DEFAULT-VALUE}).")
  int maxSessionsPerAddress;

  @Option(
      names = "--idle-session-timeout",
      paramLabel = "TIME",
      defaultValue = "30s",
      converter = QuantityConverters.Duration.class,
      description =
          "How long a session may hold no namespace and no subscription before it is closed; the"
              + " clock restarts whenever it again holds nothing; 0 = forever"
              + " (default ${DEFAULT-VALUE}).")
  long idleSessionTimeoutMicros;

  @Option(
      names = "--namespace-takeover-after",
      paramLabel = "TIME",
      defaultValue = "1s",
      converter = QuantityConverters.Duration.class,
      description =
          "A PUBLISH_NAMESPACE for a namespace another session holds takes it over (the holder is"
              + " closed, its subscribers kept) when nothing was received from the holder for this"
              + " long, or, with --auth-key, at once when it carries the holder's very token;"
              + " 0 = never by silence (default ${DEFAULT-VALUE}).")
  long namespaceTakeoverAfterMicros;

  @Option(
      names = "--max-subscriptions-per-session",
      paramLabel = "N",
      defaultValue = "" + RelayConfig.DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION,
      description =
          "Subscriptions one session may hold; one more SUBSCRIBE gets SUBSCRIBE_ERROR"
              + " (default ${DEFAULT-VALUE}).")
  int maxSubscriptionsPerSession;

  @Option(
      names = "--max-buffered-bytes",
      paramLabel = "SIZE",
      defaultValue = "1MiB",
      converter = QuantityConverters.Size.class,
      description =
          "Bytes queued per subscriber before the oldest group of its least urgent track is"
              + " dropped (its stream reset with DELIVERY_TIMEOUT) (default ${DEFAULT-VALUE}).")
  long maxBufferedBytes;

  @Option(
      names = "--setup-timeout",
      paramLabel = "TIME",
      defaultValue = "5s",
      converter = QuantityConverters.Duration.class,
      description =
          "How long a connection may take to complete its MoQT setup before it is closed with"
              + " CONTROL_MESSAGE_TIMEOUT; 0 = forever (default ${DEFAULT-VALUE}).")
  long setupTimeoutMicros;

  @Option(
      names = "--max-pending-setups-per-address",
      paramLabel = "N",
      defaultValue = "" + RelayConfig.DEFAULT_MAX_PENDING_SETUPS_PER_ADDRESS,
      description =
          "Connections of one address that may await their MoQT setup at once; one more is"
              + " closed with TOO_MANY_REQUESTS (default ${DEFAULT-VALUE}).")
  int maxPendingSetupsPerAddress;

  @Option(
      names = "--max-object-size",
      paramLabel = "SIZE",
      defaultValue = "8MiB",
      converter = QuantityConverters.Size.class,
      description =
          "Largest object payload a peer may send; a longer one closes its session with"
              + " PROTOCOL_VIOLATION when its length field arrives, before it is buffered"
              + " (default ${DEFAULT-VALUE}).")
  long maxObjectBytes;

  @Option(
      names = "--max-receive-buffer-per-session",
      paramLabel = "SIZE",
      defaultValue = "16MiB",
      converter = QuantityConverters.Size.class,
      description =
          "Bytes of incomplete objects one session may make the relay hold; beyond it the session"
              + " is closed with INTERNAL_ERROR (default ${DEFAULT-VALUE}).")
  long maxReceiveBufferPerSession;

  @Option(
      names = "--max-receive-buffer-total",
      paramLabel = "SIZE",
      defaultValue = "256MiB",
      converter = QuantityConverters.Size.class,
      description =
          "Bytes of incomplete objects all sessions together may make the relay hold; beyond it"
              + " the session holding the most is closed (default ${DEFAULT-VALUE}).")
  long maxReceiveBufferTotal;

  @Option(
      names = "--trace",
      paramLabel = "FILE.csv",
      description =
          "Write the relay's path to each subscriber every 20 ms in the columns of the simulator's"
              + " trace (window, pacing rate, RTTs, the controller's state and variables; run ="
              + " the subscriber session's number), until the relay stops.")
  Path traceFile;

  @Mixin FormatOption formatOption = new FormatOption();

  @Mixin IntervalOption intervalOption = new IntervalOption();

  @Mixin CollectOption collectOption = new CollectOption();

  @Mixin LiveQlogOption qlogOption = new LiveQlogOption();

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Where the metrics endpoint listens, once started; for the banner. */
  private volatile String metricsListening;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    validate();
    TokenKey tokenKey = authKey == null ? null : AuthFiles.readKey("--auth-key", authKey);
    AuthorizationToken upstreamAuthorization = upstreamAuthorization();
    ServerCertificate tls = serverCertificate();
    RelayUrl upstreamUrl = upstream == null ? null : RelayUrl.parse(upstream);
    RelayMetrics relayMetrics = metricsOptions.create();
    boolean intervals = intervalOption.reportsIn(formatOption.format);
    RelayObserver metricsObserver = relayMetrics == null ? RelayObserver.NONE : relayMetrics;
    // In front of the metrics: counts per interval what the relay forwards and drops.
    RelayProbe probe = intervals ? new RelayProbe(metricsObserver) : null;
    IntervalPrinter printer =
        new IntervalPrinter(
            out,
            formatOption.format,
            new IntervalLine(
                List.of(), EnumSet.of(Column.STOP_SENDING, Column.DROPPED, Column.PATH)));
    QlogFiles qlog = qlogOption.open();
    LiveStack stack =
        webTransportOptions.apply(
            LiveQlogOption.apply(controllerOption.stack(), qlog, "relay"),
            spec.commandLine().getParseResult().hasMatchedOption("--webtransport-path"));
    ServerAdmission admission = admissionOptions.admission();
    int loops =
        loopsOption.resolve(
            stack,
            traceFile == null ? null : "--trace",
            collectOption.enabled() ? "--collect" : null);
    RelayNode node;
    try {
      node =
          RelayNode.start(
              new RelayNode.Config(
                  LiveSupport.parseAddress(listen),
                  stack,
                  tls,
                  admission,
                  relayConfig(tokenKey, upstreamAuthorization),
                  probe != null ? probe : metricsObserver,
                  line -> log(err, line),
                  loops),
              attachments(probe, relayMetrics, stack, upstreamUrl, err));
    } catch (Exception e) {
      LiveQlogOption.finish(qlog, "relay", err);
      throw e;
    }
    printBanner(out, err, node, stack, admission, tls, tokenKey, relayMetrics);
    CertificateRenewal.startFor(
        certificate == null ? selfSignedDirectory() : null,
        node,
        stack,
        tls,
        line -> log(err, line));
    IntervalRun run = probe == null ? null : startIntervals(node, probe, printer);
    awaitShutdown(node, run, printer, qlog, err);
    return 0;
  }

  /** Starts the interval reports on the relay's first loop. */
  private IntervalRun startIntervals(RelayNode node, RelayProbe probe, IntervalPrinter printer) {
    printer.begin();
    return IntervalRun.start(
        node.loop(),
        probe,
        node.loop().nowMicros(),
        intervalOption.intervalMicros,
        0,
        printer::interval);
  }

  /**
   * Runs until the JVM is told to stop (Ctrl-C, SIGTERM); then prints the intervals' summary,
   * closes the relay and finishes the qlog files, in that order.
   */
  private void awaitShutdown(
      RelayNode node, IntervalRun run, IntervalPrinter printer, QlogFiles qlog, PrintWriter err)
      throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runnable stop =
        () -> {
          if (run != null) {
            printSummary(run, printer);
          }
          try {
            node.close();
          } catch (RuntimeException e) {
            err.println("relay: closing: " + e.getMessage());
          }
          LiveQlogOption.finish(qlog, "relay", err);
          stopped.countDown();
        };
    ShutdownHooks.addOrElse(new Thread(stop, "moqbed-relay-stop"), stop);
    stopped.await();
  }

  /** The token the edge sends its upstream, read from the option or its file. */
  private AuthorizationToken upstreamAuthorization() {
    AuthorizationToken token =
        AuthFiles.token(
            "--upstream-token", upstreamToken, "--upstream-token-file", upstreamTokenFile);
    if (!token.isNone() && upstream == null) {
      throw new IllegalArgumentException("--upstream-token needs --upstream");
    }
    return token;
  }

  /** The given certificate, or the self-signed one kept in the certificate directory. */
  private ServerCertificate serverCertificate() throws Exception {
    return certificate != null
        ? ServerCertificate.fromFiles(certificate, key)
        : ServerCertificate.selfSigned(selfSignedDirectory());
  }

  private Path selfSignedDirectory() {
    return certificateDirectory != null
        ? certificateDirectory
        : Path.of(System.getProperty("user.home"), ".moqbed");
  }

  /** The checks that need no file or socket. */
  private void validate() {
    if ((certificate == null) != (key == null)) {
      throw new IllegalArgumentException("--cert and --key go together");
    }
    metricsOptions.validate(spec.commandLine().getParseResult());
    if (traceFile != null) {
      OutputPaths.requireWritableFile(traceFile, "--trace");
    }
    if (upstreamInsecure && upstreamCertificate != null) {
      throw new IllegalArgumentException("give --upstream-insecure or --upstream-cert, not both");
    }
    if (certificate != null) {
      InputPaths.requireReadableFile(certificate, "--cert");
      InputPaths.requireReadableFile(key, "--key");
    }
    if (upstreamCertificate != null) {
      InputPaths.requireReadableFile(upstreamCertificate, "--upstream-cert");
    }
  }

  private RelayConfig relayConfig(TokenKey tokenKey, AuthorizationToken upstreamAuthorization) {
    return RelayConfig.builder()
        .authKey(tokenKey)
        .upstreamToken(upstreamAuthorization)
        .maxSessions(maxSessions)
        .maxSubscriptionsPerSession(maxSubscriptionsPerSession)
        .maxQueuedBytesPerSubscriber(maxBufferedBytes)
        .setupTimeoutMicros(setupTimeoutMicros)
        .maxPendingSetupsPerAddress(maxPendingSetupsPerAddress)
        .maxSessionsPerAddress(maxSessionsPerAddress)
        .idleSessionTimeoutMicros(idleSessionTimeoutMicros)
        .namespaceTakeoverAfterMicros(namespaceTakeoverAfterMicros)
        .maxObjectBytes(maxObjectBytes)
        .maxReceiveBufferPerSession(maxReceiveBufferPerSession)
        .maxReceiveBufferTotal(maxReceiveBufferTotal)
        .build();
  }

  /**
   * What runs beside the relay, in the order it starts (the node closes it in reverse): the
   * interval probe, the collector's sampler, the trace, the metrics endpoint, the upstream link.
   */
  private List<RelayNode.Attachment> attachments(
      RelayProbe probe,
      RelayMetrics relayMetrics,
      LiveStack stack,
      RelayUrl upstreamUrl,
      PrintWriter err) {
    List<RelayNode.Attachment> attachments = new ArrayList<>();
    if (probe != null) {
      attachments.add(probe.asAttachment());
    }
    Hello hello =
        collectOption.hello(Hello.SenderRole.ROLE_RELAY, controllerOption.controllerName(), 0);
    if (hello != null) {
      attachments.add(
          (relays, loops) -> collectOption.relayRecords(hello, relays.relay(0), loops.get(0), err));
    }
    if (traceFile != null) {
      attachments.add(
          (relays, loops) -> {
            try {
              return PathTrace.start(relays.relay(0), loops.get(0), traceFile);
            } catch (java.io.IOException e) {
              throw new IllegalArgumentException("--trace " + traceFile + ": " + e.getMessage());
            }
          });
    }
    if (relayMetrics != null) {
      attachments.add(
          (relays, loops) -> {
            relayMetrics.attach(relays.relays(), loops);
            MetricsEndpoint endpoint;
            try {
              endpoint =
                  MetricsEndpoint.start(metricsOptions.bind, metricsOptions.port, relayMetrics);
            } catch (RuntimeException e) {
              relayMetrics.close();
              throw e;
            }
            metricsListening = endpoint.listening();
            return () -> {
              endpoint.close();
              relayMetrics.close();
            };
          });
    }
    if (upstreamUrl != null) {
      attachments.add(
          (relays, loops) ->
              UpstreamLink.connect(
                  relays.relay(0),
                  loops.get(0),
                  upstreamUrl.address(),
                  upstreamUrl.serverName(),
                  // This relay's WebTransport door is not the way to its upstream: the URL says.
                  upstreamUrl.route(stack.withWebTransport(null)),
                  LiveSupport.trust(upstreamInsecure, upstreamCertificate),
                  line -> log(err, line),
                  UPSTREAM_RETRY_MICROS));
    }
    return attachments;
  }

  private static void log(PrintWriter err, String line) {
    err.println("relay: " + line);
    err.flush();
  }

  private void printBanner(
      PrintWriter out,
      PrintWriter err,
      RelayNode node,
      LiveStack stack,
      ServerAdmission admission,
      ServerCertificate tls,
      TokenKey tokenKey,
      RelayMetrics relayMetrics) {
    // With --format json, standard output holds the one document; the banner goes with the logs.
    PrintWriter banner = formatOption.format == OutputFormat.JSON ? err : out;
    banner.println(
        RelayBanner.text(
            new RelayBanner.Listening(
                node.address(),
                "QUIC, ALPN "
                    + RelayNode.VERSION.alpn()
                    + ", "
                    + stack.describe()
                    + ", "
                    + node.socketLayer()
                    + LoopsOption.describe(node.loops().size())
                    + (stack.transport() == LiveTransport.MOQBED
                        ? AdmissionOptions.text(admission)
                        : ""),
                tls.certificateFile().toString(),
                relayMetrics == null ? null : "http://" + metricsListening + "/metrics",
                maxSessions
                    + " sessions ("
                    + maxSessionsPerAddress
                    + " per address), "
                    + maxSubscriptionsPerSession
                    + " subscriptions per session, "
                    + maxBufferedBytes
                    + " bytes queued per subscriber, "
                    + maxReceiveBufferPerSession
                    + " bytes of incomplete objects per session and "
                    + maxReceiveBufferTotal
                    + " in all",
                upstream,
                tokenKey == null
                    ? "OPEN: no --auth-key, anyone may publish and subscribe to anything"
                    : "tokens required (key " + authKey + ")"),
            stack,
            tls));
    banner.flush();
    if (tokenKey == null && banner != err) {
      err.println(
          TerminalText.wrap(
              "relay: warning: open relay (no --auth-key): anyone who reaches "
                  + node.address()
                  + " may publish any namespace and subscribe to any track"));
      err.flush();
    }
  }

  /** On Ctrl-C: the last interval, then the summary line or the JSON document. */
  private void printSummary(IntervalRun run, IntervalPrinter printer) {
    try {
      run.stop();
      List<IntervalSnapshot> intervals = run.await();
      if (formatOption.format == OutputFormat.JSON) {
        Map<String, Object> configuration = new LinkedHashMap<>();
        configuration.put("listen", listen);
        configuration.put("interval_s", intervalOption.intervalMicros / 1e6);
        configuration.put("transport", controllerOption.stack().transport().id());
        configuration.put("cc", controllerOption.controllerName());
        configuration.put("max_sessions", maxSessions);
        configuration.put("max_buffered_bytes", maxBufferedBytes);
        configuration.put("upstream", upstream);
        printer.document("relay", configuration, intervals, null);
      } else {
        printer.summary(intervals);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

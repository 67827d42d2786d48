package dev.moqbed.live;

import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.RelayProbe;
import dev.moqbed.live.interval.SubscriberProbe;
import dev.moqbed.live.node.Awaiting;
import dev.moqbed.live.node.PublisherNode;
import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.node.SubscriberNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayGroup;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.relay.SessionPath;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Relay, publisher and N subscribers on loopback in one process, each endpoint on its own event
 * loop, over real QUIC: the relay listens on an ephemeral port with a fresh self-signed certificate
 * the clients pin; the subscribers subscribe before the media starts, so every frame the publisher
 * sends is one each subscriber could receive.
 */
public final class LiveChain {
  static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;

  /**
   * What the publisher sent, each subscriber received, and the last relay's path to each subscriber
   * (the last sample taken while it was connected; sampled every 100 ms).
   *
   * @param subscriptionsPerRelay per relay, first (the publisher's) first: the subscriptions it
   *     served once every subscriber had its answers — the last relay serves each subscriber's,
   *     every earlier one only the next relay's single subscription per track
   * @param intervals the intervals reported while the media ran (empty without {@link
   *     ChainOptions#intervalMicros()})
   */
  public record Result(
      PublisherReport publisher,
      List<SubscriberReport> subscribers,
      List<PathStats> relayPaths,
      List<Integer> subscriptionsPerRelay,
      List<List<Integer>> subscriptionsPerLoop,
      List<IntervalSnapshot> intervals) {}

  private LiveChain() {}

  /** Runs the chain; returns once every subscriber has reported. */
  public static Result run(ChainOptions options) throws IOException, InterruptedException {
    return run(options, null);
  }

  /**
   * Runs the chain with the relay reporting to {@code relayMetrics} (null: none) while it runs;
   * returns once every subscriber has reported.
   */
  public static Result run(ChainOptions options, RelayMetrics relayMetrics)
      throws IOException, InterruptedException {
    return run(options, relayMetrics, null);
  }

  /**
   * Runs the chain with the relay reporting to {@code relayMetrics} (null: none) and its paths to
   * the subscribers traced into {@code traceFile} ({@link PathTrace}; null: none).
   */
  public static Result run(ChainOptions options, RelayMetrics relayMetrics, Path traceFile)
      throws IOException, InterruptedException {
    return run(options, relayMetrics, traceFile, new CompletableFuture<>());
  }

  /**
   * Runs the chain as {@link #run(ChainOptions, RelayMetrics, Path)} does, ended early once {@code
   * stop} completes (Ctrl-C): the publisher reports what it sent, the subscribers what they
   * received, and the result covers the media so far.
   */
  public static Result run(
      ChainOptions options, RelayMetrics relayMetrics, Path traceFile, CompletableFuture<?> stop)
      throws IOException, InterruptedException {
    List<AutoCloseable> endpoints = new ArrayList<>();
    try {
      ServerCertificate certificate = sharedCertificate();
      Map<String, PathStats> paths = new ConcurrentSkipListMap<>();
      ClientTrust trust = ClientTrust.pinned(certificate.certificate());
      List<String> tracks = options.media().flows().stream().map(flow -> flow.id()).toList();
      // The relay the subscribers use reports its intervals, in front of its metrics if any.
      RelayProbe relayProbe =
          options.intervalMicros() > 0
              ? new RelayProbe(relayMetrics == null ? RelayObserver.NONE : relayMetrics)
              : null;
      List<StartedRelay> relays =
          startRelays(options, certificate, trust, endpoints, relayMetrics, relayProbe);
      StartedRelay lastRelay = relays.get(relays.size() - 1);
      samplePaths(lastRelay, paths);
      if (traceFile != null) {
        endpoints.add(PathTrace.start(lastRelay.relay(), lastRelay.loop(), traceFile));
      }
      SubscriberRoute.Opened route = options.subscriberRoute().open(lastRelay.address());
      endpoints.add(route);
      InetSocketAddress relayAddress = route.address();
      PublisherNode publisher = startPublisher(options, relays.get(0).address(), trust, endpoints);
      publisher.awaitAnnounced(10);

      List<SubscriberProbe> subscriberProbes = new ArrayList<>();
      List<SubscriberNode> subscribers =
          startSubscribers(options, relayAddress, trust, tracks, subscriberProbes, endpoints);
      ExternalSubscriber.Running external =
          startExternal(options, relayAddress, certificate, tracks, endpoints);
      for (SubscriberNode subscriber : subscribers) {
        subscriber.awaitAnswered(10);
      }
      if (external != null) {
        awaitSubscriptions(lastRelay, tracks.size(), external);
      }
      List<List<Integer>> subscriptionsPerLoop = new ArrayList<>();
      for (StartedRelay relay : relays) {
        subscriptionsPerLoop.add(subscriptionsPerLoop(relay));
      }

      ChainIntervals chainIntervals =
          relayProbe == null
              ? null
              : ChainIntervals.start(
                  options,
                  mediaDurationMicros(options),
                  lastRelay.loop(),
                  relayProbe,
                  subscribers.stream().map(SubscriberNode::scheduler).toList(),
                  subscriberProbes);
      publisher.startMedia();
      endEarlyOn(stop, publisher, subscribers);
      long mediaSeconds = mediaDurationMicros(options) / 1_000_000 + 1;
      PublisherReport sent =
          Awaiting.await(publisher.finished(), mediaSeconds + 20, "the publisher to finish");
      if (chainIntervals != null) {
        chainIntervals.publisherDone();
      }
      List<SubscriberReport> received =
          awaitSubscribers(options, subscribers, external, chainIntervals);
      List<IntervalSnapshot> intervalList =
          chainIntervals == null ? List.of() : chainIntervals.finish();
      return new Result(
          sent,
          received,
          relayPaths(paths, subscribers, route, external),
          subscriptionsPerLoop.stream()
              .map(perLoop -> perLoop.stream().mapToInt(Integer::intValue).sum())
              .toList(),
          subscriptionsPerLoop,
          intervalList);
    } finally {
      closeInReverse(endpoints, options.log());
    }
  }

  /**
   * Once {@code stop} completes (Ctrl-C): the publisher reports what it sent so far, the
   * subscribers what they received.
   */
  private static void endEarlyOn(
      CompletableFuture<?> stop, PublisherNode publisher, List<SubscriberNode> subscribers) {
    stop.thenRun(
        () -> {
          publisher.endEarly();
          subscribers.forEach(subscriber -> subscriber.stop("interrupted"));
        });
  }

  /**
   * The chain's relays, the publisher's first: each after the one it links to upstream. The metrics
   * and the interval probe, if any, are those of the last, the relay the subscribers use.
   */
  private static List<StartedRelay> startRelays(
      ChainOptions options,
      ServerCertificate certificate,
      ClientTrust trust,
      List<AutoCloseable> endpoints,
      RelayMetrics relayMetrics,
      RelayProbe relayProbe)
      throws IOException, InterruptedException {
    List<StartedRelay> relays = new ArrayList<>();
    for (int i = 0; i < options.relays(); i++) {
      StartedRelay upstream = i == 0 ? null : relays.get(i - 1);
      boolean last = i == options.relays() - 1;
      relays.add(
          startRelay(
              options,
              certificate,
              trust,
              endpoints,
              upstream,
              i + 1,
              last ? relayMetrics : null,
              last ? relayProbe : null));
    }
    return relays;
  }

  /** The publisher, connected to the first relay; its namespace is "live". */
  private static PublisherNode startPublisher(
      ChainOptions options,
      InetSocketAddress relay,
      ClientTrust trust,
      List<AutoCloseable> endpoints)
      throws IOException {
    PublisherNode publisher =
        PublisherNode.start(
            new PublisherNode.Config(
                relay,
                options.clientStack(),
                trust,
                new PublisherConfig(
                    "live", options.media(), options.durationMicros(), false, 500_000),
                options.objectsSent(),
                options.log()));
    endpoints.add(publisher);
    return publisher;
  }

  /** Every subscriber's report, ours in order and then the external one's. */
  private static List<SubscriberReport> awaitSubscribers(
      ChainOptions options,
      List<SubscriberNode> subscribers,
      ExternalSubscriber.Running external,
      ChainIntervals chainIntervals)
      throws IOException, InterruptedException {
    List<SubscriberReport> received = new ArrayList<>();
    for (int i = 0; i < subscribers.size(); i++) {
      received.add(Awaiting.await(subscribers.get(i).finished(), 20, "the subscribers to finish"));
      if (chainIntervals != null) {
        chainIntervals.subscriberDone(i);
      }
    }
    if (external != null) {
      received.add(
          Awaiting.await(
              external.finished(),
              EXTERNAL_FINISH_SECONDS,
              "the " + options.externalSubscriber().name() + " subscriber to finish"));
    }
    return received;
  }

  /**
   * The last relay's path to each subscriber, found by the relay-side port of its connection; the
   * external subscriber's last.
   */
  private static List<PathStats> relayPaths(
      Map<String, PathStats> paths,
      List<SubscriberNode> subscribers,
      SubscriberRoute.Opened route,
      ExternalSubscriber.Running external) {
    List<PathStats> relayPaths = new ArrayList<>();
    for (SubscriberNode subscriber : subscribers) {
      String suffix = ":" + route.relaySidePort(subscriber.localPort());
      relayPaths.add(
          paths.entrySet().stream()
              .filter(entry -> entry.getKey().endsWith(suffix))
              .map(Map.Entry::getValue)
              .findFirst()
              .orElse(PathStats.UNKNOWN));
    }
    if (external != null) {
      // its port is the browser's own: the one path no subscriber of ours claimed
      relayPaths.add(
          paths.values().stream()
              .filter(path -> !relayPaths.contains(path))
              .findFirst()
              .orElse(PathStats.UNKNOWN));
    }
    return relayPaths;
  }

  /** Closes what the chain opened, last first; a failure to close is logged, not thrown. */
  private static void closeInReverse(List<AutoCloseable> endpoints, Consumer<String> log) {
    for (int i = endpoints.size() - 1; i >= 0; i--) {
      try {
        endpoints.get(i).close();
      } catch (Exception e) {
        log.accept("closing: " + e.getMessage());
      }
    }
  }

  /** The project's subscribers: {@code options.subscribers()}, none with an external one. */
  private static List<SubscriberNode> startSubscribers(
      ChainOptions options,
      InetSocketAddress relayAddress,
      ClientTrust trust,
      List<String> tracks,
      List<SubscriberProbe> probes,
      List<AutoCloseable> endpoints)
      throws IOException, InterruptedException {
    List<SubscriberNode> subscribers = new ArrayList<>();
    int count = options.externalSubscriber() == null ? options.subscribers() : 0;
    for (int i = 0; i < count; i++) {
      int number = i + 1;
      SubscriberProbe probe = new SubscriberProbe(tracks, options.lateMicros());
      probes.add(probe);
      SubscriberConfig config =
          new SubscriberConfig(
              "live",
              tracks,
              options.lateMicros(),
              options.droppableTracks(),
              options.clockOffsetMicros(i),
              2_000_000);
      SubscriberNode subscriber =
          SubscriberNode.start(
              new SubscriberNode.Config(
                  relayAddress,
                  options.clientStack(),
                  trust,
                  config,
                  probe,
                  frame -> options.frames().accept(number, frame),
                  "subscriber " + number,
                  options.log()));
      subscribers.add(subscriber);
      endpoints.add(subscriber);
    }
    return subscribers;
  }

  /** A browser's start takes seconds, a loaded host's more: how long its SUBSCRIBEs may take. */
  static final long EXTERNAL_SUBSCRIBE_SECONDS = 60;

  /** After the publisher finished: how long the external subscriber may take to report. */
  static final long EXTERNAL_FINISH_SECONDS = 30;

  /** The external subscriber, started toward the route, or null when the chain has none. */
  private static ExternalSubscriber.Running startExternal(
      ChainOptions options,
      InetSocketAddress relayAddress,
      ServerCertificate certificate,
      List<String> tracks,
      List<AutoCloseable> endpoints)
      throws IOException {
    ExternalSubscriber subscriber = options.externalSubscriber();
    if (subscriber == null) {
      return null;
    }
    ExternalSubscriber.Target target =
        new ExternalSubscriber.Target(
            relayAddress,
            RelayUrl.DEFAULT_PATH,
            certificate.sha256Hex(),
            "live",
            tracks,
            options.lateMicros(),
            options.droppableTracks());
    ExternalSubscriber.Running running =
        subscriber.start(target, frame -> options.frames().accept(1, frame));
    endpoints.add(running);
    return running;
  }

  /**
   * Waits until the relay holds the external subscriber's subscriptions (the program says nothing
   * before its frames), or fails when the program ended or they did not come in time.
   */
  private static void awaitSubscriptions(
      StartedRelay relay, int expected, ExternalSubscriber.Running external)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + EXTERNAL_SUBSCRIBE_SECONDS * 1_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (subscriptionsPerLoop(relay).stream().mapToInt(Integer::intValue).sum() >= expected) {
        return;
      }
      if (external.finished().isDone()) {
        throw new IllegalStateException(
            "the subscriber ended before subscribing: " + external.finished().join().endReason());
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException(
        "the subscriber did not subscribe within " + EXTERNAL_SUBSCRIBE_SECONDS + " s");
  }

  private static ServerCertificate certificate;

  /**
   * Makes the relays' certificate now, so that a run measured for the host's noise does not count
   * keytool's JVM as another process ({@link #sharedCertificate}).
   */
  public static void prepare() throws IOException {
    sharedCertificate();
  }

  /**
   * The relays' self-signed certificate, one per process. Generating one runs keytool, a JVM of its
   * own (about 1.5 CPU seconds on 2 cores), which in a comparison's every run would compete with
   * the chain and land in the host's noise; the directory goes when the process ends.
   */
  public static synchronized ServerCertificate sharedCertificate() throws IOException {
    if (certificate == null) {
      Path directory = Files.createTempDirectory("moqbed-chain-");
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> deleteRecursively(directory), "moqbed-chain-cleanup"));
      certificate = ServerCertificate.selfSigned(directory);
    }
    return certificate;
  }

  /** The subscriptions each loop of {@code relay} serves now, read on that loop. */
  private static List<Integer> subscriptionsPerLoop(StartedRelay relay)
      throws IOException, InterruptedException {
    List<Integer> perLoop = new ArrayList<>();
    for (int index = 0; index < relay.loops().size(); index++) {
      Relay loopRelay = relay.relays().relay(index);
      CompletableFuture<Integer> count = new CompletableFuture<>();
      relay.loops().get(index).execute(() -> count.complete(loopRelay.subscriberStats().size()));
      perLoop.add(Awaiting.await(count, 5, "the relay's subscription count"));
    }
    return perLoop;
  }

  /** A started relay: its relay per loop, the loops, its address. */
  private record StartedRelay(
      RelayGroup relays, List<EventLoopScheduler> loops, InetSocketAddress address) {
    /** The first loop's relay (the only one with one loop). */
    Relay relay() {
      return relays.relay(0);
    }

    EventLoopScheduler loop() {
      return loops.get(0);
    }
  }

  /**
   * Starts relay number {@code number} on an ephemeral loopback port; with an {@code upstream}, it
   * connects to it first, on its own event loop.
   */
  private static StartedRelay startRelay(
      ChainOptions options,
      ServerCertificate certificate,
      ClientTrust trust,
      List<AutoCloseable> endpoints,
      StartedRelay upstream,
      int number,
      RelayMetrics relayMetrics,
      RelayProbe probe)
      throws IOException, InterruptedException {
    String name = options.relays() == 1 ? "relay" : "relay " + number;
    LiveStack roleStack = options.relayStack().forRole(name.replace(' ', '-'));
    // an external subscriber (a browser) reaches the last relay over WebTransport
    boolean browsers = options.externalSubscriber() != null && number == options.relays();
    LiveStack stack =
        browsers && roleStack.webTransportPath() == null
            ? roleStack.withWebTransport(RelayUrl.DEFAULT_PATH)
            : roleStack;
    Consumer<String> log = line -> options.log().accept(name + ": " + line);
    List<RelayNode.Attachment> attachments = new ArrayList<>();
    if (probe != null) {
      attachments.add(probe.asAttachment());
    }
    if (relayMetrics != null) {
      attachments.add(
          (relays, loops) -> {
            relayMetrics.attach(relays.relays(), loops);
            return () -> relayMetrics.detach(relays.relay(0));
          });
    }
    if (upstream != null) {
      attachments.add(
          (relays, loops) ->
              UpstreamLink.connect(
                  relays.relay(0),
                  loops.get(0),
                  upstream.address(),
                  "localhost",
                  stack,
                  trust,
                  log,
                  1_000_000));
    }
    RelayNode node =
        RelayNode.start(
            new RelayNode.Config(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                stack,
                certificate,
                ServerAdmission.DEFAULT,
                // Every role of the chain connects from this host's loopback address: the cap on
                // one address's sessions must not count the subscribers as one stranger's.
                RelayConfig.builder()
                    .maxSessionsPerAddress(
                        Math.max(
                            RelayConfig.DEFAULT_MAX_SESSIONS_PER_ADDRESS,
                            options.subscribers() + 2))
                    .build(),
                probe != null ? probe : relayMetrics == null ? RelayObserver.NONE : relayMetrics,
                log,
                options.relayLoopsOn(stack)),
            attachments);
    endpoints.add(node);
    return new StartedRelay(node.group(), node.loops(), node.address());
  }

  /** Keeps the latest known path statistics per subscriber session, every 100 ms. */
  private static void samplePaths(StartedRelay relay, Map<String, PathStats> paths) {
    for (int index = 0; index < relay.loops().size(); index++) {
      samplePaths(relay.relays().relay(index), relay.loops().get(index), paths);
    }
  }

  /** One loop's sessions, on that loop (the map is concurrent: every loop writes it). */
  private static void samplePaths(
      Relay relay, EventLoopScheduler loop, Map<String, PathStats> paths) {
    loop.scheduleAfter(
        100_000,
        () -> {
          for (SessionPath session : relay.subscriberPaths()) {
            if (session.path().smoothedRttMicros() >= 0) {
              paths.put(session.peer(), session.path());
            }
          }
          samplePaths(relay, loop, paths);
        });
  }

  private static long mediaDurationMicros(ChainOptions options) {
    if (options.durationMicros() > 0) {
      return options.durationMicros();
    }
    return options.media().flows().stream()
        .mapToLong(flow -> flow.durationMicros())
        .max()
        .orElse(0);
  }

  private static void deleteRecursively(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

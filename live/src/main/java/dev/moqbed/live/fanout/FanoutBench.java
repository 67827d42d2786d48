package dev.moqbed.live.fanout;

import dev.moqbed.live.ThrottledUdpLink;
import dev.moqbed.live.interval.IntervalRun;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.RelayProbe;
import dev.moqbed.live.node.Closer;
import dev.moqbed.live.node.PublisherNode;
import dev.moqbed.live.node.RelayNode;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.live.stack.ServerDatagrams;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.session.transport.PathStats;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * The fan-out benchmark: a relay and a publisher in this process, N subscribers in another one
 * ({@link SubscriberSwarm}, started with {@code swarmCommand}), all on loopback over real QUIC. The
 * publisher runs the media for warm-up + duration; only frames captured after the warm-up count.
 * The relay stamps each object's arrival, so each subscriber knows how long the object spent
 * between the relay's arrival and its own (one host, one clock). Optionally the first {@code slow}
 * subscribers sit behind a {@link ThrottledUdpLink}.
 */
public final class FanoutBench {
  /** Queue of a slow link, in time at its rate. */
  static final long SLOW_QUEUE_MICROS = 200_000;

  /**
   * The relay's and the publisher's idle timeout: the publisher sends nothing until the subscriber
   * process is up and subscribed, which on a loaded host takes longer than the default 10 s.
   */
  static final long IDLE_TIMEOUT_MICROS = 120_000_000;

  /** How often the relay process's heap is sampled during the measured window. */
  private static final long HEAP_SAMPLE_MILLIS = 500;

  /**
   * What to run.
   *
   * @param swarmCommand the command line that starts the subscriber process, to which the swarm's
   *     own options are appended
   * @param relayCpus the CPUs every thread of this process (relay, publisher, runtime) is pinned
   *     to, or null for no pinning
   * @param subscriberCpus the CPUs the subscriber process is pinned to, or null
   * @param loops the relay's event loops on the project's stack (quiche runs one)
   */
  public record Options(
      MediaSpec media,
      long durationMicros,
      long warmupMicros,
      int subscribers,
      int slow,
      long slowRateBitsPerSecond,
      LiveStack stack,
      long lateMicros,
      int subscriberThreads,
      List<String> swarmCommand,
      CpuSet relayCpus,
      CpuSet subscriberCpus,
      int loops,
      Consumer<String> progress,
      Consumer<String> log) {
    public Options {
      if (loops < 1) {
        throw new IllegalArgumentException("--loops " + loops + ": expected at least 1");
      }
      if (subscribers < 1 || slow < 0 || slow >= subscribers + 1) {
        throw new IllegalArgumentException("need 1+ subscribers and at most that many slow ones");
      }
      swarmCommand = List.copyOf(swarmCommand);
    }

    /** The same run with another number of subscribers and another stack. */
    public Options with(int subscribers, LiveStack stack) {
      return new Options(
          media,
          durationMicros,
          warmupMicros,
          subscribers,
          slow,
          slowRateBitsPerSecond,
          stack,
          lateMicros,
          subscriberThreads,
          swarmCommand,
          relayCpus,
          subscriberCpus,
          loops,
          progress,
          log);
    }

    /** The relay's loops on {@code stack}: {@link #loops()}, one on quiche. */
    public int loopsOn(LiveStack stack) {
      return stack.transport() == LiveTransport.QUICHE ? 1 : loops;
    }
  }

  /** One group (fast or slow subscribers) and track. */
  public record Row(
      String group,
      String track,
      int subscribers,
      long expected,
      long delivered,
      Histogram endToEnd,
      Histogram added) {}

  /**
   * @param relayCpuPercent the relay thread's CPU time over the measured window, in percent of one
   *     core
   * @param relayWaitPercent the time the relay thread was runnable but waited for a CPU (other
   *     threads, other processes), in percent of the measured window; -1 when unknown
   * @param relayProcessCpuPercent the relay's whole process (relay thread, publisher, garbage
   *     collector, compiler) over the window, in percent of one core; -1 when unknown
   * @param swarmCpuPercent the subscribers' process over the window, in percent of one core; -1
   *     when unknown
   * @param swarmGcMillis the time the subscribers' garbage collectors counted over the window
   *     (stop-the-world for the serial collector a one-CPU process gets): frames arriving then are
   *     timed late; -1 when unknown
   * @param swarmGcCollections their collections over the window; -1 when unknown
   * @param heapMaxMegabytes the largest heap use sampled (every 500 ms) in the relay's process
   * @param heapAfterGcMegabytes heap in use after a full collection at the end: what stays live
   * @param loadAverage the host's one-minute load average at the end
   * @param relayDatagrams the datagrams the relay's sockets received and sent over the window
   *     (unknown on quiche)
   * @param publisherPacketsSent the packets the publisher sent the relay over the window (-1:
   *     unknown): the part of what the relay received that did not come from subscribers
   * @param publisherPath the publisher's path to the relay at the end of the media
   * @param intervals the relay's intervals over the measured window (empty when none were asked)
   */
  public record Result(
      String transport,
      String controller,
      int relayLoops,
      int subscribers,
      int connected,
      List<Row> rows,
      long measuredMicros,
      long relayCpuMillis,
      double relayCpuPercent,
      double relayWaitPercent,
      double relayProcessCpuPercent,
      double swarmCpuPercent,
      long swarmGcMillis,
      long swarmGcCollections,
      double heapMaxMegabytes,
      double heapAfterGcMegabytes,
      double loadAverage,
      long slowLinkDrops,
      ServerDatagrams.Counts relayDatagrams,
      long publisherPacketsSent,
      PathStats publisherPath,
      List<IntervalSnapshot> intervals) {

    /**
     * Datagrams the relay received per connected subscriber and second of the window, the
     * publisher's left out: almost all of them the subscribers' ACKs; -1 when unknown.
     */
    public double datagramsReceivedPerSubscriberSecond() {
      if (relayDatagrams.received() < 0 || publisherPacketsSent < 0) {
        return -1;
      }
      return perSubscriberSecond(relayDatagrams.received() - publisherPacketsSent);
    }

    /** Datagrams the relay sent per connected subscriber and second of the window; -1: unknown. */
    public double datagramsSentPerSubscriberSecond() {
      return relayDatagrams.sent() < 0 ? -1 : perSubscriberSecond(relayDatagrams.sent());
    }

    /**
     * The relay thread's CPU per datagram it sent, in nanoseconds: the cost of forwarding, whatever
     * share of the media the host's load let through; -1 when unknown.
     */
    public double relayCpuNanosPerDatagramSent() {
      return relayDatagrams.sent() <= 0 ? -1 : relayCpuMillis * 1e6 / relayDatagrams.sent();
    }

    private double perSubscriberSecond(long datagrams) {
      return connected == 0 || measuredMicros <= 0
          ? -1
          : datagrams * 1e6 / measuredMicros / connected;
    }

    /** The relay thread's CPU per connected subscriber, in percent of one core. */
    public double relayCpuPerSubscriberPercent() {
      return connected == 0 ? 0 : relayCpuPercent / connected;
    }

    /**
     * The subscribers' process CPU per connected subscriber, in percent of one core; -1: unknown.
     */
    public double swarmCpuPerSubscriberPercent() {
      return connected == 0 || swarmCpuPercent < 0 ? -1 : swarmCpuPercent / connected;
    }
  }

  private FanoutBench() {}

  public static Result run(Options options) throws IOException, InterruptedException {
    return run(options, 0, interval -> {});
  }

  /**
   * Runs the benchmark; every {@code intervalMicros} of the measured window (0: never) the relay
   * reports what it forwarded and dropped and its paths to the subscribers, to {@code intervals} on
   * a printing thread. The subscribers' latency stays in their own process until the end.
   */
  public static Result run(
      Options options, long intervalMicros, Consumer<IntervalSnapshot> intervals)
      throws IOException, InterruptedException {
    Path certificateDirectory = Files.createTempDirectory("moqbed-fanout-");
    Closer closer = new Closer();
    try {
      ServerCertificate certificate = ServerCertificate.selfSigned(certificateDirectory);
      RelayProbe probe = intervalMicros > 0 ? new RelayProbe(RelayObserver.NONE) : null;
      LiveStack stack = options.stack().withIdleTimeout(IDLE_TIMEOUT_MICROS);
      ServerDatagrams relayDatagrams = new ServerDatagrams();
      RelayNode relay =
          closer.add(
              RelayNode.start(
                  relayConfig(
                      options, stack.withServerDatagrams(relayDatagrams), certificate, probe),
                  probe == null ? List.of() : List.of(probe.asAttachment())));
      if (options.relayCpus() != null) {
        options.relayCpus().pinProcess(ProcessHandle.current().pid());
      }
      ExpectedObjects expected = new ExpectedObjects();
      PublisherNode publisher =
          closer.add(
              PublisherNode.start(
                  new PublisherNode.Config(
                      relay.address(),
                      stack,
                      ClientTrust.pinned(certificate.certificate()),
                      new PublisherConfig(
                          "live",
                          options.media(),
                          options.warmupMicros() + options.durationMicros(),
                          false,
                          500_000),
                      expected::onObjectSent,
                      options.log())));
      publisher.awaitAnnounced(10);
      List<ThrottledUdpLink> slowLinks = new ArrayList<>();
      for (int i = 0; i < options.slow(); i++) {
        slowLinks.add(
            closer.add(
                ThrottledUdpLink.start(
                    relay.address(), options.slowRateBitsPerSecond(), SLOW_QUEUE_MICROS)));
      }
      SwarmProcess swarm =
          closer.add(
              SwarmProcess.start(
                  swarmCommand(options, relay.address(), certificate, slowLinks), options.log()));
      return measure(
          options,
          new Sides(relay, relayDatagrams, publisher, swarm),
          expected,
          slowLinks,
          probe,
          intervalMicros,
          intervals);
    } finally {
      closeQuietly(closer, options);
      deleteRecursively(certificateDirectory);
    }
  }

  /** What the measured part reads: the relay, its sockets' counts, the publisher, the swarm. */
  private record Sides(
      RelayNode relay,
      ServerDatagrams relayDatagrams,
      PublisherNode publisher,
      SwarmProcess swarm) {}

  /**
   * The measured part: the swarm gets ready, the media starts, the window runs until the publisher
   * has sent its last frame, and the swarm reports.
   */
  private static Result measure(
      Options options,
      Sides sides,
      ExpectedObjects expected,
      List<ThrottledUdpLink> slowLinks,
      RelayProbe probe,
      long intervalMicros,
      Consumer<IntervalSnapshot> intervals)
      throws IOException, InterruptedException {
    RelayNode relay = sides.relay();
    PublisherNode publisher = sides.publisher();
    SwarmProcess swarm = sides.swarm();
    SwarmProcess.Ready ready =
        swarm.awaitReady(
            TimeUnit.SECONDS.toNanos(90 + options.subscribers() / 5),
            connected ->
                options.progress().accept("connected " + connected + "/" + options.subscribers()));
    long mediaMicros = options.warmupMicros() + options.durationMicros();
    options
        .progress()
        .accept(
            (ready.fast() + ready.slow())
                + " of "
                + options.subscribers()
                + " subscribers connected and subscribed; media for "
                + mediaMicros / 1_000_000
                + " s ...");
    long from = EventLoopScheduler.wallClockMicros() + options.warmupMicros();
    expected.measureFrom(from);
    swarm.measureFrom(from);
    publisher.startMedia();
    IntervalRun intervalRun =
        probe == null
            ? null
            : IntervalRun.start(
                relay.loop(), probe, from, intervalMicros, options.durationMicros(), intervals);
    if (intervalRun != null) {
      // The last interval ends with the media, while the subscribers are still connected.
      publisher.finished().thenRun(intervalRun::stop);
    }
    sleepUntil(from);
    long publisherSentAtStart = publisher.pathStats().packetsSent();
    WindowMeter meter = WindowMeter.start(relay.loops(), swarm, sides.relayDatagrams());
    awaitMedia(options, publisher, meter, mediaMicros / 1_000_000 + 20);
    WindowMeter.Usage usage = meter.finish();
    PathStats publisherPath = publisher.pathStats();
    List<IntervalSnapshot> intervalList = List.of();
    if (intervalRun != null) {
      intervalRun.stop();
      intervalList = intervalRun.await();
    }
    SwarmProcess.Report report = swarm.awaitReport(Duration.ofSeconds(15));
    System.gc();
    double heapAfterGc = WindowMeter.usedHeapBytes() / 1e6;
    long wallNanos = usage.wallNanos();
    ThreadTimes relayThread = usage.relayThread();
    return new Result(
        options.stack().transport().id(),
        options.stack().controller(),
        options.loopsOn(options.stack()),
        options.subscribers(),
        ready.fast() + ready.slow(),
        rows(report, ready, expected),
        wallNanos / 1_000,
        TimeUnit.NANOSECONDS.toMillis(relayThread.cpuNanos()),
        percentOf(relayThread.cpuNanos(), wallNanos),
        percentOf(relayThread.waitNanos(), wallNanos),
        percentOf(usage.relayProcessCpuNanos(), wallNanos),
        percentOf(usage.swarmCpuNanos(), wallNanos),
        report.gc() == null ? -1 : report.gc().millis(),
        report.gc() == null ? -1 : report.gc().collections(),
        usage.heapMaxBytes() / 1e6,
        heapAfterGc,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        slowLinks.stream().mapToLong(ThrottledUdpLink::droppedPackets).sum(),
        usage.relayDatagrams(),
        sentSince(publisherPath, publisherSentAtStart),
        publisherPath,
        intervalList);
  }

  /**
   * Waits until the publisher sent its last frame, sampling the heap; past the deadline, goes on.
   */
  private static void awaitMedia(
      Options options, PublisherNode publisher, WindowMeter meter, long deadlineSeconds)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(deadlineSeconds);
    while (!publisher.finished().isDone()) {
      meter.sampleHeap();
      if (System.nanoTime() > deadline) {
        // Report what arrived rather than nothing: an overloaded host is a result too.
        options
            .progress()
            .accept(
                "the publisher did not finish within "
                    + deadlineSeconds
                    + " s; reporting what arrived");
        return;
      }
      Thread.sleep(HEAP_SAMPLE_MILLIS);
    }
  }

  private static List<Row> rows(
      SwarmProcess.Report report, SwarmProcess.Ready ready, ExpectedObjects expected) {
    List<Row> rows = new ArrayList<>();
    for (TrackLatency latency : report.latencies()) {
      int members = latency.group().equals("slow") ? ready.slow() : ready.fast();
      rows.add(
          new Row(
              latency.group(),
              latency.track(),
              members,
              members * expected.perSubscriber(latency.track()),
              latency.delivered(),
              latency.endToEnd(),
              latency.added()));
    }
    return rows;
  }

  /**
   * The relay as the benchmark runs it: every subscriber of the swarm connects from this host's
   * loopback address, many at once, so the per-address caps on pending setups and on sessions must
   * not count them as a flood, nor the handshake budget (the set-up is not the test).
   */
  private static RelayNode.Config relayConfig(
      Options options, LiveStack stack, ServerCertificate certificate, RelayProbe probe) {
    return new RelayNode.Config(
        new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
        stack,
        certificate,
        ServerAdmission.UNTHROTTLED,
        RelayConfig.builder()
            .maxPendingSetupsPerAddress(
                Math.max(
                    RelayConfig.DEFAULT_MAX_PENDING_SETUPS_PER_ADDRESS, options.subscribers() + 1))
            .maxSessionsPerAddress(
                Math.max(RelayConfig.DEFAULT_MAX_SESSIONS_PER_ADDRESS, options.subscribers() + 1))
            .build(),
        probe == null ? RelayObserver.NONE : probe,
        line -> options.log().accept("relay: " + line),
        options.loopsOn(stack));
  }

  /**
   * The swarm's command line: pinned when asked, then the given command and the swarm's options.
   */
  private static List<String> swarmCommand(
      Options options,
      InetSocketAddress relay,
      ServerCertificate certificate,
      List<ThrottledUdpLink> slowLinks) {
    List<String> command = new ArrayList<>();
    if (options.subscriberCpus() != null) {
      command.addAll(options.subscriberCpus().commandPrefix());
    }
    command.addAll(options.swarmCommand());
    command.addAll(
        List.of(
            "--relay",
            "127.0.0.1:" + relay.getPort(),
            "--relay-cert",
            certificate.certificateFile().toString(),
            "--subscribers",
            Integer.toString(options.subscribers()),
            "--threads",
            Integer.toString(options.subscriberThreads()),
            "--transport",
            options.stack().transport().id(),
            "--cc",
            options.stack().controller(),
            "--late",
            options.lateMicros() + "us",
            "--tracks",
            String.join(",", options.media().flows().stream().map(MediaFlow::id).toList())));
    if (!slowLinks.isEmpty()) {
      command.add("--slow-via");
      command.add(
          String.join(
              ",",
              slowLinks.stream().map(l -> "127.0.0.1:" + l.localAddress().getPort()).toList()));
    }
    return command;
  }

  /** Packets sent on {@code path} since {@code start} of them; -1 when either is unknown. */
  private static long sentSince(PathStats path, long start) {
    return path.packetsSent() < 0 || start < 0 ? -1 : path.packetsSent() - start;
  }

  private static double percentOf(long nanos, long wallNanos) {
    return nanos < 0 || wallNanos <= 0 ? -1 : 100.0 * nanos / wallNanos;
  }

  private static void closeQuietly(Closer closer, Options options) {
    try {
      closer.closeAll();
    } catch (Exception e) {
      options.log().accept("closing: " + e.getMessage());
    }
  }

  private static void sleepUntil(long wallMicros) throws InterruptedException {
    long wait = wallMicros - EventLoopScheduler.wallClockMicros();
    if (wait > 0) {
      TimeUnit.MICROSECONDS.sleep(wait);
    }
  }

  private static void deleteRecursively(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind is harmless
    }
  }
}

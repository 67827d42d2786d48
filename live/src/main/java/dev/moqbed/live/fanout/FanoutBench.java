package dev.moqbed.live.fanout;

import dev.moqbed.live.ThrottledUdpLink;
import dev.moqbed.live.interval.IntervalRun;
import dev.moqbed.live.interval.IntervalSnapshot;
import dev.moqbed.live.interval.RelayProbe;
import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.ServerAdmission;
import dev.moqbed.live.stack.ServerEndpoint;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.publisher.PublisherReport;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.session.transport.TransportConnection;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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

  /**
   * What to run.
   *
   * @param swarmCommand the command line that starts the subscriber process, to which the swarm's
   *     own options are appended
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
      Consumer<String> progress,
      Consumer<String> log) {
    public Options {
      if (subscribers < 1 || slow < 0 || slow >= subscribers + 1) {
        throw new IllegalArgumentException("need 1+ subscribers and at most that many slow ones");
      }
      swarmCommand = List.copyOf(swarmCommand);
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
   * @param heapMaxMegabytes the largest heap use sampled (every 500 ms) in the relay's process
   * @param heapAfterGcMegabytes heap in use after a full collection at the end: what stays live
   * @param loadAverage the host's one-minute load average at the end
   * @param publisherPath the publisher's path to the relay at the end of the media (quiche's view)
   * @param intervals the relay's intervals over the measured window (empty when none were asked)
   */
  public record Result(
      int subscribers,
      int connected,
      List<Row> rows,
      long measuredMicros,
      long relayCpuMillis,
      double relayCpuPercent,
      double relayWaitPercent,
      double heapMaxMegabytes,
      double heapAfterGcMegabytes,
      double loadAverage,
      long swarmCpuMillis,
      long slowLinkDrops,
      PathStats publisherPath,
      List<IntervalSnapshot> intervals) {}

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
    List<AutoCloseable> endpoints = new ArrayList<>();
    Process swarm = null;
    try {
      ServerCertificate certificate = ServerCertificate.selfSigned(certificateDirectory);
      Relay[] relay = new Relay[1];
      RelayProbe probe = intervalMicros > 0 ? new RelayProbe(RelayObserver.NONE) : null;
      LiveStack stack = options.stack().withIdleTimeout(IDLE_TIMEOUT_MICROS);
      ServerEndpoint server =
          stack.listen(
              new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
              certificate,
              FanoutProtocol.VERSION.alpn(),
              // the swarm's hundreds of connects from one address are the set-up, not the test
              ServerAdmission.UNTHROTTLED,
              connection -> relay[0].serve(connection.transport(), FanoutProtocol.VERSION));
      relay[0] =
          new Relay(
              server.scheduler(),
              // Every subscriber of the swarm connects from this host's loopback address, many
              // at once: the per-address caps on pending setups and on sessions must not count
              // them as a flood.
              RelayConfig.builder()
                  .maxPendingSetupsPerAddress(
                      Math.max(
                          RelayConfig.DEFAULT_MAX_PENDING_SETUPS_PER_ADDRESS,
                          options.subscribers() + 1))
                  .maxSessionsPerAddress(
                      Math.max(
                          RelayConfig.DEFAULT_MAX_SESSIONS_PER_ADDRESS, options.subscribers() + 1))
                  .build(),
              line -> options.log().accept("relay: " + line),
              probe == null ? RelayObserver.NONE : probe);
      if (probe != null) {
        probe.attach(relay[0]);
      }
      endpoints.add(server);
      long relayThread = threadOf(server.scheduler());
      EventLoopScheduler relayLoop = server.scheduler();

      AtomicLong measureFrom = new AtomicLong(Long.MAX_VALUE);
      Map<String, AtomicLong> expectedPerSubscriber = new ConcurrentHashMap<>();
      CompletableFuture<Void> announced = new CompletableFuture<>();
      CompletableFuture<PublisherReport> published = new CompletableFuture<>();
      Publisher[] publisher = new Publisher[1];
      TransportConnection[] publisherConnection = new TransportConnection[1];
      PublisherConfig publisherConfig =
          new PublisherConfig(
              "live",
              options.media(),
              options.warmupMicros() + options.durationMicros(),
              false,
              500_000);
      PublisherEvents publisherEvents =
          new PublisherEvents() {
            @Override
            public void onAnnounced() {
              announced.complete(null);
            }

            @Override
            public void onObjectSent(MediaObject object) {
              if (object.captureTimeMicros() >= measureFrom.get()) {
                expectedPerSubscriber
                    .computeIfAbsent(object.track().name(), t -> new AtomicLong())
                    .incrementAndGet();
              }
            }

            @Override
            public void onMediaFinished(PublisherReport report) {
              published.complete(report);
            }

            @Override
            public void onLog(String line) {
              options.log().accept("publisher: " + line);
            }
          };
      ClientEndpoint publisherClient =
          stack.connect(
              server.localAddress(),
              "localhost",
              ClientTrust.pinned(certificate.certificate()),
              FanoutProtocol.VERSION.alpn(),
              connection -> {
                publisherConnection[0] = connection.transport();
                publisher[0] =
                    new Publisher(connection.scheduler(), publisherConfig, publisherEvents);
                MoqtSession.client(connection.transport(), publisher[0], FanoutProtocol.VERSION);
              },
              null);
      endpoints.add(publisherClient);
      await(announced, 10, "the relay to accept the publisher's namespace");

      List<ThrottledUdpLink> slowLinks = new ArrayList<>();
      for (int i = 0; i < options.slow(); i++) {
        ThrottledUdpLink link =
            ThrottledUdpLink.start(
                server.localAddress(), options.slowRateBitsPerSecond(), SLOW_QUEUE_MICROS);
        slowLinks.add(link);
        endpoints.add(link);
      }

      List<String> tracks = options.media().flows().stream().map(MediaFlow::id).toList();
      List<String> command = new ArrayList<>(options.swarmCommand());
      command.addAll(
          List.of(
              "--relay",
              "127.0.0.1:" + server.localAddress().getPort(),
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
              String.join(",", tracks)));
      if (!slowLinks.isEmpty()) {
        command.add("--slow-via");
        command.add(
            String.join(
                ",",
                slowLinks.stream().map(l -> "127.0.0.1:" + l.localAddress().getPort()).toList()));
      }
      swarm = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE).start();
      Process process = swarm;
      BlockingQueue<String> lines = new LinkedBlockingQueue<>();
      ArrayDeque<String> swarmErrors = new ArrayDeque<>();
      pipe(process.getInputStream(), lines::add, "moqbed-swarm-out");
      pipe(
          process.getErrorStream(),
          line -> {
            options.log().accept("swarm: " + line);
            synchronized (swarmErrors) {
              swarmErrors.add(line);
              if (swarmErrors.size() > 5) {
                swarmErrors.poll();
              }
            }
          },
          "moqbed-swarm-err");
      PrintWriter toSwarm =
          new PrintWriter(
              new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);

      String ready = null;
      long readyDeadline =
          System.nanoTime() + TimeUnit.SECONDS.toNanos(90 + options.subscribers() / 5);
      while (ready == null) {
        String line =
            lines.poll(Math.max(1, readyDeadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (line == null) {
          throw new IOException(
              "the subscriber process did not get ready: " + lastLines(swarmErrors));
        }
        if (line.startsWith(FanoutProtocol.CONNECTED)) {
          options
              .progress()
              .accept("connected " + line.split(" ")[1] + "/" + options.subscribers());
        } else if (line.startsWith(FanoutProtocol.READY)) {
          ready = line;
        } else if (line.equals(EOF)) {
          throw new IOException("the subscriber process ended: " + lastLines(swarmErrors));
        }
      }
      String[] readyFields = ready.split(" ");
      int fast = Integer.parseInt(readyFields[1]);
      int slow = Integer.parseInt(readyFields[2]);
      options
          .progress()
          .accept(
              (fast + slow)
                  + " of "
                  + options.subscribers()
                  + " subscribers connected and subscribed;"
                  + " media for "
                  + (options.warmupMicros() + options.durationMicros()) / 1_000_000
                  + " s ...");

      long from = EventLoopScheduler.wallClockMicros() + options.warmupMicros();
      measureFrom.set(from);
      toSwarm.println(FanoutProtocol.MEASURE_FROM + " " + from);
      Publisher started = publisher[0];
      publisherClient.scheduler().execute(started::startMedia);
      IntervalRun intervalRun =
          probe == null
              ? null
              : IntervalRun.start(
                  relayLoop, probe, from, intervalMicros, options.durationMicros(), intervals);
      if (intervalRun != null) {
        // The last interval ends with the media, while the subscribers are still connected.
        published.thenRun(intervalRun::stop);
      }

      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      sleepUntil(from);
      long cpuStart = threads.getThreadCpuTime(relayThread);
      ThreadTimes schedStart = ThreadTimes.of(relayLoop);
      long wallStart = System.nanoTime();
      long heapMax = 0;
      long mediaSeconds = (options.warmupMicros() + options.durationMicros()) / 1_000_000 + 20;
      long publishDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(mediaSeconds);
      while (!published.isDone()) {
        heapMax = Math.max(heapMax, usedHeap());
        if (System.nanoTime() > publishDeadline) {
          // Report what arrived rather than nothing: an overloaded host is a result too.
          options
              .progress()
              .accept(
                  "the publisher did not finish within "
                      + mediaSeconds
                      + " s; reporting what arrived");
          break;
        }
        Thread.sleep(500);
      }
      long cpuEnd = threads.getThreadCpuTime(relayThread);
      ThreadTimes sched = ThreadTimes.of(relayLoop).since(schedStart);
      PathStats publisherPath = pathOf(publisherConnection[0], publisherClient.scheduler());
      long wallEnd = System.nanoTime();
      List<IntervalSnapshot> intervalList = List.of();
      if (intervalRun != null) {
        intervalRun.stop();
        intervalList = intervalRun.await();
      }

      List<TrackLatency> latencies = new ArrayList<>();
      long swarmCpu = -1;
      long doneDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
      boolean stopSent = false;
      while (swarmCpu < 0) {
        String line = lines.poll(1, TimeUnit.SECONDS);
        if (line == null) {
          if (System.nanoTime() > doneDeadline) {
            if (stopSent) {
              throw new IOException(
                  "the subscriber process did not report: " + lastLines(swarmErrors));
            }
            toSwarm.println(FanoutProtocol.STOP);
            stopSent = true;
            doneDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
          }
          continue;
        }
        if (line.startsWith(FanoutProtocol.LATENCY)) {
          latencies.add(TrackLatency.decode(line.substring(FanoutProtocol.LATENCY.length())));
        } else if (line.startsWith(FanoutProtocol.DONE)) {
          swarmCpu = Long.parseLong(line.split(" ")[1]);
        } else if (line.equals(EOF)) {
          throw new IOException("the subscriber process ended early: " + lastLines(swarmErrors));
        }
      }
      toSwarm.close();
      process.waitFor(10, TimeUnit.SECONDS);

      List<Row> rows = new ArrayList<>();
      for (TrackLatency latency : latencies) {
        int members = latency.group().equals("slow") ? slow : fast;
        AtomicLong perSubscriber = expectedPerSubscriber.get(latency.track());
        long expected = members * (perSubscriber == null ? 0 : perSubscriber.get());
        rows.add(
            new Row(
                latency.group(),
                latency.track(),
                members,
                expected,
                latency.delivered(),
                latency.endToEnd(),
                latency.added()));
      }
      long drops = slowLinks.stream().mapToLong(ThrottledUdpLink::droppedPackets).sum();
      System.gc();
      double heapAfterGc = usedHeap() / 1e6;
      double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
      long cpuNanos = cpuEnd - cpuStart;
      long wallNanos = wallEnd - wallStart;
      return new Result(
          options.subscribers(),
          fast + slow,
          rows,
          wallNanos / 1_000,
          TimeUnit.NANOSECONDS.toMillis(cpuNanos),
          wallNanos <= 0 ? 0 : 100.0 * cpuNanos / wallNanos,
          sched.waitNanos() < 0 || wallNanos <= 0 ? -1 : 100.0 * sched.waitNanos() / wallNanos,
          heapMax / 1e6,
          heapAfterGc,
          load,
          swarmCpu,
          drops,
          publisherPath,
          intervalList);
    } finally {
      if (swarm != null && swarm.isAlive()) {
        swarm.destroy();
        if (!swarm.waitFor(5, TimeUnit.SECONDS)) {
          swarm.destroyForcibly();
        }
      }
      for (int i = endpoints.size() - 1; i >= 0; i--) {
        try {
          endpoints.get(i).close();
        } catch (Exception e) {
          options.log().accept("closing: " + e.getMessage());
        }
      }
      deleteRecursively(certificateDirectory);
    }
  }

  private static final String EOF = "\u0000EOF";

  private static void pipe(java.io.InputStream stream, Consumer<String> sink, String name) {
    Thread thread =
        new Thread(
            () -> {
              try (BufferedReader reader =
                  new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                  sink.accept(line);
                }
              } catch (IOException e) {
                // the process went away; EOF follows
              }
              sink.accept(EOF);
            },
            name);
    thread.setDaemon(true);
    thread.start();
  }

  private static String lastLines(ArrayDeque<String> errors) {
    synchronized (errors) {
      return errors.isEmpty() ? "(no message)" : String.join(" | ", errors);
    }
  }

  private static long threadOf(EventLoopScheduler loop) throws IOException, InterruptedException {
    CompletableFuture<Long> id = new CompletableFuture<>();
    loop.execute(() -> id.complete(Thread.currentThread().getId()));
    return await(id, 5, "the relay's event loop");
  }

  private static PathStats pathOf(TransportConnection connection, EventLoopScheduler loop)
      throws IOException, InterruptedException {
    CompletableFuture<PathStats> stats = new CompletableFuture<>();
    loop.execute(() -> stats.complete(connection.pathStats()));
    return await(stats, 5, "the publisher's path statistics");
  }

  private static long usedHeap() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static void sleepUntil(long wallMicros) throws InterruptedException {
    long wait = wallMicros - EventLoopScheduler.wallClockMicros();
    if (wait > 0) {
      TimeUnit.MICROSECONDS.sleep(wait);
    }
  }

  private static <T> T await(CompletableFuture<T> future, long seconds, String what)
      throws IOException, InterruptedException {
    try {
      return future.get(seconds, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IOException("timed out after " + seconds + " s waiting for " + what);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IOException("failed waiting for " + what + ": " + e.getCause(), e.getCause());
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

package dev.moqbed.live.fanout;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveConnection;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.live.stack.SharedClientSocket;
import dev.moqbed.media.FrameKind;
import dev.moqbed.media.moqt.ObjectPayloads;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.SharedEventLoops;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.transport.TransportConnection;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The subscriber side of the fan-out benchmark, in its own process: N subscribers, each with its
 * own QUIC connection and UDP socket, sharing a few event-loop threads. It talks to the benchmark
 * over standard input and output ({@link FanoutProtocol}): it reports {@code READY} once every
 * subscription is answered, learns from which capture time to measure, and, once every subscriber
 * is done (or told to stop), prints one latency line per group and track.
 *
 * @param slowAddresses the first subscribers connect through these addresses (slow links in front
 *     of them) instead of {@code relay}; they form the group "slow", the others "fast"
 * @param subscribersPerSocket on the project's stack, how many fast subscribers share one UDP
 *     socket ({@link SharedClientSocket}); 1 gives each its own, as every slow subscriber has
 */
public record SubscriberSwarm(
    InetSocketAddress relay,
    List<InetSocketAddress> slowAddresses,
    ClientTrust trust,
    LiveStack stack,
    int subscribers,
    int threads,
    List<String> tracks,
    long lateMicros,
    int subscribersPerSocket) {

  /** The name the relay's certificate is checked against (the benchmark's relay is local). */
  private static final String SERVER_NAME = "localhost";

  public SubscriberSwarm {
    if (subscribersPerSocket < 1) {
      throw new IllegalArgumentException("at least one subscriber per socket");
    }
  }

  /**
   * Runs the swarm, talking to the benchmark on {@code in} / {@code out}; returns the exit code.
   */
  public int run(java.io.InputStream in, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    Measurement measurement = new Measurement(latencies(), subscribers);
    long cpuBefore = processCpuNanos();
    try (SharedEventLoops loops = SharedEventLoops.start(threads)) {
      List<SharedClientSocket> sockets = new ArrayList<>();
      List<ClientEndpoint> clients = connectAll(loops, sockets, measurement, out, err);
      long answerSeconds = 30 + subscribers / 10;
      if (!measurement.answered.await(answerSeconds, TimeUnit.SECONDS)) {
        err.println("not every subscription was answered within " + answerSeconds + " s");
      }
      int slowAccepted = measurement.slowAccepted.get();
      out.println(
          FanoutProtocol.READY
              + " "
              + (measurement.accepted.get() - slowAccepted)
              + " "
              + slowAccepted);
      out.flush();
      listenForCommands(in, measurement, err);
      measurement.finished.await();
      for (ClientEndpoint client : clients) {
        client.close();
      }
      for (SharedClientSocket socket : sockets) {
        socket.close();
      }
    }
    for (TrackLatency latency : measurement.latencies.values()) {
      out.println(FanoutProtocol.LATENCY + " " + latency.encode());
    }
    GcTime gc = GcTime.now().since(measurement.gcAtWindowStart.get());
    out.println(FanoutProtocol.GC + " " + gc.collections() + " " + gc.millis());
    out.println(
        FanoutProtocol.DONE + " " + TimeUnit.NANOSECONDS.toMillis(processCpuNanos() - cpuBefore));
    out.flush();
    return 0;
  }

  /** One latency per group ("fast", and "slow" with slow links) and track, keyed "group/track". */
  private Map<String, TrackLatency> latencies() {
    Map<String, TrackLatency> latencies = new LinkedHashMap<>();
    for (String group : slowAddresses.isEmpty() ? List.of("fast") : List.of("fast", "slow")) {
      for (String track : tracks) {
        latencies.put(group + "/" + track, new TrackLatency(group, track));
      }
    }
    return latencies;
  }

  /**
   * Connects every subscriber, the slow ones first, telling the benchmark every 50; one that cannot
   * connect is said on {@code err} and counted as answered and finished. The sockets made for
   * subscribers to share are added to {@code sockets}.
   */
  private List<ClientEndpoint> connectAll(
      SharedEventLoops loops,
      List<SharedClientSocket> sockets,
      Measurement measurement,
      PrintStream out,
      PrintStream err) {
    List<Subscriber> started = new ArrayList<>();
    List<ClientEndpoint> clients = new ArrayList<>();
    SubscriberConfig config = config(tracks, lateMicros);
    for (int i = 0; i < subscribers; i++) {
      boolean slow = i < slowAddresses.size();
      SubscriberEvents events = measurement.events(slow, err);
      InetSocketAddress target = slow ? slowAddresses.get(i) : relay;
      Consumer<LiveConnection> onConnected =
          connection -> {
            Subscriber subscriber =
                attach(connection.transport(), connection.scheduler(), config, events);
            synchronized (started) {
              started.add(subscriber);
            }
          };
      try {
        int fastIndex = i - slowAddresses.size();
        if (slow || !sharesSockets()) {
          clients.add(
              stack.connect(
                  target,
                  SERVER_NAME,
                  trust,
                  FanoutProtocol.VERSION.alpn(),
                  onConnected,
                  loops.next()));
        } else {
          if (fastIndex % subscribersPerSocket == 0) {
            sockets.add(
                stack.clientSocket(
                    SERVER_NAME, trust, FanoutProtocol.VERSION.alpn(), loops.next()));
          }
          clients.add(stack.connectVia(sockets.get(sockets.size() - 1), target, onConnected));
        }
      } catch (IOException | RuntimeException e) {
        err.println("subscriber " + (i + 1) + ": " + e.getMessage());
        measurement.answered.countDown();
        measurement.finished.countDown();
      }
      if ((i + 1) % 50 == 0) {
        out.println(FanoutProtocol.CONNECTED + " " + (i + 1));
        out.flush();
      }
    }
    return clients;
  }

  /** Whether fast subscribers share sockets: on the project's stack, when asked for. */
  private boolean sharesSockets() {
    return subscribersPerSocket > 1 && stack.transport() == LiveTransport.MOQBED;
  }

  /**
   * What every subscriber of the swarm asks for: {@code vmid} frames later than {@code late} stop.
   * Its reports keep no latency histograms: the swarm records into one per group and track, where
   * each subscriber's own took about 1.5 MB (600 MB of heap at 400 subscribers).
   */
  static SubscriberConfig config(List<String> tracks, long lateMicros) {
    return new SubscriberConfig("live", tracks, lateMicros, Set.of("vmid"), 0, 2_000_000, false);
  }

  /**
   * One subscriber of the swarm on {@code transport}. Its session only measures payloads ({@link
   * ObjectPayloads#SIZE_ONLY}): a subscriber times each object when its last byte arrives and keeps
   * nothing of it, so its bytes are counted off as they arrive, never copied.
   */
  static Subscriber attach(
      TransportConnection transport,
      Scheduler scheduler,
      SubscriberConfig config,
      SubscriberEvents events) {
    Subscriber subscriber = new Subscriber(scheduler, config, events);
    MoqtSession.client(transport, subscriber, FanoutProtocol.VERSION, ObjectPayloads.SIZE_ONLY);
    return subscriber;
  }

  /**
   * Reads the benchmark's commands on a thread of their own: where the measured window starts, and
   * when to stop; at the stop (or the end of input) every subscriber counts as finished.
   */
  private static void listenForCommands(
      java.io.InputStream in, Measurement measurement, PrintStream err) {
    BufferedReader commands = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    Thread listener =
        new Thread(
            () -> {
              try {
                String line;
                while ((line = commands.readLine()) != null) {
                  if (line.startsWith(FanoutProtocol.MEASURE_FROM)) {
                    measurement.measureFrom.set(Long.parseLong(line.split(" ")[1]));
                    measurement.gcAtWindowStart.set(GcTime.now());
                  } else if (line.startsWith(FanoutProtocol.STOP)) {
                    break;
                  }
                }
              } catch (IOException e) {
                err.println("benchmark link: " + e.getMessage());
              }
              while (measurement.finished.getCount() > 0) {
                measurement.finished.countDown();
              }
            },
            "moqbed-swarm-commands");
    listener.setDaemon(true);
    listener.start();
  }

  /**
   * What the swarm counts and measures: written by the subscribers' loops and the command listener,
   * read by the swarm's thread.
   */
  static final class Measurement {
    final Map<String, TrackLatency> latencies;

    /** Frames captured before this are not measured (the warm-up). */
    final AtomicLong measureFrom = new AtomicLong(Long.MAX_VALUE);

    final AtomicReference<GcTime> gcAtWindowStart = new AtomicReference<>(GcTime.now());
    final CountDownLatch answered;
    final CountDownLatch finished;
    final AtomicInteger accepted = new AtomicInteger();
    final AtomicInteger slowAccepted = new AtomicInteger();

    Measurement(Map<String, TrackLatency> latencies, int subscribers) {
      this.latencies = latencies;
      this.answered = new CountDownLatch(subscribers);
      this.finished = new CountDownLatch(subscribers);
    }

    /** One subscriber's events: its answers counted, its frames timed into its group's latency. */
    SubscriberEvents events(boolean slow, PrintStream err) {
      String group = slow ? "slow" : "fast";
      // The group's latencies by track, found once: a key built per frame was garbage per frame.
      Map<String, TrackLatency> byTrack = new HashMap<>();
      for (TrackLatency latency : latencies.values()) {
        if (latency.group().equals(group)) {
          byTrack.put(latency.track(), latency);
        }
      }
      return new SubscriberEvents() {
        @Override
        public void onSubscriptionsAnswered(int ok, int refused) {
          if (refused == 0) {
            accepted.incrementAndGet();
            if (slow) {
              slowAccepted.incrementAndGet();
            }
          }
          answered.countDown();
        }

        @Override
        public void onFrameTimed(
            String track,
            long groupId,
            long objectId,
            FrameKind kind,
            int sizeBytes,
            long captureMicros,
            long arrivalMicros,
            long latencyMicros,
            long[] relayArrivalsMicros) {
          if (captureMicros < measureFrom.get()) {
            return;
          }
          int relays = relayArrivalsMicros.length;
          byTrack
              .get(track)
              .record(
                  latencyMicros,
                  relays == 0 ? -1 : arrivalMicros - relayArrivalsMicros[relays - 1]);
        }

        @Override
        public void onFinished(SubscriberReport report) {
          finished.countDown();
        }

        @Override
        public void onLog(String line) {
          err.println("subscriber: " + line);
        }
      };
    }
  }

  private static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getProcessCpuTime()
        : -1;
  }
}

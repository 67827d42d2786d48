package dev.moqbed.live.fanout;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.SharedEventLoops;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.subscriber.FrameRecord;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The subscriber side of the fan-out benchmark, in its own process: N subscribers, each with its
 * own QUIC connection and UDP socket, sharing a few event-loop threads. It talks to the benchmark
 * over standard input and output ({@link FanoutProtocol}): it reports {@code READY} once every
 * subscription is answered, learns from which capture time to measure, and, once every subscriber
 * is done (or told to stop), prints one latency line per group and track.
 *
 * @param slowAddresses the first subscribers connect through these addresses (slow links in front
 *     of them) instead of {@code relay}; they form the group "slow", the others "fast"
 */
public record SubscriberSwarm(
    InetSocketAddress relay,
    List<InetSocketAddress> slowAddresses,
    ClientTrust trust,
    LiveStack stack,
    int subscribers,
    int threads,
    List<String> tracks,
    long lateMicros) {

  /**
   * Runs the swarm, talking to the benchmark on {@code in} / {@code out}; returns the exit code.
   */
  public int run(java.io.InputStream in, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    Map<String, TrackLatency> latencies = new LinkedHashMap<>();
    for (String group : slowAddresses.isEmpty() ? List.of("fast") : List.of("fast", "slow")) {
      for (String track : tracks) {
        latencies.put(group + "/" + track, new TrackLatency(group, track));
      }
    }
    AtomicLong measureFrom = new AtomicLong(Long.MAX_VALUE);
    AtomicReference<GcTime> gcAtWindowStart = new AtomicReference<>(GcTime.now());
    CountDownLatch answered = new CountDownLatch(subscribers);
    CountDownLatch finished = new CountDownLatch(subscribers);
    AtomicInteger accepted = new AtomicInteger();
    AtomicInteger slowAccepted = new AtomicInteger();
    List<Subscriber> started = new ArrayList<>();
    List<ClientEndpoint> clients = new ArrayList<>();
    long cpuBefore = processCpuNanos();
    try (SharedEventLoops loops = SharedEventLoops.start(threads)) {
      for (int i = 0; i < subscribers; i++) {
        boolean slow = i < slowAddresses.size();
        String group = slow ? "slow" : "fast";
        SubscriberConfig config =
            new SubscriberConfig("live", tracks, lateMicros, Set.of("vmid"), 0, 2_000_000);
        SubscriberEvents events =
            new SubscriberEvents() {
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
              public void onFrame(FrameRecord frame) {
                if (frame.captureMicros() < measureFrom.get()) {
                  return;
                }
                long relayArrival = frame.lastRelayArrivalMicros();
                latencies
                    .get(group + "/" + frame.track())
                    .record(
                        frame.latencyMicros(),
                        relayArrival < 0 ? -1 : frame.arrivalMicros() - relayArrival);
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
        InetSocketAddress target = slow ? slowAddresses.get(i) : relay;
        try {
          clients.add(
              stack.connect(
                  target,
                  "localhost",
                  trust,
                  FanoutProtocol.VERSION.alpn(),
                  connection -> {
                    Subscriber subscriber = new Subscriber(connection.scheduler(), config, events);
                    synchronized (started) {
                      started.add(subscriber);
                    }
                    MoqtSession.client(connection.transport(), subscriber, FanoutProtocol.VERSION);
                  },
                  loops.next()));
        } catch (IOException e) {
          err.println("subscriber " + (i + 1) + ": " + e.getMessage());
          answered.countDown();
          finished.countDown();
        }
        if ((i + 1) % 50 == 0) {
          out.println(FanoutProtocol.CONNECTED + " " + (i + 1));
          out.flush();
        }
      }
      long answerSeconds = 30 + subscribers / 10;
      if (!answered.await(answerSeconds, TimeUnit.SECONDS)) {
        err.println("not every subscription was answered within " + answerSeconds + " s");
      }
      out.println(
          FanoutProtocol.READY
              + " "
              + (accepted.get() - slowAccepted.get())
              + " "
              + slowAccepted.get());
      out.flush();

      BufferedReader commands =
          new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      Thread listener =
          new Thread(
              () -> {
                try {
                  String line;
                  while ((line = commands.readLine()) != null) {
                    if (line.startsWith(FanoutProtocol.MEASURE_FROM)) {
                      measureFrom.set(Long.parseLong(line.split(" ")[1]));
                      gcAtWindowStart.set(GcTime.now());
                    } else if (line.startsWith(FanoutProtocol.STOP)) {
                      break;
                    }
                  }
                } catch (IOException e) {
                  err.println("benchmark link: " + e.getMessage());
                }
                while (finished.getCount() > 0) {
                  finished.countDown();
                }
              },
              "moqbed-swarm-commands");
      listener.setDaemon(true);
      listener.start();
      finished.await();
      for (ClientEndpoint client : clients) {
        client.close();
      }
    }
    for (TrackLatency latency : latencies.values()) {
      out.println(FanoutProtocol.LATENCY + " " + latency.encode());
    }
    GcTime gc = GcTime.now().since(gcAtWindowStart.get());
    out.println(FanoutProtocol.GC + " " + gc.collections() + " " + gc.millis());
    out.println(
        FanoutProtocol.DONE + " " + TimeUnit.NANOSECONDS.toMillis(processCpuNanos() - cpuBefore));
    out.flush();
    return 0;
  }

  private static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getProcessCpuTime()
        : -1;
  }
}

package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicServer;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.netty.ServerCertificate;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.relay.SessionSnapshot;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Churn: 1,000 subscribers connect to a live relay on loopback in batches, each subscribes to the
 * three tracks of a running publisher, receives media, and leaves (nine in ten close their session,
 * one in ten just drops its socket and is found out by the idle timeout). Afterwards the relay's
 * sessions, subscriptions, tracks, queued bytes, open streams and metric series are back at their
 * baseline, and its heap (after GC) near it. The figures are printed.
 */
@Tag("network")
class RelayChurnSoakNetworkTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  private static final int SUBSCRIBERS = 1_000;
  private static final int BATCH = 50;
  private static final int CONNECTING_THREADS = 8;

  /**
   * Heap growth allowed from the baseline to the end (measured: 0.5 MiB; 5.5-8.7 MiB while every
   * group stream the publisher opened stayed in Netty's stream map).
   */
  private static final long HEAP_MARGIN_BYTES = 8L << 20;

  /**
   * Heap growth allowed over the second 500 sessions, measured from a settled, collected halfway
   * point (measured: 0.2 MiB; 2.5-3.5 MiB with the stream leak): anything the relay kept per
   * session above 4 kB would exceed it.
   */
  private static final long SECOND_HALF_HEAP_MARGIN_BYTES = 2L << 20;

  private record Levels(
      int sessions, int subscriptions, int tracks, long queuedBytes, int openStreams) {}

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void shouldReturnToBaselineAfterAThousandSubscribersComeAndGo() throws Exception {
    assumeTrue(NativeQuic.isAvailable(), NativeQuic.unavailabilityReason());
    ServerCertificate certificate =
        ServerCertificate.selfSigned(Files.createTempDirectory("moqbed-soak-"));
    ClientTrust trust = ClientTrust.pinned(certificate.certificate());
    Relay[] relay = new Relay[1];
    ExecutorService connecting = Executors.newFixedThreadPool(CONNECTING_THREADS);
    try (RelayMetrics metrics = new RelayMetrics(true);
        QuicServer server =
            QuicServer.start(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                QuicSettings.DEFAULT,
                certificate,
                VERSION.alpn(),
                connection -> relay[0].serve(connection, VERSION))) {
      // All the churning clients share the loopback address: no per-address cap on pending setups
      // or sessions.
      RelayConfig config =
          RelayConfig.builder()
              .maxPendingSetupsPerAddress(1_000_000)
              .maxSessionsPerAddress(1_000_000)
              .build();
      relay[0] = new Relay(server.scheduler(), config, RELAY_LOG::add, metrics);
      metrics.attach(relay[0], server.scheduler());
      QuicClient publisher = startPublisher(server.localAddress(), trust);
      try {
        long started = System.nanoTime();
        churn(server.localAddress(), trust, connecting, BATCH); // warm-up: JIT, pools
        Levels baseline = settle(relay[0], server, 1);
        metrics.scrape();
        int baselineMeters = relayMeters(metrics);
        long baselineHeap = heapAfterGc();

        int abrupt = 0;
        long halfwayHeap = 0;
        for (int done = 0; done < SUBSCRIBERS; done += BATCH) {
          abrupt += churn(server.localAddress(), trust, connecting, BATCH);
          if (done + BATCH == SUBSCRIBERS / 2) {
            Levels halfway = settle(relay[0], server, 1);
            halfwayHeap = heapAfterGc();
            System.out.printf("soak: halfway %s, heap %.1f MiB%n", halfway, mib(halfwayHeap));
          }
          if ((done / BATCH) % 5 == 4) {
            System.out.printf(
                "soak: %d subscribers connected and left, %.1f s%n",
                done + BATCH, (System.nanoTime() - started) / 1e9);
          }
        }
        Levels after = settle(relay[0], server, 1);
        String text = metrics.scrape();
        int afterMeters = relayMeters(metrics);
        long afterHeap = heapAfterGc();
        double seconds = (System.nanoTime() - started) / 1e9;

        System.out.printf(
            "soak: %d subscribers (%d dropped their socket without closing, %d handshakes retried)"
                + " in %.1f s%n",
            SUBSCRIBERS, abrupt, RETRIED_CONNECTS.get(), seconds);
        System.out.printf(
            "soak: baseline %s, heap %.1f MiB, %d relay meters%n",
            baseline, mib(baselineHeap), baselineMeters);
        System.out.printf(
            "soak: after    %s, heap %.1f MiB, %d relay meters%n",
            after, mib(afterHeap), afterMeters);
        System.out.printf(
            "soak: heap after - baseline = %.1f MiB (margin %.0f MiB), after - halfway = %.1f MiB"
                + " (margin %.0f MiB)%n",
            mib(afterHeap - baselineHeap),
            mib(HEAP_MARGIN_BYTES),
            mib(afterHeap - halfwayHeap),
            mib(SECOND_HALF_HEAP_MARGIN_BYTES));

        assertEquals(new Levels(1, 0, 0, 0, 0), baseline, "only the publisher is left");
        assertEquals(baseline, after);
        assertEquals(baselineMeters, afterMeters, "no metric series left behind per session");
        PrometheusText prometheus = new PrometheusText(text);
        double opened = prometheus.value("moqbed_relay_sessions_opened_total");
        assertTrue(opened >= SUBSCRIBERS + BATCH + 1, "every session was seen: " + opened);
        assertEquals(
            opened - 1,
            prometheus.value("moqbed_relay_sessions_closed_total"),
            "every subscriber's session closed");
        assertTrue(
            afterHeap - baselineHeap < HEAP_MARGIN_BYTES,
            "heap grew by " + mib(afterHeap - baselineHeap) + " MiB");
        assertTrue(
            afterHeap - halfwayHeap < SECOND_HALF_HEAP_MARGIN_BYTES,
            "heap grew by " + mib(afterHeap - halfwayHeap) + " MiB over the second 500");
      } finally {
        publisher.close();
      }
    } finally {
      connecting.shutdownNow();
    }
  }

  /**
   * One batch: connects {@code count} subscribers at once, waits until each has its subscriptions
   * answered and a first audio frame, then disconnects them. Returns how many left abruptly.
   */
  private static int churn(
      InetSocketAddress relay, ClientTrust trust, ExecutorService connecting, int count)
      throws Exception {
    List<Future<Connected>> pending = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      pending.add(connecting.submit(() -> connectWithOneRetry(relay, trust)));
    }
    List<Connected> batch = new ArrayList<>();
    for (Future<Connected> future : pending) {
      batch.add(future.get(30, TimeUnit.SECONDS));
    }
    for (Connected subscriber : batch) {
      try {
        subscriber.firstAudio().get(30, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        throw new AssertionError(
            "no audio within 30 s for a subscriber on port "
                + subscriber.client().localPort()
                + ": "
                + subscriber.log()
                + "; relay: "
                + RELAY_LOG.subList(Math.max(0, RELAY_LOG.size() - 20), RELAY_LOG.size()));
      }
    }
    int abrupt = 0;
    for (int i = 0; i < batch.size(); i++) {
      Connected subscriber = batch.get(i);
      if (i % 10 == 9) {
        abrupt++; // the socket goes away without CONNECTION_CLOSE: the relay's idle timeout ends it
      } else {
        CompletableFuture<Void> closed = new CompletableFuture<>();
        subscriber
            .client()
            .scheduler()
            .execute(
                () -> {
                  subscriber.subscriber().stop("soak: leaving");
                  closed.complete(null);
                });
        closed.get(5, TimeUnit.SECONDS);
      }
    }
    List<Future<?>> closing = new ArrayList<>();
    for (Connected subscriber : batch) {
      closing.add(connecting.submit(() -> subscriber.client().close()));
    }
    for (Future<?> future : closing) {
      future.get(10, TimeUnit.SECONDS);
    }
    return abrupt;
  }

  private record Connected(
      QuicClient client,
      Subscriber subscriber,
      CompletableFuture<Void> firstAudio,
      List<String> log) {}

  /** The relay's log lines, for failure messages. */
  private static final List<String> RELAY_LOG = new CopyOnWriteArrayList<>();

  /** Handshakes that time out: on two shared cores 50 at once can take longer than 10 s. */
  private static final AtomicInteger RETRIED_CONNECTS = new AtomicInteger();

  private static Connected connectWithOneRetry(InetSocketAddress relay, ClientTrust trust)
      throws Exception {
    try {
      return connectSubscriber(relay, trust);
    } catch (IOException e) {
      RETRIED_CONNECTS.incrementAndGet();
      return connectSubscriber(relay, trust);
    }
  }

  private static Connected connectSubscriber(InetSocketAddress relay, ClientTrust trust)
      throws Exception {
    CompletableFuture<Void> firstAudio = new CompletableFuture<>();
    CompletableFuture<Subscriber> created = new CompletableFuture<>();
    List<String> log = new CopyOnWriteArrayList<>();
    SubscriberConfig config =
        new SubscriberConfig(
            "live", List.of("a1", "vlow", "vmid"), 0, Set.of("vmid"), 0, 2_000_000);
    QuicClient client =
        QuicClient.connect(
            relay,
            "localhost",
            QuicSettings.DEFAULT,
            trust,
            VERSION.alpn(),
            connection -> {
              Subscriber subscriber =
                  new Subscriber(
                      connection.scheduler(),
                      config,
                      new SubscriberEvents() {
                        @Override
                        public void onSubscriptionsAnswered(int accepted, int refused) {
                          log.add("answered: " + accepted + " accepted, " + refused + " refused");
                        }

                        @Override
                        public void onLog(String line) {
                          log.add(line);
                        }

                        @Override
                        public void onFrame(FrameRecord frame) {
                          if (frame.track().equals("a1")) {
                            firstAudio.complete(null);
                          }
                        }
                      });
              MoqtSession.client(connection, subscriber, VERSION);
              created.complete(subscriber);
            });
    return new Connected(client, created.get(10, TimeUnit.SECONDS), firstAudio, log);
  }

  private static QuicClient startPublisher(InetSocketAddress relay, ClientTrust trust)
      throws Exception {
    CompletableFuture<Void> announced = new CompletableFuture<>();
    PublisherConfig config =
        new PublisherConfig(
            "live", MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX), 600_000_000, true, 0);
    QuicClient client =
        QuicClient.connect(
            relay,
            "localhost",
            QuicSettings.DEFAULT,
            trust,
            VERSION.alpn(),
            connection ->
                MoqtSession.client(
                    connection,
                    new Publisher(
                        connection.scheduler(),
                        config,
                        new PublisherEvents() {
                          @Override
                          public void onAnnounced() {
                            announced.complete(null);
                          }
                        }),
                    VERSION));
    announced.get(10, TimeUnit.SECONDS);
    return client;
  }

  /**
   * Waits (up to the idle timeout and more) until the relay holds {@code sessions} sessions with
   * nothing queued, and returns its levels.
   */
  private static Levels settle(Relay relay, QuicServer server, int sessions) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    Levels levels = read(relay, server);
    while (System.nanoTime() < deadline
        && (levels.sessions() != sessions || levels.subscriptions() != 0)) {
      Thread.sleep(200);
      levels = read(relay, server);
    }
    return levels;
  }

  private static Levels read(Relay relay, QuicServer server) throws Exception {
    CompletableFuture<Levels> levels = new CompletableFuture<>();
    server
        .scheduler()
        .execute(
            () -> {
              int subscriptions = 0;
              int streams = 0;
              for (SessionSnapshot session : relay.sessionSnapshots()) {
                subscriptions += session.subscriptions();
                streams += session.openStreams();
              }
              levels.complete(
                  new Levels(
                      relay.sessionCount(),
                      subscriptions,
                      relay.trackCount(),
                      relay.queuedBytes(),
                      streams));
            });
    return levels.get(5, TimeUnit.SECONDS);
  }

  private static long heapAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(200);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** The relay's own meters (JVM meters come and go with GC causes and are not the relay's). */
  private static int relayMeters(RelayMetrics metrics) {
    return (int)
        metrics.registry().getMeters().stream()
            .filter(meter -> meter.getId().getName().startsWith("moqbed.relay"))
            .count();
  }

  private static double mib(long bytes) {
    return bytes / (1024.0 * 1024.0);
  }
}

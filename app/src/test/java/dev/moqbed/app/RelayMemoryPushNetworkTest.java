package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.MoqtCodec;
import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.codecs.MoqtCodecs;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.netty.NettyConnection;
import dev.moqbed.netty.QuicClient;
import dev.moqbed.netty.QuicSettings;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.transport.BidirectionalStream;
import dev.moqbed.session.transport.ReceiveStream;
import dev.moqbed.session.transport.TransportListener;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The partial-object memory push of issue 18 against a relay in a JVM of its own with a small heap
 * ({@code -Xmx256m}): strangers set up MoQT sessions and start large objects on many streams
 * without finishing them, one more pushes streams without ever setting up, while a publisher and a
 * subscriber in this JVM run a broadcast through the same relay. The relay closes each attacker at
 * its per-session cap, does not read the one without setup, its heap stays far below the limit, and
 * the subscriber gets its media during and after the attack. (How much of the media comes through
 * during the attack depends on the host's load; that some does, and that it flows again at once
 * after, does not.)
 *
 * <p>The relay's options can be replaced with {@code -Dmoqbed.test.relayCaps="..."} (space
 * separated) to measure the same attack without the caps, as docs/security.md reports, and the
 * streams each attacker pushes on with {@code -Dmoqbed.test.attackStreams=N}.
 */
@Tag("network")
class RelayMemoryPushNetworkTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  private static final int DECLARED = (1 << 20) - 100;
  private static final int SENT = 3 << 18;
  private static final int ATTACKERS = 3;
  private static final int STREAMS_PER_ATTACKER =
      Integer.getInteger("moqbed.test.attackStreams", 8);

  @TempDir Path work;

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldKeepServingASubscriberWhileStrangersPushPartialObjects() throws Exception {
    assumeTrue(
        NativeQuic.isAvailable(), "QUIC native library: " + NativeQuic.unavailabilityReason());
    String relayAddress = "127.0.0.1:" + freeUdpPort();
    int metricsPort = freeTcpPort();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path")));
    command.add(MoqbedCommand.class.getName());
    command.addAll(
        List.of(
            "relay",
            "--listen",
            relayAddress,
            "--cert-dir",
            work.toString(),
            "--metrics-port",
            "" + metricsPort,
            "--interval",
            "0",
            "--setup-timeout",
            "3s"));
    String caps =
        System.getProperty(
            "moqbed.test.relayCaps",
            "--max-object-size 1MiB --max-receive-buffer-per-session 2MiB"
                + " --max-receive-buffer-total 64MiB");
    command.addAll(Arrays.asList(caps.trim().split("\\s+")));
    Path relayLog = work.resolve("relay.log");
    Process relay =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(relayLog.toFile())
            .start();
    try {
      awaitLine(relayLog, "moqbed relay: listening on");
      InetSocketAddress address = new InetSocketAddress("127.0.0.1", portOf(relayAddress));
      String metrics = "http://127.0.0.1:" + metricsPort + "/metrics";
      HeapWatch heap = HeapWatch.start(metrics);
      // Longer than the test: it ends when the attack is over and media has followed it.
      Broadcast broadcast = Broadcast.start(address, 600_000_000);
      Thread.sleep(2_000);
      long framesBefore = broadcast.frames.get();

      long attackStart = System.nanoTime();
      QuicClient silent = pushWithoutSetup(address, STREAMS_PER_ATTACKER);
      List<CompletableFuture<SessionClose>> closes = new ArrayList<>();
      List<QuicClient> attackers = new ArrayList<>();
      for (int i = 0; i < ATTACKERS; i++) {
        CompletableFuture<SessionClose> closed = new CompletableFuture<>();
        attackers.add(pushPartialObjects(address, STREAMS_PER_ATTACKER, closed));
        closes.add(closed);
      }
      List<Long> codes = new ArrayList<>();
      long closeDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      for (CompletableFuture<SessionClose> closed : closes) {
        try {
          long left = Math.max(1, closeDeadline - System.nanoTime());
          codes.add(closed.get(left, TimeUnit.NANOSECONDS).code());
        } catch (java.util.concurrent.TimeoutException stillOpen) {
          codes.add(-1L); // not closed within 30 s: only without the caps
        }
      }
      double attackSeconds = (System.nanoTime() - attackStart) / 1e9;
      long framesDuring = broadcast.frames.get() - framesBefore;
      attackers.forEach(QuicClient::close);
      // The stranger without a setup: never read, closed at the setup deadline.
      awaitLine(relayLog, "closed: no MoQT setup within 3 s");
      silent.close();
      long framesAtAttackEnd = broadcast.frames.get();
      Thread.sleep(3_000);
      long framesAfter = broadcast.frames.get() - framesAtAttackEnd;
      heap.stop();
      String scrape = HeapWatch.scrape(metrics);
      broadcast.close();
      String log = Files.readString(relayLog);
      System.out.printf(
          "relay -Xmx256m (%s): heap used before the attack %.1f MiB, at most %.1f MiB while"
              + " attacked (%.1f s, %d x %d streams x %d KiB pushed after setup, %d without;"
              + " closes %s); subscriber frames: %d during the attack, %d in the 3 s after%n",
          caps,
          heap.before / 1048576.0,
          heap.most.get() / 1048576.0,
          attackSeconds,
          ATTACKERS,
          STREAMS_PER_ATTACKER,
          SENT >> 10,
          STREAMS_PER_ATTACKER,
          codes,
          framesDuring,
          framesAfter);
      log.lines()
          .filter(line -> line.contains("excessive load") || line.contains("no MoQT setup"))
          .limit(4)
          .forEach(System.out::println);

      assertTrue(relay.isAlive(), "the relay runs on: " + log);
      for (long code : codes) {
        assertEquals(SessionError.INTERNAL_ERROR.code(), code, log);
      }
      assertTrue(log.contains("closed: excessive load: "), log);
      assertTrue(
          scrape.contains("moqbed_relay_sessions_closed_receive_buffer_total{cap=\"session\"} ")
              && !scrape.contains(
                  "moqbed_relay_sessions_closed_receive_buffer_total{cap=\"session\"} 0.0"),
          scrape);
      assertTrue(framesDuring > 0, "media during the attack");
      // a1 alone is 50 frames a second.
      assertTrue(framesAfter > 50, "media after the attack: " + framesAfter + "; " + log);
      assertTrue(heap.most.get() < 160L << 20, "heap at most " + heap.most.get());
    } finally {
      relay.destroy();
      relay.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** A subgroup header and the first {@link #SENT} bytes of a {@link #DECLARED}-byte object. */
  private static byte[] partialObject() {
    MoqtCodec codec = MoqtCodecs.create(VERSION, MoqtLimits.DEFAULT);
    SubgroupStreamEncoder encoder = codec.newSubgroupStreamEncoder(SubgroupHeader.of(77, 0, 0, 0));
    WireWriter out = codec.newWriter();
    encoder.writeHeader(out);
    encoder.writeObject(SubgroupObject.of(0, ByteString.wrapOwned(new byte[DECLARED])), out);
    byte[] whole = out.toByteArray();
    return Arrays.copyOf(whole, whole.length - (DECLARED - SENT));
  }

  /** Sets up a MoQT session, then starts one partial object on each of {@code streams}. */
  private static QuicClient pushPartialObjects(
      InetSocketAddress relay, int streams, CompletableFuture<SessionClose> closed)
      throws Exception {
    byte[] partial = partialObject();
    return connect(
        relay,
        connection ->
            MoqtSession.client(
                connection,
                new MoqtSessionListener() {
                  @Override
                  public void onReady(MoqtSession session) {
                    for (int i = 0; i < streams; i++) {
                      connection.openUnidirectionalStream(0).write(ByteBuffer.wrap(partial));
                    }
                  }

                  @Override
                  public void onClosed(MoqtSession session, SessionClose close) {
                    closed.complete(close);
                  }
                },
                VERSION));
  }

  /** Opens {@code streams} and pushes partial objects on them without any MoQT setup. */
  private static QuicClient pushWithoutSetup(InetSocketAddress relay, int streams)
      throws Exception {
    byte[] partial = partialObject();
    return connect(
        relay,
        connection -> {
          connection.setListener(
              new TransportListener() {
                @Override
                public void onBidirectionalStream(BidirectionalStream stream) {}

                @Override
                public void onUnidirectionalStream(ReceiveStream stream) {}

                @Override
                public void onDatagram(ByteBuffer payload) {}

                @Override
                public void onClosed(long code, String reason, boolean byPeer) {}
              });
          for (int i = 0; i < streams; i++) {
            connection.openUnidirectionalStream(0).write(ByteBuffer.wrap(partial));
          }
        });
  }

  private static QuicClient connect(
      InetSocketAddress relay, java.util.function.Consumer<NettyConnection> onConnected)
      throws Exception {
    return QuicClient.connect(
        relay,
        "localhost",
        QuicSettings.DEFAULT,
        ClientTrust.insecure(),
        VERSION.alpn(),
        onConnected);
  }

  /** A publisher and a subscriber of the draft's media mix through the relay. */
  private static final class Broadcast {
    final AtomicLong frames = new AtomicLong();
    final List<QuicClient> clients = new ArrayList<>();

    void close() {
      clients.forEach(QuicClient::close);
    }

    static Broadcast start(InetSocketAddress relay, long durationMicros) throws Exception {
      Broadcast broadcast = new Broadcast();
      CompletableFuture<Void> announced = new CompletableFuture<>();
      Publisher[] publisher = new Publisher[1];
      PublisherConfig config =
          new PublisherConfig(
              "live", MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX), durationMicros, false, 500_000);
      QuicClient publisherClient =
          connect(
              relay,
              connection -> {
                publisher[0] =
                    new Publisher(
                        connection.scheduler(),
                        config,
                        new PublisherEvents() {
                          @Override
                          public void onAnnounced() {
                            announced.complete(null);
                          }
                        });
                MoqtSession.client(connection, publisher[0], VERSION);
              });
      broadcast.clients.add(publisherClient);
      announced.get(10, TimeUnit.SECONDS);
      CompletableFuture<Void> answered = new CompletableFuture<>();
      SubscriberConfig subscriberConfig =
          new SubscriberConfig(
              "live", List.of("a1", "vlow", "vmid"), 0, Set.of("vmid"), 0, 2_000_000);
      QuicClient subscriberClient =
          connect(
              relay,
              connection ->
                  MoqtSession.client(
                      connection,
                      new Subscriber(
                          connection.scheduler(),
                          subscriberConfig,
                          new SubscriberEvents() {
                            @Override
                            public void onSubscriptionsAnswered(int accepted, int refused) {
                              answered.complete(null);
                            }

                            @Override
                            public void onFrame(dev.moqbed.subscriber.FrameRecord frame) {
                              broadcast.frames.incrementAndGet();
                            }
                          }),
                      VERSION));
      broadcast.clients.add(subscriberClient);
      answered.get(10, TimeUnit.SECONDS);
      publisherClient.scheduler().execute(publisher[0]::startMedia);
      return broadcast;
    }
  }

  /** Polls the relay's metrics for its heap in use (every pool of the heap area summed). */
  private static final class HeapWatch {
    final AtomicLong most = new AtomicLong();
    final long before;
    private final Thread thread;
    private volatile boolean running = true;

    private HeapWatch(String url) throws Exception {
      before = heapUsed(scrape(url));
      most.set(before);
      thread =
          new Thread(
              () -> {
                while (running) {
                  try {
                    long used = heapUsed(scrape(url));
                    most.accumulateAndGet(used, Math::max);
                    Thread.sleep(100);
                  } catch (Exception e) {
                    return;
                  }
                }
              },
              "heap-watch");
      thread.setDaemon(true);
      thread.start();
    }

    static HeapWatch start(String url) throws Exception {
      return new HeapWatch(url);
    }

    void stop() throws InterruptedException {
      running = false;
      thread.join(2_000);
    }

    static String scrape(String url) throws IOException, InterruptedException {
      HttpClient client = HttpClient.newHttpClient();
      HttpResponse<String> response =
          client.send(
              HttpRequest.newBuilder(URI.create(url)).build(),
              HttpResponse.BodyHandlers.ofString());
      return response.body();
    }

    static long heapUsed(String scrape) {
      long total = 0;
      for (String line : scrape.split("\n")) {
        if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
          total += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
        }
      }
      return total;
    }
  }

  private static void awaitLine(Path log, String text) throws Exception {
    for (int i = 0; i < 600; i++) {
      if (Files.exists(log) && Files.readString(log).contains(text)) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the relay never printed '" + text + "': " + Files.readString(log));
  }

  private static int portOf(String address) {
    return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
  }

  private static int freeTcpPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static int freeUdpPort() throws IOException {
    try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}

package dev.moqbed.simulation.moq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerFactory;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayConfig;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.ConnectionDriver;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.session.QuicTransportConnection;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The relay's fan-out over the project's QUIC connections, in virtual time: a publisher of the
 * draft's media mix, the relay, and N subscribers, each over its own connection (C4 on the relay's
 * side) on a 1 ms path, all on one scheduler and one thread. Every subscriber must get every audio
 * and {@code vlow} object, in order per track.
 *
 * <p>It also prints the thread's CPU time per datagram the relay sent, relay and subscribers
 * together (no packet protection, codec or kernel: the simulator's packets are objects). The work
 * is the same whatever the host's load, so unlike a live run's CPU share this figure moves only
 * with the code and the caches: run it alone to compare two builds ({@code mvn -B -pl simulation
 * test -Dtest=FanoutVirtualTimeTest -Dmoqbed.fanout.subscribers=100 -Dmoqbed.fanout.seconds=10
 * -Dmoqbed.fanout.rounds=5}; the fewest ns over the rounds is the code's, the rest is the host).
 */
class FanoutVirtualTimeTest {
  private static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  private static final List<String> TRACKS = List.of("a1", "vlow", "vmid");
  private static final long ONE_WAY_MICROS = 500;

  @Test
  void everySubscriberGetsEveryAudioAndVlowObjectInOrder() {
    int subscribers = Integer.getInteger("moqbed.fanout.subscribers", 12);
    int seconds = Integer.getInteger("moqbed.fanout.seconds", 3);
    int rounds = Integer.getInteger("moqbed.fanout.rounds", 1);
    for (int round = 0; round < rounds; round++) {
      Chain chain = new Chain(subscribers, seconds);
      chain.run();
      System.out.printf(
          "fan-out in virtual time, round %d: %d subscribers, %d s of media, %d datagrams sent by"
              + " the relay (%.1f a second per subscriber), %d ns of CPU per datagram%n",
          round,
          subscribers,
          seconds,
          chain.relaySent,
          chain.relaySent / (double) seconds / subscribers,
          chain.cpuNanos / Math.max(1, chain.relaySent));
      chain.check();
    }
  }

  /** One run: its parts, and what each subscriber received. */
  private static final class Chain {
    final VirtualScheduler scheduler = new VirtualScheduler();
    // Every subscriber comes from the one client node: the per-address caps as a bench sets them.
    final Relay relay =
        new Relay(
            scheduler,
            RelayConfig.builder()
                .maxSessionsPerAddress(1_000)
                .maxPendingSetupsPerAddress(1_000)
                .build(),
            line -> {});
    final ControllerFactory c4 = ControllerRegistry.standard().parse("c4");
    final int subscriberCount;
    final int seconds;
    final List<Map<String, List<FrameRecord>>> received = new ArrayList<>();
    final List<Long> sentPerTrack = new ArrayList<>();
    final Map<String, Long> published = new HashMap<>();
    int answered;
    int finished;
    long relaySent;
    long cpuNanos;
    Publisher publisher;

    Chain(int subscriberCount, int seconds) {
      this.subscriberCount = subscriberCount;
      this.seconds = seconds;
    }

    void run() {
      startPublisher();
      for (int i = 0; i < subscriberCount; i++) {
        addSubscriber(i);
      }
      scheduler.runWhile(() -> answered < subscriberCount, 30_000_000);
      assertEquals(subscriberCount, answered, "every subscription answered");
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long sentBefore = relaySent;
      long cpuBefore = threads.getCurrentThreadCpuTime();
      publisher.startMedia();
      scheduler.runWhile(
          () -> finished < subscriberCount, scheduler.nowMicros() + (seconds + 30) * 1_000_000L);
      cpuNanos = threads.getCurrentThreadCpuTime() - cpuBefore;
      relaySent -= sentBefore;
    }

    void check() {
      assertEquals(subscriberCount, finished, "every subscriber finished");
      for (int i = 0; i < subscriberCount; i++) {
        for (String track : List.of("a1", "vlow")) {
          List<FrameRecord> frames = received.get(i).getOrDefault(track, List.of());
          assertEquals(
              published.getOrDefault(track, 0L).longValue(),
              frames.size(),
              "subscriber " + i + " " + track);
          for (int k = 1; k < frames.size(); k++) {
            assertTrue(
                frames.get(k).captureMicros() > frames.get(k - 1).captureMicros(),
                "subscriber " + i + " " + track + " in order at " + k);
          }
        }
      }
    }

    private void startPublisher() {
      publisher =
          new Publisher(
              scheduler,
              new PublisherConfig(
                  "live",
                  MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX),
                  seconds * 1_000_000L,
                  false,
                  1_000_000),
              new PublisherEvents() {
                @Override
                public void onObjectSent(dev.moqbed.media.MediaObject object) {
                  published.merge(object.track().name(), 1L, Long::sum);
                }
              });
      MemoryTransport.Pair hop1 =
          MemoryTransport.pair(scheduler, MemoryLink.ofDelay(0), MemoryLink.ofDelay(0), "pub");
      relay.serve(hop1.server(), VERSION);
      MoqtSession.client(hop1.client(), publisher, VERSION);
      scheduler.runUntil(scheduler.nowMicros() + 10_000);
    }

    private void addSubscriber(int index) {
      Map<String, List<FrameRecord>> frames = new HashMap<>();
      received.add(frames);
      Subscriber subscriber =
          new Subscriber(
              scheduler,
              new SubscriberConfig("live", TRACKS, 250_000, Set.of("vmid"), 0, 2_000_000),
              new SubscriberEvents() {
                @Override
                public void onSubscriptionsAnswered(int accepted, int refused) {
                  answered++;
                }

                @Override
                public void onFrame(FrameRecord frame) {
                  frames.computeIfAbsent(frame.track(), t -> new ArrayList<>()).add(frame);
                }

                @Override
                public void onFinished(SubscriberReport report) {
                  finished++;
                }
              });
      long now = scheduler.nowMicros();
      QuicConnection server =
          new QuicConnection(
              ConnectionConfig.builder(Role.SERVER).build(),
              0,
              1,
              index,
              c4,
              new SplittableRandom(2L * index),
              new SplittableRandom(2L * index + 1),
              now);
      QuicConnection client =
          new QuicConnection(
              ConnectionConfig.builder(Role.CLIENT).build(),
              1,
              0,
              index,
              c4,
              new SplittableRandom(~(2L * index)),
              new SplittableRandom(~(2L * index + 1)),
              now);
      Path down = new Path(true);
      Path up = new Path(false);
      ConnectionDriver serverDriver = new ConnectionDriver(scheduler, server, down);
      ConnectionDriver clientDriver = new ConnectionDriver(scheduler, client, up);
      down.to = clientDriver;
      up.to = serverDriver;
      relay.serve(new QuicTransportConnection(server, "subscriber"), VERSION);
      QuicTransportConnection subscriberSide = new QuicTransportConnection(client, "relay");
      subscriberSide.whenReady(() -> MoqtSession.client(subscriberSide, subscriber, VERSION));
      clientDriver.start();
      serverDriver.start();
    }

    /** One direction of a subscriber's path: a fixed delay, no loss, no rate limit. */
    private final class Path implements DatagramReceiver {
      private final boolean fromRelay;
      DatagramReceiver to;

      Path(boolean fromRelay) {
        this.fromRelay = fromRelay;
      }

      @Override
      public void receive(long nowMicros, Datagram datagram) {
        if (fromRelay) {
          relaySent++;
        }
        scheduler.scheduleAt(
            nowMicros + ONE_WAY_MICROS, () -> to.receive(scheduler.nowMicros(), datagram));
      }
    }
  }
}

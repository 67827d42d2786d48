package dev.moqbed.relay;

import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.publisher.Publisher;
import dev.moqbed.publisher.PublisherConfig;
import dev.moqbed.publisher.PublisherEvents;
import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.session.AuthorizationToken;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.ReceiveBudget;
import dev.moqbed.session.memory.MemoryConnection;
import dev.moqbed.session.memory.MemoryLink;
import dev.moqbed.session.memory.MemoryTransport;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.Subscriber;
import dev.moqbed.subscriber.SubscriberConfig;
import dev.moqbed.subscriber.SubscriberEvents;
import dev.moqbed.subscriber.SubscriberReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Publisher → relay → subscribers over in-memory connections, in virtual time. */
final class VirtualChain {
  static final MoqtVersion VERSION = MoqtVersion.DRAFT_14;
  static final List<String> TRACKS = List.of("a1", "vlow", "vmid");

  final VirtualScheduler scheduler = new VirtualScheduler();
  final List<String> log = new ArrayList<>();
  final Relay relay;
  // The relay's loops when it has several (relay is then loop 0's), else null.
  final RelayGroup group;
  Publisher publisher;
  MemoryConnection publisherConnection;
  boolean announced;
  boolean publisherClosed;
  final List<Subscriber> subscribers = new ArrayList<>();
  final List<MemoryConnection> subscriberConnections = new ArrayList<>();
  // The relay's end of each subscriber's connection.
  final List<MemoryConnection> relaySideConnections = new ArrayList<>();
  // When each report came, in report order.
  final List<Long> reportMicros = new ArrayList<>();
  final List<SubscriberReport> reports = new ArrayList<>();
  final List<List<FrameRecord>> frames = new ArrayList<>();
  int subscriptionsAnswered;
  // What the publisher's and the subscribers' CLIENT_SETUP and requests carry.
  AuthorizationToken publisherToken = AuthorizationToken.NONE;
  AuthorizationToken subscriberToken = AuthorizationToken.NONE;
  // The relay subscribers connect to: this chain's own, unless a test puts another in front.
  Relay subscriberRelay;

  VirtualChain(RelayConfig config) {
    this(config, RelayObserver.NONE);
  }

  VirtualChain(RelayConfig config, RelayObserver observer) {
    relay = new Relay(scheduler, config, line -> log.add("relay: " + line), observer);
    group = null;
    subscriberRelay = relay;
  }

  /**
   * A relay of {@code loops} event loops ({@link RelayGroup}), every loop on this chain's one
   * virtual scheduler (a hop between loops is a task queued for now, as on Netty's queues); the
   * publisher connects to loop 0, subscribers to {@link #subscriberRelay} (loop 0 until a test
   * points it at another).
   */
  VirtualChain(int loops, RelayConfig config) {
    List<VirtualScheduler> schedulers = new ArrayList<>();
    for (int i = 0; i < loops; i++) {
      schedulers.add(scheduler);
    }
    group =
        RelayGroup.create(
            schedulers, config, line -> log.add("relay: " + line), RelayObserver.NONE);
    relay = group.relay(0);
    subscriberRelay = relay;
  }

  VirtualChain() {
    this(RelayConfig.DEFAULT);
  }

  void startPublisher(String spec, MemoryLink link) {
    PublisherConfig config =
        new PublisherConfig("live", MediaSpec.parse(spec), 0, false, 1_000_000);
    publisher =
        new Publisher(
            scheduler,
            config,
            new PublisherEvents() {
              @Override
              public void onAnnounced() {
                announced = true;
              }

              @Override
              public void onLog(String line) {
                log.add("publisher: " + line);
              }

              @Override
              public void onClosed(
                  dev.moqbed.session.SessionClose close,
                  dev.moqbed.publisher.PublisherReport report) {
                publisherClosed = true;
              }
            },
            publisherToken);
    MemoryTransport.Pair pair = MemoryTransport.pair(scheduler, link, link, "publisher");
    publisherConnection = pair.client();
    relay.serve(pair.server(), VERSION);
    // In the CLIENT_SETUP too, as the project's publisher does (RelayConnector).
    MoqtSession.client(
        pair.client(),
        publisher,
        VERSION,
        publisherToken.parameters(),
        MoqtLimits.DEFAULT,
        ReceiveBudget.UNLIMITED);
    scheduler.runWhile(() -> !announced, scheduler.nowMicros() + 10_000_000);
  }

  Subscriber addSubscriber(MemoryLink down, long lateMicros, List<String> tracks) {
    return addSubscriber(down, lateMicros, tracks, -1);
  }

  /**
   * A subscriber whose connection allows the relay {@code streamLimit} unidirectional streams at a
   * time (-1: no limit), credit coming back as each ends, as QUIC's MAX_STREAMS does.
   */
  Subscriber addSubscriber(MemoryLink down, long lateMicros, List<String> tracks, int streamLimit) {
    int index = subscribers.size();
    frames.add(new ArrayList<>());
    Subscriber subscriber =
        new Subscriber(
            scheduler,
            new SubscriberConfig("live", tracks, lateMicros, Set.of("vmid"), 0, 2_000_000),
            new SubscriberEvents() {
              @Override
              public void onSubscriptionsAnswered(int accepted, int refused) {
                subscriptionsAnswered++;
              }

              @Override
              public void onFrame(FrameRecord frame) {
                frames.get(index).add(frame);
              }

              @Override
              public void onFinished(SubscriberReport report) {
                reports.add(report);
                reportMicros.add(scheduler.nowMicros());
              }

              @Override
              public void onLog(String line) {
                log.add("subscriber " + index + ": " + line);
              }
            },
            subscriberToken);
    MemoryTransport.Pair pair =
        MemoryTransport.pair(
            scheduler, MemoryLink.ofDelay(down.delayMicros()), down, "sub" + index);
    if (streamLimit >= 0) {
      pair.client().limitIncomingUnidirectionalStreams(streamLimit);
    }
    subscriberRelay.serve(pair.server(), VERSION);
    MoqtSession.client(
        pair.client(),
        subscriber,
        VERSION,
        subscriberToken.parameters(),
        MoqtLimits.DEFAULT,
        ReceiveBudget.UNLIMITED);
    subscribers.add(subscriber);
    subscriberConnections.add(pair.client());
    relaySideConnections.add(pair.server());
    int expected = subscribers.size();
    scheduler.runWhile(() -> subscriptionsAnswered < expected, scheduler.nowMicros() + 10_000_000);
    return subscriber;
  }

  /** Starts the media and runs until every subscriber has reported (or 60 s of virtual time). */
  /**
   * A session of {@code listener}'s own (a scripted peer) to this chain's relay over 1 ms links,
   * run until its setup is done.
   */
  void connect(MoqtSessionListener listener, String name) {
    MemoryTransport.Pair pair =
        MemoryTransport.pair(scheduler, MemoryLink.ofDelay(1_000), MemoryLink.ofDelay(1_000), name);
    relay.serve(pair.server(), VERSION);
    MoqtSession.client(pair.client(), listener, VERSION);
    scheduler.runUntil(scheduler.nowMicros() + 100_000);
  }

  void runMedia() {
    publisher.startMedia();
    long limit = scheduler.nowMicros() + 60_000_000;
    scheduler.runWhile(() -> reports.size() < subscribers.size(), limit);
  }
}

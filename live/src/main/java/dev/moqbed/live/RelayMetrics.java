package dev.moqbed.live;

import dev.moqbed.relay.DropReason;
import dev.moqbed.relay.Relay;
import dev.moqbed.relay.RelayObserver;
import dev.moqbed.relay.SessionSnapshot;
import dev.moqbed.relay.SubscribeRefusal;
import dev.moqbed.relay.TrackObserver;
import dev.moqbed.relay.auth.AuthRefusal;
import dev.moqbed.runtime.Scheduler;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The relay's metrics in a Micrometer registry, exposed in Prometheus text format by {@link
 * #scrape()}. Events (objects, bytes, drops, STOP_SENDING, sessions, refusals) are counted as the
 * relay reports them, on its event loop, through meters resolved once per track; levels (sessions,
 * subscriptions, queue depths, open streams, QUIC path statistics) are read from the relay on its
 * event loop at each scrape, so the relay's hot path pays nothing for them. Names and labels:
 * docs/metrics.md.
 */
public final class RelayMetrics implements RelayObserver, AutoCloseable {
  /** How long a scrape waits for the relay's event loop. */
  private static final long SNAPSHOT_TIMEOUT_SECONDS = 2;

  /**
   * Bucket bounds of the added-latency histograms: 50 µs to 5 s, about two per factor of ten below
   * 1 ms and three above, where live media's deadlines sit (audio's 20 ms frame, 250 ms for video).
   */
  private static final Duration[] LATENCY_BUCKETS = {
    Duration.ofNanos(50_000),
    Duration.ofNanos(100_000),
    Duration.ofNanos(250_000),
    Duration.ofNanos(500_000),
    Duration.ofMillis(1),
    Duration.ofMillis(2),
    Duration.ofMillis(5),
    Duration.ofMillis(10),
    Duration.ofMillis(20),
    Duration.ofMillis(50),
    Duration.ofMillis(100),
    Duration.ofMillis(250),
    Duration.ofMillis(500),
    Duration.ofSeconds(1),
    Duration.ofSeconds(5)
  };

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final JvmGcMetrics gcMetrics = new JvmGcMetrics();
  private final Counter sessionsOpened;
  private final Counter sessionsClosed;
  private final Counter sessionsRefused;
  private final Counter earlySubgroupsExpired;
  private final Map<SubscribeRefusal, Counter> subscriptionsRefused =
      new EnumMap<>(SubscribeRefusal.class);
  // By request (publish_namespace, subscribe) and reason: 2 × 6 counters, made up front.
  private final Map<String, Counter> unauthorized = new ConcurrentHashMap<>();
  private final Map<String, Counter> receiveCapClosed = new ConcurrentHashMap<>();
  private final Map<String, TrackMeters> tracks = new ConcurrentHashMap<>();
  private final AtomicLong sessions = new AtomicLong();
  private final AtomicLong subscriptions = new AtomicLong();
  private final AtomicLong trackCount = new AtomicLong();
  private final AtomicLong queuedBytes = new AtomicLong();
  private final AtomicLong queuedObjects = new AtomicLong();
  private final AtomicLong openStreams = new AtomicLong();
  private final PathCounters pathCounters;
  // Null unless asked for: per-session series are unbounded in number on a long-running relay.
  private final SessionMetrics sessionMetrics;
  private volatile Source source;

  /** The relay being observed and the event loop it runs on. */
  private record Source(List<Relay> relays, List<? extends Scheduler> loops) {}

  /** The relay-wide series only, no per-session ones. */
  public RelayMetrics() {
    this(false);
  }

  /**
   * @param perSession also export each open session's queue and path, labelled with its peer's
   *     address ({@code relay --metrics-per-session})
   */
  public RelayMetrics(boolean perSession) {
    sessionsOpened =
        Counter.builder("moqbed.relay.sessions.opened")
            .description("Sessions that completed their setup.")
            .register(registry);
    sessionsClosed =
        Counter.builder("moqbed.relay.sessions.closed")
            .description("Sessions that ended after their setup.")
            .register(registry);
    sessionsRefused =
        Counter.builder("moqbed.relay.sessions.refused")
            .description("Sessions closed at setup because the relay held --max-sessions.")
            .register(registry);
    for (SubscribeRefusal reason : SubscribeRefusal.values()) {
      subscriptionsRefused.put(
          reason,
          Counter.builder("moqbed.relay.subscriptions.refused")
              .description("SUBSCRIBEs answered with SUBSCRIBE_ERROR, by reason.")
              .tag("reason", reason.label())
              .register(registry));
    }
    for (String request : List.of("publish_namespace", "subscribe")) {
      for (AuthRefusal reason : AuthRefusal.values()) {
        unauthorized.put(
            request + "/" + reason.label(),
            Counter.builder("moqbed.relay.requests.unauthorized")
                .description(
                    "PUBLISH_NAMESPACE and SUBSCRIBE refused for their authorization token"
                        + " (--auth-key), by request and reason.")
                .tag("request", request)
                .tag("reason", reason.label())
                .register(registry));
      }
    }
    for (String cap : List.of("session", "total")) {
      receiveCapClosed.put(
          cap,
          Counter.builder("moqbed.relay.sessions.closed.receive.buffer")
              .description(
                  "Sessions closed for the incomplete objects they held, by cap"
                      + " (--max-receive-buffer-per-session, --max-receive-buffer-total).")
              .tag("cap", cap)
              .register(registry));
    }
    earlySubgroupsExpired =
        Counter.builder("moqbed.relay.early.subgroups.expired")
            .description(
                "Subgroup streams stopped after waiting 5 s for the SUBSCRIBE_OK of their track"
                    + " (each a group lost).")
            .register(registry);
    level("moqbed.relay.sessions", "Open sessions (publishers and subscribers).", sessions);
    level("moqbed.relay.subscriptions", "Subscriptions held for subscribers.", subscriptions);
    level("moqbed.relay.tracks", "Tracks with an upstream subscription.", trackCount);
    level("moqbed.relay.queued.bytes", "Payload bytes in all subscribers' queues.", queuedBytes);
    level("moqbed.relay.queued.objects", "Objects in all subscribers' queues.", queuedObjects);
    level("moqbed.relay.open.streams", "Subgroup streams open towards subscribers.", openStreams);
    pathCounters = new PathCounters(registry);
    sessionMetrics = perSession ? new SessionMetrics(registry) : null;
    new JvmMemoryMetrics().bindTo(registry);
    gcMetrics.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
  }

  /** Reads levels from {@code relay}, on {@code loop}, at each scrape from now on. */
  public void attach(Relay relay, Scheduler loop) {
    attach(List.of(relay), List.of(loop));
  }

  /**
   * Reads levels from every loop's relay ({@code relay --loops N}), each on its loop, and sums them
   * at each scrape from now on.
   */
  public void attach(List<Relay> relays, List<? extends Scheduler> loops) {
    source = new Source(List.copyOf(relays), List.copyOf(loops));
  }

  /** Stops reading {@code relay} (it is closing); its levels read 0 until the next attach. */
  public void detach(Relay relay) {
    Source current = source;
    if (current != null && current.relays().contains(relay)) {
      source = null;
    }
  }

  /** All meters in Prometheus text format (0.0.4), with the relay's levels read just now. */
  public synchronized String scrape() {
    String problem = refreshLevels();
    String text = registry.scrape();
    return problem == null ? text : "# " + problem + "\n" + text;
  }

  /** The registry, for tests and for binding more meters. */
  public PrometheusMeterRegistry registry() {
    return registry;
  }

  private String refreshLevels() {
    Source current = source;
    List<SessionSnapshot> snapshots = List.of();
    long tracksNow = 0;
    String problem = null;
    if (current != null) {
      List<CompletableFuture<Levels>> perLoop = new ArrayList<>();
      for (int index = 0; index < current.relays().size(); index++) {
        Relay relay = current.relays().get(index);
        CompletableFuture<Levels> levels = new CompletableFuture<>();
        current
            .loops()
            .get(index)
            .execute(
                () -> levels.complete(new Levels(relay.sessionSnapshots(), relay.trackCount())));
        perLoop.add(levels);
      }
      try {
        List<SessionSnapshot> all = new ArrayList<>();
        for (CompletableFuture<Levels> levels : perLoop) {
          Levels read = levels.get(SNAPSHOT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
          all.addAll(read.sessions());
          tracksNow += read.tracks();
        }
        snapshots = all;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        problem = "interrupted while reading the relay's levels";
      } catch (Exception e) {
        problem = "the relay did not answer within " + SNAPSHOT_TIMEOUT_SECONDS + " s";
      }
    }
    // Only a complete reading counts packets: an empty one would make the next look like new
    // connections, counted twice.
    apply(snapshots, tracksNow, current != null && problem == null);
    return problem;
  }

  /** Prometheus text with the levels of {@code snapshots}, as a scrape of a relay holding them. */
  synchronized String scrape(List<SessionSnapshot> snapshots, long tracksNow) {
    apply(snapshots, tracksNow, true);
    return registry.scrape();
  }

  /** Sets the levels from one reading of the relay; {@code complete}: every loop answered. */
  private void apply(List<SessionSnapshot> snapshots, long tracksNow, boolean complete) {
    long subscriptionsNow = 0;
    long bytesNow = 0;
    long objectsNow = 0;
    long streamsNow = 0;
    for (SessionSnapshot snapshot : snapshots) {
      subscriptionsNow += snapshot.subscriptions();
      bytesNow += snapshot.queuedBytes();
      objectsNow += snapshot.queuedObjects();
      streamsNow += snapshot.openStreams();
    }
    sessions.set(snapshots.size());
    subscriptions.set(subscriptionsNow);
    trackCount.set(tracksNow);
    queuedBytes.set(bytesNow);
    queuedObjects.set(objectsNow);
    openStreams.set(streamsNow);
    if (complete) {
      pathCounters.update(snapshots);
    }
    if (sessionMetrics != null) {
      sessionMetrics.update(snapshots);
    }
  }

  private record Levels(List<SessionSnapshot> sessions, long tracks) {}

  private void level(String name, String description, AtomicLong value) {
    Gauge.builder(name, value, AtomicLong::get).description(description).register(registry);
  }

  // ---- RelayObserver: on the relay's event loop ----

  @Override
  public void onSessionOpened(String peer) {
    sessionsOpened.increment();
  }

  @Override
  public void onSessionClosed(String peer) {
    sessionsClosed.increment();
  }

  @Override
  public void onSessionRefused(String peer) {
    sessionsRefused.increment();
  }

  @Override
  public void onReceiveCapExceeded(String cap) {
    Counter counter = receiveCapClosed.get(cap);
    if (counter != null) {
      counter.increment();
    }
  }

  @Override
  public void onEarlySubgroupExpired() {
    earlySubgroupsExpired.increment();
  }

  @Override
  public void onSubscriptionRefused(SubscribeRefusal reason) {
    subscriptionsRefused.get(reason).increment();
  }

  @Override
  public void onUnauthorized(String request, AuthRefusal reason) {
    Counter counter = unauthorized.get(request + "/" + reason.label());
    if (counter != null) {
      counter.increment();
    }
  }

  @Override
  public TrackObserver track(String track) {
    return tracks.computeIfAbsent(track, this::newTrackMeters);
  }

  private TrackMeters newTrackMeters(String track) {
    Map<DropReason, Counter> drops = new EnumMap<>(DropReason.class);
    for (DropReason reason : DropReason.values()) {
      drops.put(
          reason,
          Counter.builder("moqbed.relay.groups.dropped")
              .description("Groups dropped for one subscriber (stream reset), by reason.")
              .tags("track", track, "reason", reason.label())
              .register(registry));
    }
    return new TrackMeters(
        Counter.builder("moqbed.relay.objects.forwarded")
            .description("Objects handed to a subscriber's connection.")
            .tag("track", track)
            .register(registry),
        Counter.builder("moqbed.relay.bytes.forwarded")
            .description("Payload bytes handed to subscribers' connections.")
            .tag("track", track)
            .register(registry),
        Counter.builder("moqbed.relay.stop.sending.received")
            .description("STOP_SENDING received from subscribers on the track's group streams.")
            .tag("track", track)
            .register(registry),
        drops.values().toArray(new Counter[0]),
        Timer.builder("moqbed.relay.added.latency")
            .description(
                "Time an object spends in the relay: arrival to hand-over to the subscriber's"
                    + " stream or datagram.")
            .tag("track", track)
            .serviceLevelObjectives(LATENCY_BUCKETS)
            .register(registry));
  }

  /** One track's meters, resolved once: the relay's per-object calls look nothing up. */
  private record TrackMeters(
      Counter objects, Counter bytes, Counter stopSending, Counter[] drops, Timer addedLatency)
      implements TrackObserver {
    @Override
    public void onObjectForwarded(long payloadBytes, long addedLatencyMicros) {
      objects.increment();
      bytes.increment(payloadBytes);
      addedLatency.record(Math.max(0, addedLatencyMicros), TimeUnit.MICROSECONDS);
    }

    @Override
    public void onGroupDropped(DropReason reason) {
      drops[reason.ordinal()].increment();
    }

    @Override
    public void onStopSendingReceived() {
      stopSending.increment();
    }
  }

  @Override
  public void close() {
    gcMetrics.close();
    registry.close();
  }
}

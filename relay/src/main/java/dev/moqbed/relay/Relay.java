package dev.moqbed.relay;

import dev.moqbed.media.moqt.MoqtLimits;
import dev.moqbed.media.moqt.MoqtVersion;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.relay.auth.RequestAuthorizer;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.transport.TransportConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * The relay. Every accepted connection ({@link #serve}) gets a session whose handler is a {@link
 * RelayConnection}; a session may publish namespaces, subscribe to tracks, or both, and its
 * connection has one side for each: the {@link UpstreamSide} (what the peer publishes, what the
 * relay receives from it) and the {@link DownstreamSide} (what the peer subscribes to, its queue).
 * What all connections share, the namespaces and the tracks with an upstream subscription, is the
 * {@link Origin}.
 *
 * <p>Forwarding rules:
 *
 * <ul>
 *   <li>One upstream SUBSCRIBE per track, sent when its first subscriber arrives; later subscribers
 *       are answered from it. A SUBSCRIBE for a namespace nobody published gets SUBSCRIBE_ERROR at
 *       once; one the publisher refuses gets the publisher's error.
 *   <li>A subscriber receives a subgroup only if it was subscribed when the subgroup's first object
 *       arrived (it joins at the next group), and the objects of a subgroup go to its stream in
 *       arrival order.
 *   <li>Each subscriber has its own queue: objects wait there until that subscriber's stream can
 *       take them ({@link SubgroupWriter#isWritable()}), so a slow subscriber never holds back the
 *       publisher or the other subscribers. The queue is served by track urgency (the publisher
 *       priority: audio before {@code vlow} before {@code vmid}), and within a track newest group
 *       first; the previous group's stream is demoted one urgency step when a newer one opens, and
 *       a group two or more behind the newest is stale: dropped, its stream reset.
 *   <li>When a queue exceeds {@link RelayConfig#maxQueuedBytesPerSubscriber()}, the oldest group of
 *       the least urgent track is dropped: its stream is reset.
 *   <li>Memory a peer fills: an object longer than {@link RelayConfig#maxObjectBytes()} is refused
 *       when its length arrives; incomplete objects are capped per session and in total ({@link
 *       ReceiveMemory}); streams that arrive before the setup are paused until it is done.
 *   <li>Limits: a session beyond {@link RelayConfig#maxSessions()} is closed after its setup
 *       (INTERNAL_ERROR), a SUBSCRIBE beyond {@link RelayConfig#maxSubscriptionsPerSession()} gets
 *       SUBSCRIBE_ERROR; each refusal is logged.
 *   <li>With {@link RelayConfig#authKey()}, a PUBLISH_NAMESPACE or SUBSCRIBE without a valid token
 *       for its role and namespace is refused (PUBLISH_NAMESPACE_ERROR or SUBSCRIBE_ERROR with the
 *       draft's UNAUTHORIZED, MALFORMED_AUTH_TOKEN or EXPIRED_AUTH_TOKEN), logged and counted.
 *   <li>STOP_SENDING on a subscriber's subgroup stream: that subgroup is reset and dropped for that
 *       subscriber, never reopened; the track resumes with the next group.
 *   <li>Datagrams are forwarded at once to every subscriber of the track.
 *   <li>A publisher's PUBLISH_DONE is passed on once the streams it announced have ended (or after
 *       a grace time), with each subscriber's own stream count; a publisher that disappears ends
 *       its tracks the same way (status GOING_AWAY). A subscriber that disappears frees its queues
 *       at once, and the last one of a track unsubscribes upstream.
 * </ul>
 */
public final class Relay {
  private final RelayContext context;
  private final UpstreamRelays upstreamRelays = new UpstreamRelays();
  private final LoopLinks loops;
  private final Origin origin;
  private final AtomicInteger sessions;
  // Open connections in the order they were accepted: snapshots and statistics list them so.
  private final List<RelayConnection> connections = new ArrayList<>();
  private final SetupGate setupGate;
  private final AddressSessions addressSessions;
  private final ReceiveMemory receiveMemory;
  private final MoqtLimits limits;

  public Relay(Scheduler scheduler, RelayConfig config, RelayEvents events) {
    this(scheduler, config, events, RelayObserver.NONE);
  }

  public Relay(
      Scheduler scheduler, RelayConfig config, RelayEvents events, RelayObserver observer) {
    this(scheduler, config, events, observer, LoopLinks.alone(), RelayShares.of(config));
  }

  /** One event loop's relay in a {@link RelayGroup}: its links and the limits all loops share. */
  Relay(
      Scheduler scheduler,
      RelayConfig config,
      RelayEvents events,
      RelayObserver observer,
      LoopLinks loops,
      RelayShares shares) {
    RequestAuthorizer authorizer =
        config.authKey() == null
            ? RequestAuthorizer.OPEN
            : RequestAuthorizer.withKey(config.authKey(), scheduler);
    this.context = new RelayContext(scheduler, config, events, observer, authorizer);
    this.loops = loops;
    this.origin = new Origin(upstreamRelays, loops);
    loops.bind(origin, context);
    this.sessions = shares.sessions();
    this.setupGate = new SetupGate(context, shares.pendingSetups());
    this.addressSessions = shares.addressSessions();
    this.receiveMemory = new ReceiveMemory(context);
    MoqtLimits defaults = MoqtLimits.DEFAULT;
    this.limits =
        new MoqtLimits(
            defaults.maxControlMessageBytes(),
            config.maxObjectBytes(),
            defaults.maxExtensionHeadersBytes());
  }

  /**
   * Serves a newly accepted connection: a MoQT server session handled by this relay, closed with
   * CONTROL_MESSAGE_TIMEOUT if its setup is not done within {@link
   * RelayConfig#setupTimeoutMicros()}. A connection whose address already has {@link
   * RelayConfig#maxPendingSetupsPerAddress()} connections awaiting their setup is closed at once
   * with TOO_MANY_REQUESTS, before any session state exists.
   */
  public void serve(TransportConnection connection, MoqtVersion version) {
    String address = SetupGate.addressOf(connection.peerDescription());
    if (!setupGate.admits(address)) {
      String reason =
          "too many connections awaiting their MoQT setup from "
              + address
              + " (--max-pending-setups-per-address "
              + context.config().maxPendingSetupsPerAddress()
              + ")";
      context
          .events()
          .onLog("connection from " + connection.peerDescription() + " refused: " + reason);
      connection.close(SessionError.TOO_MANY_REQUESTS.code(), reason);
      return;
    }
    SetupGate.Pending pending = setupGate.watch(address);
    MoqtSession session =
        MoqtSession.server(
            connection,
            new SetupWatch(newSession(address), pending),
            version,
            limits,
            receiveMemory);
    pending.armDeadline(session);
  }

  /** The handler of one accepted connection; beyond the session limit, one that refuses it. */
  private MoqtSessionListener newSession(String address) {
    if (sessions.get() >= context.config().maxSessions()) {
      return new RefusedSession(
          context.config().maxSessions(), context.events(), context.observer());
    }
    RelayConnection connection =
        new RelayConnection(context, origin, false, address, addressSessions, this::forget);
    connections.add(connection);
    sessions.incrementAndGet();
    return connection;
  }

  /**
   * Starts the MoQT client session of a connection this relay opened to another relay. Once it is
   * ready, SUBSCRIBEs for namespaces no publisher announced here go to it (see {@link
   * UpstreamRelays}). It presents {@link RelayConfig#upstreamToken()} in its CLIENT_SETUP (and its
   * SUBSCRIBEs), and what the upstream sends is held to the same limits as any publisher's: the
   * object size and the receive caps, per session and in total, of {@link ReceiveMemory}.
   *
   * @param watch wraps the relay's handler, to learn of the session's readiness and end
   */
  public MoqtSession startUpstreamSession(
      TransportConnection transport,
      MoqtVersion version,
      UnaryOperator<MoqtSessionListener> watch) {
    RelayConnection connection =
        new RelayConnection(context, origin, true, null, addressSessions, this::forget);
    connections.add(connection);
    sessions.incrementAndGet();
    upstreamRelays.add(connection.upstream());
    loops.holdUpstream();
    return MoqtSession.client(
        transport,
        watch.apply(connection),
        version,
        context.config().upstreamToken().parameters(),
        limits,
        receiveMemory);
  }

  /** A connection closed: it is no longer counted, listed, or asked for tracks. */
  private void forget(RelayConnection connection) {
    if (connections.remove(connection)) {
      sessions.decrementAndGet();
    }
    upstreamRelays.remove(connection.upstream());
  }

  /**
   * Bytes of incomplete objects all accepted sessions hold now (at most {@link
   * RelayConfig#maxReceiveBufferTotal()} plus one read).
   */
  public long receiveBufferedBytes() {
    return receiveMemory.totalBytes();
  }

  /** Sessions closed so far for the incomplete objects they held. */
  public long sessionsClosedForReceiveBuffer() {
    return receiveMemory.sessionsClosed();
  }

  /** Sessions currently open. */
  public int sessionCount() {
    return connections.size();
  }

  /** This loop's links to the other loops of its group, for the group. */
  LoopLinks loops() {
    return loops;
  }

  Scheduler scheduler() {
    return context.scheduler();
  }

  /**
   * Tracks with an upstream subscription (on a relay of several loops: of this loop, including the
   * tracks it receives from another loop).
   */
  public int trackCount() {
    return origin.trackCount();
  }

  /**
   * The path statistics of every open session that subscribes to something, in the order the
   * sessions were accepted: the relay's sending side towards each subscriber, where its congestion
   * controller acts.
   */
  public List<SessionPath> subscriberPaths() {
    List<SessionPath> paths = new ArrayList<>();
    for (RelayConnection connection : connections) {
      SessionPath path = connection.subscriberPath();
      if (path != null) {
        paths.add(path);
      }
    }
    return paths;
  }

  /** Per subscription of every open session, what the relay did for it. */
  public List<SubscriberStats> subscriberStats() {
    List<SubscriberStats> stats = new ArrayList<>();
    for (RelayConnection connection : connections) {
      stats.addAll(connection.downstream().stats());
    }
    return stats;
  }

  /** Bytes waiting in all subscribers' queues. */
  public long queuedBytes() {
    long total = 0;
    for (RelayConnection connection : connections) {
      total += connection.downstream().queuedBytes();
    }
    return total;
  }

  /** Every open session as it is now, in the order they were accepted. */
  public List<SessionSnapshot> sessionSnapshots() {
    List<SessionSnapshot> snapshots = new ArrayList<>(connections.size());
    for (RelayConnection connection : connections) {
      snapshots.add(connection.snapshot());
    }
    return snapshots;
  }
}

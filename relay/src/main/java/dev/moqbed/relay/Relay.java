package dev.moqbed.relay;

import dev.moqbed.media.moqt.ControlMessage;
import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceDone;
import dev.moqbed.media.moqt.PublishNamespaceError;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.UnsupportedControlMessage;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;
import dev.moqbed.session.SubgroupReader;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.SubgroupWriterListener;
import dev.moqbed.session.transport.PathStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The relay. Every accepted connection gets a session handler from {@link #newSession()}; a session
 * may publish namespaces (upstream), subscribe to tracks (downstream), or both.
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
 *   <li>Limits: a session beyond {@link RelayConfig#maxSessions()} is closed after its setup
 *       (INTERNAL_ERROR), a SUBSCRIBE beyond {@link RelayConfig#maxSubscriptionsPerSession()} gets
 *       SUBSCRIBE_ERROR; each refusal is logged.
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
  private static final Comparator<Downstream> SERVICE_ORDER =
      Comparator.<Downstream>comparingInt(d -> d.track.publisherPriority)
          .thenComparingInt(d -> d.subscriberPriority)
          .thenComparingLong(d -> d.order);

  private final Scheduler scheduler;
  private final RelayConfig config;
  private final RelayEvents events;
  private final RelayObserver observer;
  private final Map<TrackNamespace, RelaySession> namespaces = new HashMap<>();
  private final Map<TrackKey, RelayTrack> tracks = new HashMap<>();
  private final List<RelaySession> sessions = new ArrayList<>();
  private final UpstreamRelays upstreamRelays = new UpstreamRelays();
  private long nextDownstreamOrder;

  public Relay(Scheduler scheduler, RelayConfig config, RelayEvents events) {
    this(scheduler, config, events, RelayObserver.NONE);
  }

  public Relay(
      Scheduler scheduler, RelayConfig config, RelayEvents events, RelayObserver observer) {
    this.scheduler = scheduler;
    this.config = config;
    this.events = events;
    this.observer = observer;
  }

  /**
   * A handler for one newly accepted connection; pass it to {@link MoqtSession#server}. Beyond
   * {@link RelayConfig#maxSessions()} the handler closes the session once its setup is done.
   */
  public MoqtSessionListener newSession() {
    if (sessions.size() >= config.maxSessions()) {
      return new RefusedSession(config.maxSessions(), events, observer);
    }
    RelaySession session = new RelaySession();
    sessions.add(session);
    return session;
  }

  /**
   * A handler for a connection this relay opened to another relay; pass it to {@link
   * MoqtSession#client}. Once that session is ready, SUBSCRIBEs for namespaces no publisher
   * announced here go to it (see {@link UpstreamRelays}).
   */
  public MoqtSessionListener newUpstreamSession() {
    RelaySession session = new RelaySession();
    sessions.add(session);
    upstreamRelays.add(session);
    return session;
  }

  /** Sessions currently open. */
  public int sessionCount() {
    return sessions.size();
  }

  /** Tracks with an upstream subscription. */
  public int trackCount() {
    return tracks.size();
  }

  /**
   * The path statistics of every open session that subscribes to something, in the order the
   * sessions were accepted: the relay's sending side towards each subscriber, where its congestion
   * controller acts.
   */
  public List<SessionPath> subscriberPaths() {
    List<SessionPath> paths = new ArrayList<>();
    for (RelaySession session : sessions) {
      if (!session.downstreams.isEmpty() && session.session != null) {
        paths.add(new SessionPath(session.peer(), session.session.pathStats()));
      }
    }
    return paths;
  }

  /** Per subscription of every open session, what the relay did for it. */
  public List<SubscriberStats> subscriberStats() {
    List<SubscriberStats> stats = new ArrayList<>();
    for (RelaySession session : sessions) {
      for (Downstream downstream : session.downstreams) {
        stats.add(downstream.stats());
      }
    }
    return stats;
  }

  /** Bytes waiting in all subscribers' queues. */
  public long queuedBytes() {
    long total = 0;
    for (RelaySession session : sessions) {
      total += session.queuedBytes;
    }
    return total;
  }

  /** Every open session as it is now, in the order they were accepted. */
  public List<SessionSnapshot> sessionSnapshots() {
    List<SessionSnapshot> snapshots = new ArrayList<>(sessions.size());
    for (RelaySession session : sessions) {
      snapshots.add(session.snapshot());
    }
    return snapshots;
  }

  private void finishTrack(RelayTrack track, long status, String reason) {
    if (track.ended) {
      return;
    }
    track.ended = true;
    if (track.doneTimer != null) {
      track.doneTimer.cancel();
    }
    tracks.remove(track.key, track);
    track.upstream.tracksByAlias.remove(track.upstreamAlias, track);
    track.upstream.tracksByRequest.remove(track.upstreamRequestId, track);
    for (Downstream downstream : new ArrayList<>(track.downstreams)) {
      RelaySession session = downstream.session;
      if (downstream.active) {
        session.send(
            new PublishDone(downstream.requestId, status, downstream.streamsOpened, reason));
        downstream.ended = true;
        for (GroupDelivery delivery : downstream.groups.values()) {
          delivery.upstreamEnded = true;
        }
        session.schedulePump();
      } else {
        session.send(
            new SubscribeError(
                downstream.requestId, Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST, reason));
        observer.onSubscriptionRefused(SubscribeRefusal.UPSTREAM_ERROR);
        session.removeDownstream(downstream);
      }
    }
    track.downstreams.clear();
  }

  private void checkUpstreamDone(RelayTrack track) {
    if (track.expectedUpstreamStreams >= 0
        && track.upstreamStreamsEnded >= track.expectedUpstreamStreams) {
      finishTrack(track, track.doneStatus, track.doneReason);
    }
  }

  /** One connection: upstream (it publishes), downstream (it subscribes), or both. */
  final class RelaySession implements MoqtSessionListener, SubgroupWriterListener {
    final Map<Long, RelayTrack> tracksByAlias = new HashMap<>();
    final Map<Long, RelayTrack> tracksByRequest = new HashMap<>();
    final List<TrackNamespace> published = new ArrayList<>();
    final Map<Long, Downstream> downstreamsByRequest = new HashMap<>();
    final List<Downstream> downstreams = new ArrayList<>();
    long queuedBytes;
    private MoqtSession session;
    private long nextAlias;
    private boolean pumpScheduled;
    private boolean closed;
    private boolean queueLimitLogged;

    String peer() {
      return session == null ? "?" : session.peer();
    }

    SessionSnapshot snapshot() {
      long objects = 0;
      int streams = 0;
      for (Downstream downstream : downstreams) {
        objects += downstream.queuedObjects();
        streams += downstream.openStreams();
      }
      return new SessionSnapshot(
          peer(),
          !published.isEmpty(),
          downstreams.size(),
          queuedBytes,
          objects,
          streams,
          session == null ? PathStats.UNKNOWN : session.pathStats());
    }

    boolean isReady() {
      return session != null && !closed;
    }

    void send(ControlMessage message) {
      if (session != null && !closed) {
        session.send(message);
      }
    }

    @Override
    public void onReady(MoqtSession session) {
      this.session = session;
      events.onLog(
          (upstreamRelays.contains(this) ? "upstream relay " : "session from ")
              + session.peer()
              + " ready");
      observer.onSessionOpened(session.peer());
    }

    @Override
    public void onControlMessage(MoqtSession session, ControlMessage message) {
      if (message instanceof PublishNamespace publish) {
        onPublishNamespace(publish);
      } else if (message instanceof PublishNamespaceDone done) {
        if (namespaces.remove(done.namespace(), this)) {
          published.remove(done.namespace());
        }
      } else if (message instanceof Subscribe subscribe) {
        onSubscribe(subscribe);
      } else if (message instanceof SubscribeOk ok) {
        onUpstreamSubscribeOk(ok);
      } else if (message instanceof SubscribeError error) {
        RelayTrack track = tracksByRequest.get(error.requestId());
        if (track != null) {
          finishTrack(track, error.errorCode(), error.reason());
        }
      } else if (message instanceof PublishDone done) {
        onUpstreamPublishDone(done);
      } else if (message instanceof Unsubscribe unsubscribe) {
        Downstream downstream = downstreamsByRequest.get(unsubscribe.requestId());
        if (downstream != null) {
          send(
              new PublishDone(
                  downstream.requestId,
                  Draft14Codes.DONE_SUBSCRIPTION_ENDED,
                  downstream.streamsOpened,
                  "unsubscribed"));
          removeDownstream(downstream);
        }
      } else if (message instanceof UnsupportedControlMessage unsupported) {
        events.onLog(
            peer()
                + ": ignoring unsupported message type 0x"
                + Long.toHexString(unsupported.type()));
      }
    }

    private void onPublishNamespace(PublishNamespace publish) {
      RelaySession owner = namespaces.get(publish.namespace());
      if (owner != null && owner != this) {
        send(
            new PublishNamespaceError(
                publish.requestId(),
                Draft14Codes.NAMESPACE_INTERNAL_ERROR,
                "namespace already published by another session"));
        return;
      }
      namespaces.put(publish.namespace(), this);
      published.add(publish.namespace());
      send(new PublishNamespaceOk(publish.requestId()));
      events.onLog(peer() + " publishes " + publish.namespace());
    }

    private void onSubscribe(Subscribe subscribe) {
      TrackKey key = new TrackKey(subscribe.namespace(), subscribe.trackName());
      if (downstreams.size() >= config.maxSubscriptionsPerSession()) {
        String reason =
            "too many subscriptions: at most "
                + config.maxSubscriptionsPerSession()
                + " per session (--max-subscriptions-per-session)";
        send(
            new SubscribeError(
                subscribe.requestId(), Draft14Codes.SUBSCRIBE_INTERNAL_ERROR, reason));
        events.onLog(peer() + ": SUBSCRIBE " + key + " refused: " + reason);
        observer.onSubscriptionRefused(SubscribeRefusal.TOO_MANY_SUBSCRIPTIONS);
        return;
      }
      RelayTrack track = tracks.get(key);
      if (track == null) {
        RelaySession publisher = namespaces.get(subscribe.namespace());
        if (publisher == null || publisher.closed) {
          publisher = upstreamRelays.route(subscribe.namespace());
        }
        if (publisher == null) {
          send(
              new SubscribeError(
                  subscribe.requestId(),
                  Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST,
                  "no publisher for namespace " + subscribe.namespace()));
          observer.onSubscriptionRefused(SubscribeRefusal.NO_PUBLISHER);
          return;
        }
        long upstreamRequest = publisher.session.nextRequestId();
        track = new RelayTrack(key, publisher, upstreamRequest);
        track.observer = observer.track(key.toString());
        tracks.put(key, track);
        publisher.tracksByRequest.put(upstreamRequest, track);
        publisher.send(
            new Subscribe(
                upstreamRequest,
                subscribe.namespace(),
                subscribe.trackName(),
                subscribe.subscriberPriority(),
                GroupOrder.ASCENDING,
                true,
                SubscribeFilter.nextGroupStart(),
                KeyValuePairs.NONE));
      }
      Downstream downstream =
          new Downstream(
              this,
              subscribe.requestId(),
              track,
              subscribe.subscriberPriority(),
              nextDownstreamOrder++);
      track.downstreams.add(downstream);
      downstreamsByRequest.put(subscribe.requestId(), downstream);
      downstreams.add(downstream);
      if (track.active) {
        activate(downstream);
      }
    }

    private void activate(Downstream downstream) {
      downstream.alias = nextAlias++;
      downstream.active = true;
      send(
          new SubscribeOk(
              downstream.requestId,
              downstream.alias,
              0,
              GroupOrder.ASCENDING,
              null,
              KeyValuePairs.NONE));
    }

    private void onUpstreamSubscribeOk(SubscribeOk ok) {
      RelayTrack track = tracksByRequest.get(ok.requestId());
      if (track == null || track.active) {
        return;
      }
      track.active = true;
      track.upstreamAlias = ok.trackAlias();
      tracksByAlias.put(ok.trackAlias(), track);
      for (Downstream downstream : track.downstreams) {
        downstream.session.activate(downstream);
      }
    }

    private void onUpstreamPublishDone(PublishDone done) {
      RelayTrack track = tracksByRequest.get(done.requestId());
      if (track == null) {
        return;
      }
      track.expectedUpstreamStreams = done.streamCount();
      track.doneStatus = done.statusCode();
      track.doneReason = done.reason();
      checkUpstreamDone(track);
      if (!track.ended) {
        track.doneTimer =
            scheduler.scheduleAfter(
                config.publishDoneGraceMicros(),
                () -> finishTrack(track, done.statusCode(), done.reason()));
      }
    }

    void removeDownstream(Downstream downstream) {
      downstreams.remove(downstream);
      downstreamsByRequest.remove(downstream.requestId, downstream);
      for (GroupDelivery delivery : downstream.groups.values()) {
        queuedBytes -= delivery.clear();
        if (!delivery.closed) {
          delivery.closed = true;
          delivery.writer.reset(Draft14Codes.RESET_CANCELLED);
        }
      }
      downstream.groups.clear();
      RelayTrack track = downstream.track;
      if (track.downstreams.remove(downstream)
          && track.downstreams.isEmpty()
          && !track.ended
          && !track.upstream.closed) {
        // The last subscriber left: drop the upstream subscription too.
        track.upstream.send(new Unsubscribe(track.upstreamRequestId));
        track.ended = true;
        tracks.remove(track.key, track);
        track.upstream.tracksByAlias.remove(track.upstreamAlias, track);
        track.upstream.tracksByRequest.remove(track.upstreamRequestId, track);
      }
    }

    // ---- upstream data ----

    @Override
    public void onSubgroupStarted(MoqtSession session, SubgroupReader reader) {
      RelayTrack track = tracksByAlias.get(reader.header().trackAlias());
      if (track == null) {
        reader.stopSending(Draft14Codes.RESET_CANCELLED);
        return;
      }
      reader.attach(track);
      track.upstreamStreamsStarted++;
      track.publisherPriority = reader.header().publisherPriority();
    }

    @Override
    public void onObject(MoqtSession session, SubgroupReader reader, SubgroupObject object) {
      RelayTrack track = (RelayTrack) reader.attachment();
      if (track == null || track.ended) {
        return;
      }
      boolean first = reader.objectsReceived() == 1;
      long arrivalMicros = scheduler.nowMicros();
      SubgroupObject stamped = ArrivalStamp.stamp(object, arrivalMicros);
      for (Downstream downstream : track.downstreams) {
        if (downstream.active && !downstream.ended) {
          downstream.session.offer(downstream, reader.header(), stamped, first, arrivalMicros);
        }
      }
    }

    @Override
    public void onSubgroupEnded(
        MoqtSession session, SubgroupReader reader, boolean reset, long errorCode) {
      RelayTrack track = (RelayTrack) reader.attachment();
      if (track == null) {
        return;
      }
      Location key = new Location(reader.header().groupId(), reader.header().subgroupId());
      for (Downstream downstream : track.downstreams) {
        downstream.session.onUpstreamSubgroupEnded(downstream, key, reset, errorCode);
      }
      track.upstreamStreamsEnded++;
      checkUpstreamDone(track);
    }

    @Override
    public void onDatagram(MoqtSession session, ObjectDatagram datagram) {
      RelayTrack track = tracksByAlias.get(datagram.trackAlias());
      if (track == null || track.ended) {
        return;
      }
      track.publisherPriority = datagram.publisherPriority();
      long arrivalMicros = scheduler.nowMicros();
      ObjectDatagram stamped = ArrivalStamp.stamp(datagram, arrivalMicros);
      for (Downstream downstream : track.downstreams) {
        if (downstream.active && !downstream.ended && downstream.session.session != null) {
          boolean sent =
              downstream.session.session.sendDatagram(
                  ArrivalStamp.forward(stamped, downstream.alias));
          if (sent) {
            downstream.objectsForwarded++;
            track.observer.onObjectForwarded(
                datagram.payload().size(), scheduler.nowMicros() - arrivalMicros);
          }
        }
      }
    }

    // ---- downstream queue ----

    void offer(
        Downstream downstream,
        SubgroupHeader upstream,
        SubgroupObject object,
        boolean first,
        long arrivalMicros) {
      Location key = new Location(upstream.groupId(), upstream.subgroupId());
      GroupDelivery delivery = downstream.groups.get(key);
      if (delivery == null) {
        if (!first || session == null || closed) {
          return; // joined after this subgroup started, or already closed for this subscriber
        }
        SubgroupHeader header =
            new SubgroupHeader(
                downstream.alias,
                upstream.groupId(),
                upstream.subgroupIdMode() == SubgroupIdMode.ZERO
                    ? SubgroupIdMode.ZERO
                    : SubgroupIdMode.EXPLICIT,
                upstream.subgroupId(),
                upstream.publisherPriority(),
                true, // every object carries at least the relay's arrival stamp
                upstream.containsEndOfGroup());
        int urgency = urgency(upstream.publisherPriority());
        SubgroupWriter writer = session.openSubgroup(header, urgency);
        if (writer == null) {
          return;
        }
        // A newer group is more useful than an older one: the previous group's stream steps
        // back one urgency level; groups two or more behind are stale and dropped (reset).
        for (GroupDelivery older : new ArrayList<>(downstream.groups.values())) {
          if (older.closed) {
            continue;
          }
          if (older.groupId() < upstream.groupId() - 1) {
            dropGroup(downstream, older, DropReason.TOO_FAR_BEHIND);
          } else {
            older.writer.setUrgency(Math.min(urgency + 1, MAX_URGENCY));
          }
        }
        delivery = new GroupDelivery(key, writer, downstream);
        writer.attach(delivery);
        writer.setListener(this);
        downstream.groups.put(key, delivery);
        downstream.streamsOpened++;
      }
      if (delivery.closed) {
        return;
      }
      delivery.enqueue(object, arrivalMicros);
      queuedBytes += object.payload().size();
      enforceQueueLimit();
      schedulePump();
    }

    void onUpstreamSubgroupEnded(Downstream downstream, Location key, boolean reset, long code) {
      GroupDelivery delivery = downstream.groups.get(key);
      if (delivery == null) {
        return;
      }
      delivery.upstreamEnded = true;
      if (delivery.closed) {
        downstream.groups.remove(key);
      } else if (reset) {
        queuedBytes -= delivery.clear();
        delivery.closed = true;
        delivery.writer.reset(code);
        downstream.groups.remove(key);
        downstream.track.observer.onGroupDropped(
            code == Draft14Codes.RESET_DELIVERY_TIMEOUT
                ? DropReason.DELIVERY_TIMEOUT
                : DropReason.UPSTREAM_RESET);
      } else {
        schedulePump();
      }
    }

    private void enforceQueueLimit() {
      while (queuedBytes > config.maxQueuedBytesPerSubscriber()) {
        GroupDelivery victim = null;
        Downstream owner = null;
        for (Downstream downstream : downstreams) {
          for (GroupDelivery delivery : downstream.groups.values()) {
            if (!delivery.closed && delivery.pendingBytes > 0) {
              if (owner == null
                  || downstream.track.publisherPriority > owner.track.publisherPriority) {
                victim = delivery;
                owner = downstream;
              }
              break; // the oldest open group of this subscription
            }
          }
        }
        if (victim == null) {
          return;
        }
        if (!queueLimitLogged) {
          queueLimitLogged = true;
          events.onLog(
              peer()
                  + ": queue over "
                  + config.maxQueuedBytesPerSubscriber()
                  + " bytes (--max-buffered-bytes), dropping its oldest groups (logged once)");
        }
        dropGroup(owner, victim, DropReason.QUEUE_FULL);
      }
    }

    private void dropGroup(Downstream owner, GroupDelivery victim, DropReason reason) {
      queuedBytes -= victim.clear();
      victim.closed = true;
      victim.writer.reset(Draft14Codes.RESET_DELIVERY_TIMEOUT);
      owner.groupsDropped++;
      owner.track.observer.onGroupDropped(reason);
      if (victim.upstreamEnded) {
        owner.groups.remove(victim.key);
      }
    }

    void schedulePump() {
      if (!pumpScheduled && !closed) {
        pumpScheduled = true;
        scheduler.execute(this::pump);
      }
    }

    private void pump() {
      pumpScheduled = false;
      if (closed) {
        return;
      }
      List<Downstream> ordered = new ArrayList<>(downstreams);
      ordered.sort(SERVICE_ORDER);
      for (Downstream downstream : ordered) {
        TrackObserver trackObserver = downstream.track.observer;
        Iterator<GroupDelivery> newestFirst = downstream.groups.descendingMap().values().iterator();
        while (newestFirst.hasNext()) {
          GroupDelivery delivery = newestFirst.next();
          if (delivery.closed) {
            continue;
          }
          while (!delivery.pending.isEmpty() && delivery.writer.isWritable()) {
            long arrivalMicros = delivery.nextArrivalMicros();
            SubgroupObject object = delivery.dequeue();
            long size = object.payload().size();
            queuedBytes -= size;
            delivery.writer.write(object);
            downstream.objectsForwarded++;
            trackObserver.onObjectForwarded(size, scheduler.nowMicros() - arrivalMicros);
          }
          if (delivery.pending.isEmpty() && delivery.upstreamEnded) {
            delivery.writer.finish();
            newestFirst.remove();
          }
        }
        if (downstream.ended && downstream.groups.isEmpty()) {
          downstreams.remove(downstream);
          downstreamsByRequest.remove(downstream.requestId, downstream);
        }
      }
    }

    @Override
    public void onStopSending(SubgroupWriter writer, long errorCode) {
      GroupDelivery delivery = (GroupDelivery) writer.attachment();
      if (delivery == null) {
        return;
      }
      TrackObserver trackObserver = delivery.downstream.track.observer;
      trackObserver.onStopSendingReceived();
      if (delivery.closed) {
        return;
      }
      trackObserver.onGroupDropped(DropReason.STOP_SENDING);
      delivery.closed = true;
      queuedBytes -= delivery.clear();
      for (Downstream downstream : downstreams) {
        if (downstream.groups.get(delivery.key) == delivery) {
          downstream.stopSendingReceived++;
          if (delivery.upstreamEnded) {
            downstream.groups.remove(delivery.key);
          }
          break;
        }
      }
    }

    @Override
    public void onWritable(SubgroupWriter writer) {
      schedulePump();
    }

    @Override
    public void onClosed(MoqtSession session, SessionClose close) {
      closed = true;
      sessions.remove(this);
      upstreamRelays.remove(this);
      if (session != null) {
        observer.onSessionClosed(peer());
      }
      if (close.protocolViolation() || (close.byPeer() && close.code() != 0)) {
        events.onLog("session " + peer() + " " + close.describe());
      } else {
        events.onLog("session " + peer() + " ended");
      }
      for (Downstream downstream : new ArrayList<>(downstreams)) {
        removeDownstream(downstream);
      }
      queuedBytes = 0;
      for (TrackNamespace namespace : published) {
        namespaces.remove(namespace, this);
      }
      for (RelayTrack track : new ArrayList<>(tracksByRequest.values())) {
        // The publisher is gone: what reached us is delivered, then the track ends.
        for (Downstream downstream : track.downstreams) {
          for (GroupDelivery delivery : downstream.groups.values()) {
            delivery.upstreamEnded = true;
          }
        }
        finishTrack(track, Draft14Codes.DONE_GOING_AWAY, "publisher gone");
      }
    }
  }

  /** Largest urgency Netty's QUIC codec accepts. */
  static final int MAX_URGENCY = 127;

  static int urgency(int publisherPriority) {
    return Math.min(publisherPriority, MAX_URGENCY);
  }
}

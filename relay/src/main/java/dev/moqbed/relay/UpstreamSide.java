package dev.moqbed.relay;

import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.PublishNamespace;
import dev.moqbed.media.moqt.PublishNamespaceDone;
import dev.moqbed.media.moqt.PublishNamespaceError;
import dev.moqbed.media.moqt.PublishNamespaceOk;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeFilter;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.relay.auth.AuthRefusal;
import dev.moqbed.relay.auth.TokenRole;
import dev.moqbed.session.EarlyDatagrams;
import dev.moqbed.session.EarlySubgroups;
import dev.moqbed.session.SubgroupReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The publishing side of one connection: a peer that publishes namespaces (a publisher, or an
 * upstream relay), and from which the relay receives tracks. It holds the namespaces the peer
 * published, the relay's subscriptions to it (one {@link RelayTrack} each, by request id and, once
 * answered, by track alias), and turns what the peer sends for them (subgroup streams, objects,
 * datagrams, PUBLISH_DONE, SUBSCRIBE_ERROR) into offers to each track's subscriptions.
 *
 * <p>Every connection has one; it stays empty while the peer publishes nothing.
 */
final class UpstreamSide implements TrackSource {
  private final Peer peer;
  private final RelayContext context;
  private final Origin origin;
  private final KeyValuePairs subscribeParameters;
  private final List<TrackNamespace> published = new ArrayList<>();
  // With a key: the token each namespace was published with (null without one), so a newcomer
  // with the very same token may take the namespace over (NamespaceTakeover).
  private final Map<TrackNamespace, byte[]> credentials = new HashMap<>();
  private final Map<Long, RelayTrack> tracksByRequest = new HashMap<>();
  private final Map<Long, RelayTrack> tracksByAlias = new HashMap<>();
  private final EarlyDatagrams earlyDatagrams = new EarlyDatagrams(EarlyDatagrams.DEFAULT_CAPACITY);
  private final EarlySubgroups earlySubgroups;

  /**
   * @param subscribeParameters the parameters of every SUBSCRIBE the relay sends the peer: an
   *     upstream relay's AUTHORIZATION TOKEN, none for a publisher
   */
  UpstreamSide(Peer peer, RelayContext context, Origin origin, KeyValuePairs subscribeParameters) {
    this.peer = peer;
    this.context = context;
    this.origin = origin;
    this.subscribeParameters = subscribeParameters;
    this.earlySubgroups =
        EarlySubgroups.withDefaults(context.scheduler(), this::logExpiredEarlySubgroup);
  }

  boolean isReady() {
    return peer.isReady();
  }

  @Override
  public boolean isClosed() {
    return peer.isClosed();
  }

  /** How long nothing has been received from the peer. */
  long silentMicros() {
    return context.scheduler().nowMicros() - peer.lastHeardMicros();
  }

  /** True while the peer publishes at least one namespace here. */
  boolean publishes() {
    return !published.isEmpty();
  }

  // ---- control messages from the peer ----

  /**
   * A PUBLISH_NAMESPACE: refused without a publish token for the namespace when the relay has a key
   * (checked before the claim, so a squatter cannot hold a namespace it has no token for), or when
   * another session publishes the namespace; otherwise the namespace is this peer's.
   */
  void onPublishNamespace(PublishNamespace publish) {
    AuthRefusal refusal =
        context
            .authorizer()
            .check(TokenRole.PUBLISH, publish.namespace(), publish.parameters(), peer.setupGrant());
    if (refusal != null) {
      peer.send(
          new PublishNamespaceError(
              publish.requestId(),
              refusal.namespaceErrorCode(),
              "unauthorized: " + refusal.label()));
      peer.log(
          peer.name()
              + ": PUBLISH_NAMESPACE "
              + publish.namespace()
              + " refused: unauthorized ("
              + refusal.label()
              + ")");
      context.observer().onUnauthorized("publish_namespace", refusal);
      return;
    }
    byte[] credential =
        context.authorizer().requiresTokens()
            ? NamespaceTakeover.credential(publish.parameters(), peer.setupParameters())
            : null;
    if (origin.claim(publish.namespace(), this) || takeOver(publish.namespace(), credential)) {
      accept(publish, credential);
    } else if (origin.heldByAnotherLoop(publish.namespace())) {
      origin
          .loops()
          .askTakeover(
              publish.namespace(),
              credential,
              granted -> onTakeoverAnswer(publish, credential, granted));
    } else {
      refuseTaken(publish);
    }
  }

  private void accept(PublishNamespace publish, byte[] credential) {
    published.add(publish.namespace());
    credentials.put(publish.namespace(), credential);
    peer.send(new PublishNamespaceOk(publish.requestId()));
    peer.log(peer.name() + " publishes " + publish.namespace());
  }

  private void refuseTaken(PublishNamespace publish) {
    peer.send(
        new PublishNamespaceError(
            publish.requestId(),
            Draft14Codes.NAMESPACE_INTERNAL_ERROR,
            "namespace already published by another session"));
  }

  /**
   * The loop that held the namespace answered ({@link LoopLinks#askTakeover}): granted, the
   * namespace is this session's (or free again if the session closed meanwhile).
   */
  private void onTakeoverAnswer(PublishNamespace publish, byte[] credential, boolean granted) {
    if (granted && peer.isClosed()) {
      origin.loops().release(publish.namespace());
    } else if (granted) {
      origin.adopt(publish.namespace(), this);
      accept(publish, credential);
    } else if (!peer.isClosed()) {
      refuseTaken(publish);
    }
  }

  /** The token {@code namespace} was published with here (null without one). */
  byte[] credentialOf(TrackNamespace namespace) {
    return credentials.get(namespace);
  }

  /**
   * Takes {@code namespace} from the session that holds it, if {@link NamespaceTakeover} allows:
   * the holder hands its tracks over and is closed. False when the holder keeps it.
   */
  private boolean takeOver(TrackNamespace namespace, byte[] credential) {
    UpstreamSide holder = origin.holder(namespace);
    if (holder == null || holder == this) {
      return false;
    }
    String grounds =
        NamespaceTakeover.grounds(
            context, holder.silentMicros(), holder.credentials.get(namespace), credential);
    if (grounds == null) {
      return false;
    }
    origin.transfer(namespace, holder, this);
    context
        .events()
        .onLog(
            peer.name()
                + " takes "
                + namespace
                + " over from "
                + holder.peer.name()
                + ": "
                + grounds);
    holder.handOver(namespace, this, grounds);
    return true;
  }

  /**
   * Another session took {@code namespace} over: each track of it this side feeds is subscribed
   * from {@code successor} instead, and its subscriptions move there under their own request ids
   * and aliases, so a subscriber keeps receiving without subscribing again (what was queued from
   * this side drains; the new publisher's objects follow from its next group). Then this session is
   * closed: after a stall, it is the publisher's lost one.
   */
  void handOver(TrackNamespace namespace, TrackSource successor, String grounds) {
    published.remove(namespace);
    credentials.remove(namespace);
    for (RelayTrack track : new ArrayList<>(tracksByRequest.values())) {
      if (!track.key().namespace().equals(namespace) || track.isEnded()) {
        continue;
      }
      List<Subscription> moving = track.detachSubscriptions();
      List<LoopFeed> feeds = track.detachFeeds();
      track.abandon();
      forget(track);
      if (moving.isEmpty() && feeds.isEmpty()) {
        continue;
      }
      int priority =
          moving.isEmpty() ? feeds.get(0).subscriberPriority() : moving.get(0).subscriberPriority();
      RelayTrack next = successor.subscribe(track.key(), priority);
      for (Subscription subscription : moving) {
        subscription.moveTo(next);
        next.addSubscription(subscription);
      }
      for (LoopFeed feed : feeds) {
        feed.attachTo(next);
        next.addFeed(feed);
      }
    }
    peer.close(
        SessionError.NO_ERROR,
        "namespace " + namespace + " taken over by another session (" + grounds + ")");
  }

  void onPublishNamespaceDone(PublishNamespaceDone done) {
    if (origin.withdraw(done.namespace(), this)) {
      published.remove(done.namespace());
      credentials.remove(done.namespace());
    }
  }

  void onSubscribeOk(SubscribeOk ok) {
    RelayTrack track = tracksByRequest.get(ok.requestId());
    if (track == null || track.isActive()) {
      return;
    }
    track.activate(ok.trackAlias());
    tracksByAlias.put(ok.trackAlias(), track);
    track.activateSubscriptions();
    for (EarlyDatagrams.Held early : earlyDatagrams.take(ok.trackAlias())) {
      offerDatagram(track, early.datagram(), early.arrivalMicros());
    }
    for (SubgroupReader early : earlySubgroups.take(ok.trackAlias())) {
      place(track, early);
      early.resume();
    }
    forgetEarlyArrivalsOnceAnswered();
  }

  void onSubscribeError(SubscribeError error) {
    RelayTrack track = tracksByRequest.get(error.requestId());
    if (track != null) {
      finish(track, error.errorCode(), error.reason());
    }
    forgetEarlyArrivalsOnceAnswered();
  }

  /**
   * The peer ends a track. Its streams may still be in flight, so subscribers hear of it once the
   * number of streams it announced have ended, or after the grace time if some never do.
   */
  void onPublishDone(PublishDone done) {
    RelayTrack track = tracksByRequest.get(done.requestId());
    if (track == null) {
      return;
    }
    track.onPublishDone(done.streamCount(), done.statusCode(), done.reason());
    finishIfAllStreamsEnded(track);
    if (!track.isEnded()) {
      track.setDoneTimer(
          context
              .scheduler()
              .scheduleAfter(
                  context.config().publishDoneGraceMicros(),
                  () -> finish(track, done.statusCode(), done.reason())));
    }
  }

  // ---- requests the relay makes of the peer ----

  /**
   * Subscribes to a track for the relay's subscribers (the first of them asked for it): the new
   * track is pending until the peer's SUBSCRIBE_OK.
   */
  @Override
  public RelayTrack subscribe(TrackKey key, int subscriberPriority) {
    long requestId = peer.nextRequestId();
    RelayTrack track =
        new RelayTrack(key, this, requestId, context.observer().track(key.toString()));
    origin.addTrack(track);
    tracksByRequest.put(requestId, track);
    peer.send(
        new Subscribe(
            requestId,
            key.namespace(),
            key.name(),
            subscriberPriority,
            GroupOrder.ASCENDING,
            true,
            SubscribeFilter.nextGroupStart(),
            subscribeParameters));
    return track;
  }

  /** The track's last subscriber left: the relay's subscription to the peer goes too. */
  @Override
  public void unsubscribe(RelayTrack track) {
    peer.send(new Unsubscribe(track.upstreamRequestId()));
    track.abandon();
    forget(track);
  }

  // ---- media from the peer ----

  // A publisher that opens a group's stream and never answers the SUBSCRIBE it belongs to loses
  // that group: said once per stream (at most 16 per session are held, so at most 16 lines).
  private void logExpiredEarlySubgroup(long trackAlias) {
    context.observer().onEarlySubgroupExpired();
    context
        .events()
        .onLog(
            peer.name()
                + ": a subgroup stream of track alias "
                + trackAlias
                + " waited "
                + EarlySubgroups.DEFAULT_DEADLINE_MICROS / 1_000_000
                + " s for its SUBSCRIBE_OK and was stopped (STOP_SENDING CANCELLED)");
  }

  void onSubgroupStarted(SubgroupReader reader) {
    RelayTrack track = tracksByAlias.get(reader.header().trackAlias());
    if (track == null) {
      // ahead of its SUBSCRIBE_OK: paused until the answer names its alias
      earlySubgroups.hold(reader, awaitsAnswer());
      return;
    }
    place(track, reader);
  }

  private static void place(RelayTrack track, SubgroupReader reader) {
    reader.attach(track);
    track.setPublisherPriority(reader.header().publisherPriority());
  }

  /**
   * Stamps the object with its arrival time once, then offers it to every subscription of its
   * track; each subscriber's side decides whether to queue it.
   */
  void onObject(SubgroupReader reader, SubgroupObject object) {
    RelayTrack track = (RelayTrack) reader.attachment();
    if (track == null || track.isEnded()) {
      return;
    }
    boolean first = reader.objectsReceived() == 1;
    long arrivalMicros = context.scheduler().nowMicros();
    SubgroupObject stamped = ArrivalStamp.stamp(object, arrivalMicros);
    track.offerObject(reader.header(), stamped, first, arrivalMicros);
  }

  void onSubgroupEnded(SubgroupReader reader, boolean reset, long errorCode) {
    RelayTrack track = (RelayTrack) reader.attachment();
    if (track == null) {
      return;
    }
    Location key = new Location(reader.header().groupId(), reader.header().subgroupId());
    track.offerSubgroupEnd(key, reset, errorCode);
    track.onUpstreamStreamEnded();
    finishIfAllStreamsEnded(track);
  }

  /**
   * A datagram is never queued: it goes to every subscriber at once, or is lost. One that arrives
   * ahead of the SUBSCRIBE_OK naming its alias is held until that answer ({@link EarlyDatagrams}).
   */
  void onDatagram(ObjectDatagram datagram) {
    long arrivalMicros = context.scheduler().nowMicros();
    RelayTrack track = tracksByAlias.get(datagram.trackAlias());
    if (track == null) {
      earlyDatagrams.hold(datagram, arrivalMicros, awaitsAnswer());
      return;
    }
    offerDatagram(track, datagram, arrivalMicros);
  }

  private void offerDatagram(RelayTrack track, ObjectDatagram datagram, long arrivalMicros) {
    if (track.isEnded()) {
      return;
    }
    track.setPublisherPriority(datagram.publisherPriority());
    ObjectDatagram stamped = ArrivalStamp.stamp(datagram, arrivalMicros);
    track.offerDatagram(stamped, datagram.payload().size(), arrivalMicros);
  }

  /** Whether a SUBSCRIBE the relay sent this peer is still unanswered. */
  private boolean awaitsAnswer() {
    for (RelayTrack track : tracksByRequest.values()) {
      if (!track.isActive() && !track.isEnded()) {
        return true;
      }
    }
    return false;
  }

  private void forgetEarlyArrivalsOnceAnswered() {
    if ((earlyDatagrams.size() > 0 || earlySubgroups.size() > 0) && !awaitsAnswer()) {
      earlyDatagrams.forget();
      earlySubgroups.forget();
    }
  }

  // ---- the peer goes away ----

  /**
   * The connection closed: its namespaces are free again, and its tracks end for their subscribers
   * once what reached the relay is delivered (status GOING_AWAY).
   */
  void onClosed() {
    earlyDatagrams.forget();
    earlySubgroups.forget();
    for (TrackNamespace namespace : published) {
      origin.withdraw(namespace, this);
    }
    for (RelayTrack track : new ArrayList<>(tracksByRequest.values())) {
      for (Subscription subscription : track.subscriptions()) {
        subscription.markGroupsUpstreamEnded();
      }
      finish(track, Draft14Codes.DONE_GOING_AWAY, "publisher gone");
    }
  }

  private void finishIfAllStreamsEnded(RelayTrack track) {
    if (track.allUpstreamStreamsEnded()) {
      finish(track, track.doneStatus(), track.doneReason());
    }
  }

  /** Ends a track once: every subscription hears {@code status} (or is refused if it waited). */
  private void finish(RelayTrack track, long status, String reason) {
    if (!track.finish()) {
      return;
    }
    if (track.streamsLostUpstream() > 0) {
      context
          .events()
          .onLog(
              peer.name()
                  + ": "
                  + track.key()
                  + ": "
                  + track.streamsLostUpstream()
                  + " subgroup stream(s) announced by PUBLISH_DONE never arrived (reset before"
                  + " their header, or never opened); counted in the subscribers' PUBLISH_DONE");
    }
    forget(track);
    track.endSubscriptions(status, reason);
  }

  /** An ended track: no longer served, nothing more the peer sends for it is read. */
  private void forget(RelayTrack track) {
    origin.removeTrack(track);
    tracksByAlias.remove(track.upstreamAlias(), track);
    tracksByRequest.remove(track.upstreamRequestId(), track);
  }
}

package dev.moqbed.relay;

import dev.moqbed.media.moqt.GroupOrder;
import dev.moqbed.media.moqt.KeyValuePairs;
import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.SharedDatagram;
import dev.moqbed.media.moqt.SharedObjectHead;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.Subscribe;
import dev.moqbed.media.moqt.SubscribeError;
import dev.moqbed.media.moqt.SubscribeOk;
import dev.moqbed.media.moqt.Unsubscribe;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.relay.auth.AuthRefusal;
import dev.moqbed.relay.auth.TokenRole;
import java.util.ArrayList;
import java.util.List;

/**
 * The subscribing side of one connection: a peer that subscribes to tracks (a subscriber, or a
 * downstream relay). It answers the peer's SUBSCRIBE and UNSUBSCRIBE, holds its {@link
 * Subscriptions} and their {@link SubscriberQueue}, and hears from each track's {@link
 * UpstreamSide} what to queue and when the track is done.
 *
 * <p>Every connection has one; it stays empty while the peer subscribes to nothing.
 */
final class DownstreamSide {
  private final Peer peer;
  private final RelayContext context;
  private final Origin origin;
  private final Subscriptions subscriptions;
  private final SubscriberQueue queue;
  // The track alias of the next subscription answered on this session.
  private long nextAlias;
  // Creation order of this peer's subscriptions, the queue's last tie-break.
  private long nextOrder;

  /**
   * @param afterRemoval told after each subscription is forgotten (its session may hold nothing
   *     now)
   */
  DownstreamSide(Peer peer, RelayContext context, Origin origin, Runnable afterRemoval) {
    this.peer = peer;
    this.subscriptions = new Subscriptions(afterRemoval);
    this.context = context;
    this.origin = origin;
    this.queue = new SubscriberQueue(peer, context, subscriptions);
  }

  String peerName() {
    return peer.name();
  }

  // ---- control messages from the peer ----

  /**
   * A SUBSCRIBE: refused without a subscribe token for its namespace when the relay has a key,
   * beyond the per-session limit or when nobody publishes the namespace; otherwise joins the track,
   * subscribing upstream if it is the track's first subscriber, and is answered at once if the
   * track is already active (else when the upstream answers).
   */
  void onSubscribe(Subscribe subscribe) {
    TrackKey key = new TrackKey(subscribe.namespace(), subscribe.trackName());
    AuthRefusal refusal =
        context
            .authorizer()
            .check(
                TokenRole.SUBSCRIBE,
                subscribe.namespace(),
                subscribe.parameters(),
                peer.setupGrant());
    if (refusal != null) {
      peer.send(
          new SubscribeError(
              subscribe.requestId(),
              refusal.subscribeErrorCode(),
              "unauthorized: " + refusal.label()));
      peer.log(
          peer.name() + ": SUBSCRIBE " + key + " refused: unauthorized (" + refusal.label() + ")");
      context.observer().onUnauthorized("subscribe", refusal);
      return;
    }
    int limit = context.config().maxSubscriptionsPerSession();
    if (subscriptions.size() >= limit) {
      String reason =
          "too many subscriptions: at most "
              + limit
              + " per session (--max-subscriptions-per-session)";
      peer.send(
          new SubscribeError(subscribe.requestId(), Draft14Codes.SUBSCRIBE_INTERNAL_ERROR, reason));
      peer.log(peer.name() + ": SUBSCRIBE " + key + " refused: " + reason);
      context.observer().onSubscriptionRefused(SubscribeRefusal.TOO_MANY_SUBSCRIPTIONS);
      return;
    }
    RelayTrack track = origin.track(key);
    if (track == null) {
      TrackSource publisher = origin.publisherOf(subscribe.namespace());
      if (publisher == null) {
        peer.send(
            new SubscribeError(
                subscribe.requestId(),
                Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST,
                "no publisher for namespace " + subscribe.namespace()));
        context.observer().onSubscriptionRefused(SubscribeRefusal.NO_PUBLISHER);
        return;
      }
      track = publisher.subscribe(key, subscribe.subscriberPriority());
    }
    Subscription subscription =
        new Subscription(
            this, subscribe.requestId(), track, subscribe.subscriberPriority(), nextOrder++);
    track.addSubscription(subscription);
    subscriptions.add(subscription);
    if (track.isActive()) {
      activate(subscription);
    }
  }

  void onUnsubscribe(Unsubscribe unsubscribe) {
    Subscription subscription = subscriptions.byRequest(unsubscribe.requestId());
    if (subscription != null) {
      subscription.cancelPublishDone();
      peer.send(
          new PublishDone(
              subscription.requestId(),
              Draft14Codes.DONE_SUBSCRIPTION_ENDED,
              subscription.streamsOpened(),
              "unsubscribed"));
      remove(subscription);
    }
  }

  // ---- what the track's upstream side reports ----

  /** The track is active: SUBSCRIBE_OK with this session's next alias, and objects flow. */
  void activate(Subscription subscription) {
    subscription.activate(nextAlias++);
    peer.send(
        new SubscribeOk(
            subscription.requestId(),
            subscription.alias(),
            0,
            GroupOrder.ASCENDING,
            null,
            KeyValuePairs.NONE));
  }

  /**
   * The track ended. An answered subscription gets PUBLISH_DONE with its own stream count (once
   * none of its subgroups waits for stream credit any more) and drains what is queued; one still
   * waiting for the upstream's answer gets SUBSCRIBE_ERROR.
   */
  void onTrackFinished(Subscription subscription, long status, String reason) {
    if (subscription.isActive()) {
      subscription.end(status, reason);
      queue.onSubscriptionEnded(subscription);
    } else {
      peer.send(
          new SubscribeError(
              subscription.requestId(), Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST, reason));
      context.observer().onSubscriptionRefused(SubscribeRefusal.UPSTREAM_ERROR);
      remove(subscription);
    }
  }

  void offer(
      Subscription subscription,
      SubgroupHeader upstream,
      Location key,
      SubgroupObject object,
      SharedObjectHead head,
      boolean first,
      long arrivalMicros) {
    queue.offer(subscription, upstream, key, object, head, first, arrivalMicros);
  }

  void onUpstreamSubgroupEnded(Subscription subscription, Location key, boolean reset, long code) {
    queue.onUpstreamSubgroupEnded(subscription, key, reset, code);
  }

  /** The peer allows more subgroup streams again. */
  void onStreamCredit() {
    queue.onStreamCredit();
  }

  /**
   * Sends a datagram of the subscription's track at once, under the subscriber's alias; what
   * follows the alias is encoded once for all the subscribers ({@code shared}).
   */
  void forwardDatagram(
      Subscription subscription, SharedDatagram shared, long payloadBytes, long arrivalMicros) {
    if (!peer.hasSession()) {
      return;
    }
    if (peer.sendDatagram(shared, subscription.alias())) {
      subscription.onObjectForwarded();
      subscription
          .track()
          .observer()
          .onObjectForwarded(payloadBytes, context.scheduler().nowMicros() - arrivalMicros);
    }
  }

  // ---- going away ----

  /**
   * Forgets a subscription: its streams are reset and its queue dropped; if it was its track's
   * last, the relay's own subscription upstream goes too.
   */
  private void remove(Subscription subscription) {
    subscriptions.remove(subscription);
    queue.discard(subscription);
    RelayTrack track = subscription.track();
    if (track.removeSubscription(subscription)) {
      track.releaseIfUnused();
    }
  }

  /** The connection closed: every subscription goes, its queue with it. */
  void onClosed() {
    for (Subscription subscription : subscriptions.copy()) {
      remove(subscription);
    }
    queue.clear();
  }

  // ---- levels, for snapshots and statistics ----

  boolean hasSubscriptions() {
    return !subscriptions.isEmpty();
  }

  int subscriptionCount() {
    return subscriptions.size();
  }

  long queuedBytes() {
    return queue.queuedBytes();
  }

  long queuedObjects() {
    long objects = 0;
    for (Subscription subscription : subscriptions.all()) {
      objects += subscription.queuedObjects();
    }
    return objects;
  }

  int openStreams() {
    int streams = 0;
    for (Subscription subscription : subscriptions.all()) {
      streams += subscription.openStreams();
    }
    return streams;
  }

  List<SubscriberStats> stats() {
    List<SubscriberStats> stats = new ArrayList<>(subscriptions.size());
    for (Subscription subscription : subscriptions.all()) {
      stats.add(subscription.stats());
    }
    return stats;
  }
}

package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.SharedObjectHead;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupIdMode;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.session.SubgroupWriter;
import dev.moqbed.session.SubgroupWriterListener;
import java.util.function.Predicate;

/**
 * One subscribing peer's queue: the objects of all its subscriptions that its streams could not
 * take yet, so that a slow subscriber never holds back the publisher or the other subscribers.
 *
 * <p>It opens a stream to the peer per subgroup, queues objects on it in arrival order and hands
 * them over as the streams become writable, most urgent track first and within a track newest group
 * first. It drops what is no longer worth sending: groups two or more behind their track's newest,
 * the oldest group of the least urgent track when the queue is over {@link
 * RelayConfig#maxQueuedBytesPerSubscriber()}, and a subgroup whose stream the subscriber stopped
 * (STOP_SENDING) or the publisher reset. A subgroup that finds the subscriber's stream limit
 * reached waits for credit ({@link StreamCredit}) under the same policy.
 */
final class SubscriberQueue implements SubgroupWriterListener {
  /** Largest urgency Netty's QUIC codec accepts. */
  private static final int MAX_URGENCY = 127;

  private final Peer peer;
  private final RelayContext context;
  private final Subscriptions subscriptions;
  private final StreamCredit credit;
  // Made once: a method reference that captures this is a new object at each evaluation.
  private final Runnable pumpTask = this::pump;
  private final Predicate<GroupDelivery> streamOpener = this::openStream;
  private long queuedBytes;
  private boolean pumpScheduled;
  private boolean limitLogged;

  SubscriberQueue(Peer peer, RelayContext context, Subscriptions subscriptions) {
    this.peer = peer;
    this.context = context;
    this.subscriptions = subscriptions;
    this.credit = new StreamCredit(peer, subscriptions);
  }

  /** Payload bytes waiting, over all subscriptions. */
  long queuedBytes() {
    return queuedBytes;
  }

  /**
   * Queues one object of a subgroup for {@code subscription}. The subgroup's stream is opened with
   * its first object; a subscription that joined after that never gets the subgroup (it starts with
   * the next one). {@code key} is the subgroup's (group, subgroup) and {@code head} the holder of
   * the object's encoded head, both made once per object for all subscribers.
   */
  void offer(
      Subscription subscription,
      SubgroupHeader upstream,
      Location key,
      SubgroupObject object,
      SharedObjectHead head,
      boolean first,
      long arrivalMicros) {
    GroupDelivery delivery = subscription.delivery(key);
    if (delivery == null) {
      if (!first || !peer.isReady()) {
        return; // joined after this subgroup started, or already closed for this subscriber
      }
      delivery = open(subscription, key, upstream);
      if (delivery == null) {
        return;
      }
    }
    if (delivery.isClosed()) {
      return;
    }
    delivery.enqueue(object, head, arrivalMicros);
    queuedBytes += object.payload().size();
    enforceLimit();
    schedulePump();
  }

  /**
   * Starts a new subgroup: opens its stream, or makes it wait for stream credit; null when the
   * session cannot open one.
   */
  private GroupDelivery open(Subscription subscription, Location key, SubgroupHeader upstream) {
    SubgroupHeader header =
        new SubgroupHeader(
            subscription.alias(),
            upstream.groupId(),
            upstream.subgroupIdMode() == SubgroupIdMode.ZERO
                ? SubgroupIdMode.ZERO
                : SubgroupIdMode.EXPLICIT,
            upstream.subgroupId(),
            upstream.publisherPriority(),
            true, // every object carries at least the relay's arrival stamp
            upstream.containsEndOfGroup());
    int urgency = urgency(upstream.publisherPriority());
    GroupDelivery delivery = new GroupDelivery(key, header, urgency, subscription);
    boolean waits = credit.newSubgroupMustWait();
    if (!waits && !openStream(delivery)) {
      return null;
    }
    // A newer group is more useful than an older one: the previous group's stream steps back one
    // urgency level; groups two or more behind are stale and dropped (reset; a waiting one never
    // gets its stream). Also while the new group waits: staleness is about the media, not credit.
    for (GroupDelivery older : subscription.deliveriesOldestFirst()) {
      if (older.isClosed()) {
        continue;
      }
      if (older.groupId() < upstream.groupId() - 1) {
        drop(older, DropReason.TOO_FAR_BEHIND);
      } else {
        older.setUrgency(Math.min(urgency + 1, MAX_URGENCY));
      }
    }
    subscription.addDelivery(delivery);
    if (waits) {
      credit.onWaiting();
    }
    return delivery;
  }

  /** Opens the stream of {@code delivery}; false when the session cannot. */
  private boolean openStream(GroupDelivery delivery) {
    SubgroupWriter writer = peer.openSubgroup(delivery.header(), delivery.urgency());
    if (writer == null) {
      return false;
    }
    delivery.attach(writer);
    writer.attach(delivery);
    writer.setListener(this);
    delivery.subscription().onStreamOpened();
    return true;
  }

  /** The subscriber allows more streams: waiting subgroups get theirs at the next pump. */
  void onStreamCredit() {
    schedulePump();
  }

  /**
   * The track of {@code subscription} ended: PUBLISH_DONE goes out now, or once no subgroup of it
   * waits for a stream any more (its count must be final).
   */
  void onSubscriptionEnded(Subscription subscription) {
    sendPublishDoneIfDue(subscription);
    schedulePump();
  }

  private void sendPublishDoneIfDue(Subscription subscription) {
    PublishDone done = subscription.takeDuePublishDone();
    if (done != null) {
      peer.send(done);
    }
  }

  /**
   * The publisher's stream of one subgroup ended. Finished: what is queued still goes out, then the
   * stream is finished. Reset: the reset is passed on at once, with the publisher's code.
   */
  void onUpstreamSubgroupEnded(Subscription subscription, Location key, boolean reset, long code) {
    GroupDelivery delivery = subscription.delivery(key);
    if (delivery == null) {
      return;
    }
    boolean waited = delivery.isWaiting();
    delivery.markUpstreamEnded();
    if (delivery.isClosed()) {
      subscription.removeDelivery(key);
    } else if (reset) {
      queuedBytes -= delivery.clear();
      delivery.reset(code);
      subscription.removeDelivery(key);
      subscription
          .track()
          .observer()
          .onGroupDropped(
              code == Draft14Codes.RESET_DELIVERY_TIMEOUT
                  ? DropReason.DELIVERY_TIMEOUT
                  : DropReason.UPSTREAM_RESET);
      if (waited) {
        schedulePump(); // a PUBLISH_DONE may have waited for it
      }
    } else {
      schedulePump();
    }
  }

  /** The subscription goes away: its streams are reset, what it had queued is dropped. */
  void discard(Subscription subscription) {
    queuedBytes -= subscription.cancelAll(Draft14Codes.RESET_CANCELLED);
  }

  /** The session closed: nothing is queued any more. */
  void clear() {
    queuedBytes = 0;
  }

  /** Serves the queue once the current event is done (many events may ask within one). */
  void schedulePump() {
    if (!pumpScheduled && !peer.isClosed()) {
      pumpScheduled = true;
      context.scheduler().execute(pumpTask);
    }
  }

  private void pump() {
    pumpScheduled = false;
    if (peer.isClosed()) {
      return;
    }
    credit.openWaiting(streamOpener);
    for (Subscription subscription : subscriptions.inServiceOrder()) {
      if (subscription == null) {
        break; // the end of the service order
      }
      queuedBytes -= subscription.forwardWritable(context.scheduler());
      sendPublishDoneIfDue(subscription);
      if (subscription.isDrained()) {
        subscriptions.remove(subscription);
      }
    }
  }

  /** Over the limit: drops the oldest group of the least urgent track until under it. */
  private void enforceLimit() {
    while (queuedBytes > context.config().maxQueuedBytesPerSubscriber()) {
      GroupDelivery victim = null;
      for (Subscription subscription : subscriptions.all()) {
        GroupDelivery oldest = subscription.oldestQueued();
        if (oldest != null
            && (victim == null
                || subscription.track().publisherPriority()
                    > victim.subscription().track().publisherPriority())) {
          victim = oldest;
        }
      }
      if (victim == null) {
        return;
      }
      if (!limitLogged) {
        limitLogged = true;
        context
            .events()
            .onLog(
                peer.name()
                    + ": queue over "
                    + context.config().maxQueuedBytesPerSubscriber()
                    + " bytes (--max-buffered-bytes), dropping its oldest groups (logged once)");
      }
      drop(victim, DropReason.QUEUE_FULL);
    }
  }

  private void drop(GroupDelivery victim, DropReason reason) {
    if (victim.isWaiting()) {
      schedulePump(); // a PUBLISH_DONE may have waited for it
    }
    queuedBytes -= victim.clear();
    victim.reset(Draft14Codes.RESET_DELIVERY_TIMEOUT);
    Subscription owner = victim.subscription();
    owner.track().observer().onGroupDropped(reason);
    owner.onGroupDropped(victim);
  }

  @Override
  public void onStopSending(SubgroupWriter writer, long errorCode) {
    GroupDelivery delivery = (GroupDelivery) writer.attachment();
    if (delivery == null) {
      return;
    }
    TrackObserver trackObserver = delivery.subscription().track().observer();
    trackObserver.onStopSendingReceived();
    if (delivery.isClosed()) {
      return;
    }
    trackObserver.onGroupDropped(DropReason.STOP_SENDING);
    delivery.onStopped();
    queuedBytes -= delivery.clear();
    // A stream the relay had already finished is no longer held: the subscription does not count
    // it.
    Subscription owner = delivery.subscription();
    if (owner.holds(delivery)) {
      owner.onStopSending(delivery);
    }
  }

  @Override
  public void onWritable(SubgroupWriter writer) {
    schedulePump();
  }

  /** The stream urgency of a publisher priority: the same number, within what QUIC accepts. */
  private static int urgency(int publisherPriority) {
    return Math.min(publisherPriority, MAX_URGENCY);
  }
}

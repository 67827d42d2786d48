package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.PublishDone;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.runtime.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * One subscriber's subscription to one track at the relay: the request it answers, the alias the
 * subscriber knows the track by, the subgroups on their way to it by (group, subgroup), and what
 * the relay did for it.
 *
 * <p>Its life: pending (the track's upstream has not answered yet), then active (SUBSCRIBE_OK sent,
 * objects flow), then ended (the last queued objects drain; PUBLISH_DONE goes out once every
 * subgroup still waiting for the subscriber's stream credit has its stream or was dropped, so its
 * stream count is final), then removed by its {@link DownstreamSide}.
 */
final class Subscription {
  private final DownstreamSide side;
  private final long requestId;
  // Changes only when a new session takes the track's namespace over (see moveTo).
  private RelayTrack track;
  private final int subscriberPriority;
  private final long order;
  // Ordered by location, so the first entries are the oldest groups and the last the newest.
  private final TreeMap<Location, GroupDelivery> groups = new TreeMap<>();
  private long alias = -1;
  private boolean active;
  private boolean ended;
  private long objectsForwarded;
  private long streamsOpened;
  private long stopSendingReceived;
  private long groupsDropped;
  // The track's subgroups that had started when this was answered: 0 when it could have had all.
  private long subgroupsBeforeActive;
  // Streams the track's source announced and never delivered, for PUBLISH_DONE's count.
  private long streamsLostUpstream;
  // PUBLISH_DONE's reason from the track's end until it is sent (null before and after), and its
  // status.
  private String pendingDoneReason;
  private long pendingDoneStatus;

  /**
   * @param order the relay-wide creation order, the last tie-break when queues are served
   */
  Subscription(
      DownstreamSide side, long requestId, RelayTrack track, int subscriberPriority, long order) {
    this.side = side;
    this.requestId = requestId;
    this.track = track;
    this.subscriberPriority = subscriberPriority;
    this.order = order;
  }

  /** The subscribing side of the connection this subscription belongs to. */
  DownstreamSide side() {
    return side;
  }

  long requestId() {
    return requestId;
  }

  RelayTrack track() {
    return track;
  }

  int subscriberPriority() {
    return subscriberPriority;
  }

  long order() {
    return order;
  }

  /** The track alias on the subscriber's session, -1 until active. */
  long alias() {
    return alias;
  }

  boolean isActive() {
    return active;
  }

  boolean isEnded() {
    return ended;
  }

  /** True while objects of the track should be queued for it: answered and not yet done. */
  boolean takesObjects() {
    return active && !ended;
  }

  long streamsOpened() {
    return streamsOpened;
  }

  /**
   * The track's publisher was replaced by a new session (a namespace takeover): the subscription
   * goes on under the same request id and alias, fed by {@code next}, the relay's subscription on
   * the new session. The subgroups already queued are complete as they are: their publisher is
   * gone.
   */
  void moveTo(RelayTrack next) {
    markGroupsUpstreamEnded();
    track = next;
  }

  /** SUBSCRIBE_OK goes out with this alias: objects flow from now on. */
  void activate(long alias) {
    this.alias = alias;
    this.active = true;
    subgroupsBeforeActive = track.subgroupsStarted();
  }

  /**
   * The track ended with {@code status}: nothing new is queued, and every subgroup already queued
   * is complete as it is (it drains, then its stream is finished). PUBLISH_DONE is due from now on,
   * see {@link #takeDuePublishDone()}.
   */
  void end(long status, String reason) {
    ended = true;
    // Streams lost before the relay are passed on only to a subscription that had every subgroup
    // from the track's first: one that joined later may have joined after them.
    streamsLostUpstream = subgroupsBeforeActive == 0 ? track.streamsLostUpstream() : 0;
    pendingDoneStatus = status;
    pendingDoneReason = reason;
    markGroupsUpstreamEnded();
  }

  /**
   * PUBLISH_DONE, once, when it is due: the track ended and no subgroup still waits for a stream,
   * so the count is of the streams really opened, plus those the track's source announced and never
   * delivered here (the subscriber then finds streams missing, as it would had this relay lost
   * them), and no stream follows it. Null otherwise.
   */
  PublishDone takeDuePublishDone() {
    if (pendingDoneReason == null || hasWaitingStreams()) {
      return null;
    }
    // Below the varint's largest value, which would say "unknown" (a source may claim any count).
    long count =
        Math.min(streamsOpened + streamsLostUpstream, Draft14Codes.DONE_STREAM_COUNT_UNKNOWN - 1);
    PublishDone done = new PublishDone(requestId, pendingDoneStatus, count, pendingDoneReason);
    pendingDoneReason = null;
    return done;
  }

  /** The subscriber unsubscribed: its own PUBLISH_DONE replaces one still due. */
  void cancelPublishDone() {
    pendingDoneReason = null;
  }

  /** True while a subgroup waits for the subscriber's stream credit. */
  boolean hasWaitingStreams() {
    for (GroupDelivery delivery : groups.values()) {
      if (delivery.isWaiting()) {
        return true;
      }
    }
    return false;
  }

  /** The publisher is gone: every subgroup already queued is complete as it is. */
  void markGroupsUpstreamEnded() {
    for (GroupDelivery delivery : groups.values()) {
      delivery.markUpstreamEnded();
    }
  }

  /** Ended, PUBLISH_DONE sent and drained: its side can forget it. */
  boolean isDrained() {
    return ended && pendingDoneReason == null && groups.isEmpty();
  }

  /** The delivery of one subgroup, or null if none is open for it. */
  GroupDelivery delivery(Location key) {
    return groups.get(key);
  }

  /** True if {@code delivery} is the one this subscription holds for its subgroup. */
  boolean holds(GroupDelivery delivery) {
    return groups.get(delivery.key()) == delivery;
  }

  /** Its deliveries, oldest first, as a copy: the caller may drop some while walking it. */
  List<GroupDelivery> deliveriesOldestFirst() {
    return new ArrayList<>(groups.values());
  }

  /** A new subgroup for the subscriber, its stream opened or waiting for credit. */
  void addDelivery(GroupDelivery delivery) {
    groups.put(delivery.key(), delivery);
  }

  /** One of its subgroups got its stream: PUBLISH_DONE counts it. */
  void onStreamOpened() {
    streamsOpened++;
  }

  /** Forgets the delivery of one subgroup (its stream is done). */
  void removeDelivery(Location key) {
    groups.remove(key);
  }

  /**
   * The oldest subgroup that still has bytes waiting on an open stream, or null: what the queue
   * limit drops first.
   */
  GroupDelivery oldestQueued() {
    for (GroupDelivery delivery : groups.values()) {
      if (!delivery.isClosed() && delivery.queuedBytes() > 0) {
        return delivery;
      }
    }
    return null;
  }

  /**
   * Hands what its streams take, newest group first (the newest is the most useful to a live
   * viewer); finishes and forgets each subgroup that is complete. Returns the payload bytes handed
   * over.
   */
  long forwardWritable(Clock clock) {
    long forwarded = 0;
    TrackObserver trackObserver = track.observer();
    // Walked by key, newest first: lastKey and lowerKey return keys the map holds, where a
    // descending view, its values and their iterator were three objects per subscription per pump.
    Location key = groups.isEmpty() ? null : groups.lastKey();
    while (key != null) {
      GroupDelivery delivery = groups.get(key);
      if (!delivery.isClosed()) {
        forwarded += delivery.forwardWritable(clock, trackObserver);
        if (delivery.finishIfComplete()) {
          groups.remove(key);
        }
      }
      key = groups.lowerKey(key); // also when key itself was just removed
    }
    return forwarded;
  }

  /**
   * Resets every stream still open (the subscription is going away) and forgets them all; returns
   * the payload bytes that were waiting.
   */
  long cancelAll(long errorCode) {
    long dropped = 0;
    for (GroupDelivery delivery : groups.values()) {
      dropped += delivery.clear();
      if (!delivery.isClosed()) {
        delivery.reset(errorCode);
      }
    }
    groups.clear();
    return dropped;
  }

  void onObjectForwarded() {
    objectsForwarded++;
  }

  /** The relay dropped one of its groups (the delivery is closed already). */
  void onGroupDropped(GroupDelivery delivery) {
    groupsDropped++;
    if (delivery.isUpstreamEnded()) {
      groups.remove(delivery.key());
    }
  }

  /** The subscriber stopped one of its streams (the delivery is closed already). */
  void onStopSending(GroupDelivery delivery) {
    stopSendingReceived++;
    if (delivery.isUpstreamEnded()) {
      groups.remove(delivery.key());
    }
  }

  long queuedObjects() {
    long total = 0;
    for (GroupDelivery delivery : groups.values()) {
      total += delivery.queuedObjects();
    }
    return total;
  }

  int openStreams() {
    int open = 0;
    for (GroupDelivery delivery : groups.values()) {
      if (delivery.hasOpenStream()) {
        open++;
      }
    }
    return open;
  }

  long queuedBytes() {
    long total = 0;
    for (GroupDelivery delivery : groups.values()) {
      total += delivery.queuedBytes();
    }
    return total;
  }

  SubscriberStats stats() {
    return new SubscriberStats(
        side.peerName(),
        track.key().toString(),
        objectsForwarded,
        streamsOpened,
        stopSendingReceived,
        groupsDropped,
        queuedBytes());
  }
}

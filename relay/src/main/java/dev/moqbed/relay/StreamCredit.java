package dev.moqbed.relay;

import java.util.function.Predicate;

/**
 * Which of one subscriber's subgroups wait for its QUIC stream credit, and in what order they get
 * their streams when credit comes.
 *
 * <p>A subscriber's transport limits how many unidirectional streams the relay may have open to it
 * (MAX_STREAMS) and raises the limit as streams end. Opening beyond it is refused, and with Netty's
 * codec the refused stream's id is lost for good (the subscriber counts it as opened, and it never
 * ends), so a subgroup that finds no credit waits, its objects queued as usual, and the relay's
 * existing policy still drops it when it becomes stale or the queue is over its limit.
 *
 * <p>Order: most urgent track first (the queue's service order, the same as the streams' urgencies
 * across tracks), and within a track the oldest waiting group first. Within a track that departs
 * from the urgencies on purpose: the newest group is still being published, so its stream holds a
 * credit until the group ends, while an older waiting group is complete and gives its credit back
 * as soon as it has drained; opening the newest first would hold the older one back until it is
 * stale. It also keeps a track's streams in group order.
 */
final class StreamCredit {
  private final Peer peer;
  private final Subscriptions subscriptions;
  // Set when a subgroup is made to wait; cleared once a scan finds none waiting. Without a stream
  // limit it is never set, and nothing here costs anything.
  private boolean mayHaveWaiting;

  StreamCredit(Peer peer, Subscriptions subscriptions) {
    this.peer = peer;
    this.subscriptions = subscriptions;
  }

  /**
   * True when a new subgroup cannot have its stream at once: the subscriber allows no more now, or
   * subgroups that came earlier wait (they go first, in order, at the next {@link #openWaiting}).
   */
  boolean newSubgroupMustWait() {
    return !peer.canOpenSubgroup() || anyWaiting();
  }

  /** A subgroup was made to wait. */
  void onWaiting() {
    mayHaveWaiting = true;
  }

  /**
   * Gives waiting subgroups their streams in order while the subscriber allows more; {@code open}
   * opens one and returns false when the session could not.
   */
  void openWaiting(Predicate<GroupDelivery> open) {
    if (!mayHaveWaiting) {
      return;
    }
    boolean stillWaiting = false;
    for (Subscription subscription : subscriptions.inServiceOrder()) {
      if (subscription == null) {
        break; // the end of the service order
      }
      for (GroupDelivery delivery : subscription.deliveriesOldestFirst()) {
        if (!delivery.isWaiting()) {
          continue;
        }
        if (stillWaiting || !peer.canOpenSubgroup() || !open.test(delivery)) {
          stillWaiting = true;
        }
      }
    }
    mayHaveWaiting = stillWaiting;
  }

  private boolean anyWaiting() {
    if (!mayHaveWaiting) {
      return false;
    }
    for (Subscription subscription : subscriptions.all()) {
      if (subscription.hasWaitingStreams()) {
        return true;
      }
    }
    mayHaveWaiting = false;
    return false;
  }
}

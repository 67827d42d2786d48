package dev.moqbed.relay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The subscriptions of one subscribing peer, in the order they were made and by request id. Ended
 * subscriptions stay here until their queue has drained, so the queue and the snapshots still see
 * them. Shared by the {@link DownstreamSide}, which adds and removes, and its {@link
 * SubscriberQueue}, which serves them and forgets the drained ones.
 */
final class Subscriptions {
  /**
   * The order the queue serves subscriptions in: most urgent track first (lowest publisher
   * priority: audio before {@code vlow} before {@code vmid}), then the subscriber's own priority,
   * then the older subscription.
   */
  private static final Comparator<Subscription> SERVICE_ORDER =
      Comparator.<Subscription>comparingInt(s -> s.track().publisherPriority())
          .thenComparingInt(Subscription::subscriberPriority)
          .thenComparingLong(Subscription::order);

  private final List<Subscription> inOrder = new ArrayList<>();
  private final Map<Long, Subscription> byRequest = new HashMap<>();
  // The read-only view handed out by all(), made once.
  private final List<Subscription> view = Collections.unmodifiableList(inOrder);
  // Told after each removal: a session that holds nothing any more is watched for idleness.
  private final Runnable afterRemoval;

  Subscriptions(Runnable afterRemoval) {
    this.afterRemoval = afterRemoval;
  }

  void add(Subscription subscription) {
    inOrder.add(subscription);
    byRequest.put(subscription.requestId(), subscription);
  }

  void remove(Subscription subscription) {
    inOrder.remove(subscription);
    byRequest.remove(subscription.requestId(), subscription);
    afterRemoval.run();
  }

  /** The subscription made with this request id, or null. */
  Subscription byRequest(long requestId) {
    return byRequest.get(requestId);
  }

  int size() {
    return inOrder.size();
  }

  boolean isEmpty() {
    return inOrder.isEmpty();
  }

  /** All of them in the order they were made, as a live read-only view. */
  List<Subscription> all() {
    return view;
  }

  /** A copy of all of them, for a caller that removes some as it walks them. */
  List<Subscription> copy() {
    return new ArrayList<>(inOrder);
  }

  /** A copy of all of them in {@link #SERVICE_ORDER}, sorted now (track priorities change). */
  List<Subscription> inServiceOrder() {
    List<Subscription> ordered = new ArrayList<>(inOrder);
    ordered.sort(SERVICE_ORDER);
    return ordered;
  }
}

package dev.moqbed.relay;

import java.util.ArrayList;
import java.util.Arrays;
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
  // The same subscriptions kept in SERVICE_ORDER between pumps (the first `ordered` entries): a
  // pump re-checks the order in one pass instead of copying and sorting, since a track's priority
  // rarely changes (it is set by each subgroup or datagram, almost always to the same value).
  private Subscription[] serviceOrder = new Subscription[4];
  private int ordered;
  // What inServiceOrder() hands out: a copy made into the same array each time, so a caller may
  // remove subscriptions while it walks it, without an allocation per pump.
  private Subscription[] walk = new Subscription[5];
  // Told after each removal: a session that holds nothing any more is watched for idleness.
  private final Runnable afterRemoval;

  Subscriptions(Runnable afterRemoval) {
    this.afterRemoval = afterRemoval;
  }

  void add(Subscription subscription) {
    inOrder.add(subscription);
    byRequest.put(subscription.requestId(), subscription);
    if (ordered == serviceOrder.length) {
      serviceOrder = Arrays.copyOf(serviceOrder, ordered * 2);
    }
    serviceOrder[ordered++] = subscription;
    keepServiceOrder();
  }

  void remove(Subscription subscription) {
    if (inOrder.remove(subscription)) {
      removeFromServiceOrder(subscription);
    }
    byRequest.remove(subscription.requestId(), subscription);
    afterRemoval.run();
  }

  private void removeFromServiceOrder(Subscription subscription) {
    for (int i = 0; i < ordered; i++) {
      if (serviceOrder[i] == subscription) {
        System.arraycopy(serviceOrder, i + 1, serviceOrder, i, ordered - i - 1);
        serviceOrder[--ordered] = null;
        return;
      }
    }
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

  /**
   * All of them in {@link #SERVICE_ORDER} as it is now (track priorities change), followed by a
   * null. The array is the same one at every call and holds a copy: the caller may remove
   * subscriptions while it walks it, and must be done with it before it calls again.
   */
  Subscription[] inServiceOrder() {
    keepServiceOrder();
    if (walk.length <= ordered) {
      walk = new Subscription[serviceOrder.length + 1];
    }
    System.arraycopy(serviceOrder, 0, walk, 0, ordered);
    walk[ordered] = null;
    return walk;
  }

  /**
   * Restores {@link #SERVICE_ORDER} by insertion: one pass of comparisons and no move while no
   * track's priority changed since the last call; the comparator is a total order (the creation
   * order breaks every tie), so the result is the one a full sort gives.
   */
  private void keepServiceOrder() {
    for (int i = 1; i < ordered; i++) {
      Subscription next = serviceOrder[i];
      int j = i - 1;
      while (j >= 0 && SERVICE_ORDER.compare(serviceOrder[j], next) > 0) {
        serviceOrder[j + 1] = serviceOrder[j];
        j--;
      }
      serviceOrder[j + 1] = next;
    }
  }
}

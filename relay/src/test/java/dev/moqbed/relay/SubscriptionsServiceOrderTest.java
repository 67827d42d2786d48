package dev.moqbed.relay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.TrackNamespace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The order a subscriber's queue serves its subscriptions in, kept between pumps instead of sorted
 * at each: most urgent track first, then the subscriber's priority, then the older subscription; a
 * track whose priority changed moves to its new place at the next pump.
 */
class SubscriptionsServiceOrderTest {
  private long nextOrder;

  private RelayTrack track(String name, int publisherPriority) {
    RelayTrack track =
        new RelayTrack(
            new TrackKey(TrackNamespace.of("live"), ByteString.utf8(name)),
            null,
            0,
            TrackObserver.NONE);
    track.setPublisherPriority(publisherPriority);
    return track;
  }

  private Subscription subscribe(Subscriptions to, RelayTrack track, int subscriberPriority) {
    Subscription subscription =
        new Subscription(null, nextOrder, track, subscriberPriority, nextOrder++);
    to.add(subscription);
    return subscription;
  }

  private static List<Subscription> served(Subscriptions subscriptions) {
    List<Subscription> served = new ArrayList<>();
    for (Subscription subscription : subscriptions.inServiceOrder()) {
      if (subscription == null) {
        break;
      }
      served.add(subscription);
    }
    return served;
  }

  @Test
  void servesTheMostUrgentTrackFirstThenTheSubscribersPriorityThenTheOlder() {
    Subscriptions subscriptions = new Subscriptions(() -> {});
    RelayTrack vmid = track("vmid", 3);
    RelayTrack audio = track("a1", 1);
    RelayTrack vlow = track("vlow", 2);
    Subscription mid = subscribe(subscriptions, vmid, 128);
    Subscription lowLater = subscribe(subscriptions, vlow, 128);
    Subscription audioOne = subscribe(subscriptions, audio, 128);
    Subscription lowFirst = subscribe(subscriptions, vlow, 10);
    Subscription audioTwo = subscribe(subscriptions, audio, 128);

    assertEquals(List.of(audioOne, audioTwo, lowFirst, lowLater, mid), served(subscriptions));
    // Kept as it is between pumps: the same order again.
    assertEquals(List.of(audioOne, audioTwo, lowFirst, lowLater, mid), served(subscriptions));
  }

  @Test
  void aTrackWhosePriorityChangedMovesAtTheNextPump() {
    Subscriptions subscriptions = new Subscriptions(() -> {});
    RelayTrack first = track("first", 1);
    RelayTrack second = track("second", 2);
    RelayTrack third = track("third", 3);
    Subscription a = subscribe(subscriptions, first, 128);
    Subscription b = subscribe(subscriptions, second, 128);
    Subscription c = subscribe(subscriptions, third, 128);
    assertEquals(List.of(a, b, c), served(subscriptions));

    third.setPublisherPriority(0);
    assertEquals(List.of(c, a, b), served(subscriptions));
    first.setPublisherPriority(5);
    assertEquals(List.of(c, b, a), served(subscriptions));
  }

  @Test
  void aSubscriptionRemovedWhileTheQueueWalksTheOrderLeavesTheWalkWhole() {
    Subscriptions subscriptions = new Subscriptions(() -> {});
    Subscription a = subscribe(subscriptions, track("a", 1), 128);
    Subscription b = subscribe(subscriptions, track("b", 2), 128);
    Subscription c = subscribe(subscriptions, track("c", 3), 128);

    List<Subscription> walked = new ArrayList<>();
    for (Subscription subscription : subscriptions.inServiceOrder()) {
      if (subscription == null) {
        break;
      }
      walked.add(subscription);
      subscriptions.remove(subscription); // as the pump forgets a drained one
    }

    assertEquals(List.of(a, b, c), walked);
    assertEquals(0, subscriptions.size());
    assertNull(subscriptions.inServiceOrder()[0]);
    Subscription d = subscribe(subscriptions, track("d", 1), 128);
    assertEquals(List.of(d), served(subscriptions));
  }
}

package dev.moqbed.relay;

import dev.moqbed.runtime.TimerHandle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A track as the relay holds it: its one subscription on the publishing side ({@link
 * UpstreamSide}), what that side told about it, and the subscriptions it feeds.
 *
 * <p>Its life: pending (SUBSCRIBE sent upstream), active (SUBSCRIBE_OK received: its alias is
 * known, subscribers are answered), then ended, once: by the upstream's PUBLISH_DONE (after the
 * streams it announced, or a grace time), its SUBSCRIBE_ERROR, its session closing, or the last
 * subscriber leaving.
 */
final class RelayTrack {
  /** The publisher priority assumed until the first subgroup or datagram tells the real one. */
  private static final int UNKNOWN_PUBLISHER_PRIORITY = 128;

  private final TrackKey key;
  private final UpstreamSide upstream;
  private final long upstreamRequestId;
  private final TrackObserver observer;
  // In subscription order: objects are offered to subscribers in the order they subscribed.
  private final List<Subscription> subscriptions = new ArrayList<>();
  // Made once: the view is read for every object that arrives.
  private final List<Subscription> subscriptionsView = Collections.unmodifiableList(subscriptions);
  private long upstreamAlias = -1;
  private boolean active;
  private boolean ended;
  private int publisherPriority = UNKNOWN_PUBLISHER_PRIORITY;
  private long upstreamStreamsEnded;
  // From the upstream's PUBLISH_DONE: how many streams it opened in all (-1 before it came), and
  // the status and reason to pass on once they have all ended.
  private long expectedUpstreamStreams = -1;
  private long doneStatus;
  private String doneReason = "";
  private TimerHandle doneTimer;

  RelayTrack(TrackKey key, UpstreamSide upstream, long upstreamRequestId, TrackObserver observer) {
    this.key = key;
    this.upstream = upstream;
    this.upstreamRequestId = upstreamRequestId;
    this.observer = observer;
  }

  TrackKey key() {
    return key;
  }

  /** The publishing side the relay subscribed to for this track. */
  UpstreamSide upstream() {
    return upstream;
  }

  /** The request id of the relay's SUBSCRIBE on the upstream session. */
  long upstreamRequestId() {
    return upstreamRequestId;
  }

  /** The alias the upstream gave the track, -1 before its SUBSCRIBE_OK. */
  long upstreamAlias() {
    return upstreamAlias;
  }

  TrackObserver observer() {
    return observer;
  }

  boolean isActive() {
    return active;
  }

  boolean isEnded() {
    return ended;
  }

  /**
   * The track's publisher priority (lower is more urgent), as its latest stream or datagram said.
   */
  int publisherPriority() {
    return publisherPriority;
  }

  void setPublisherPriority(int publisherPriority) {
    this.publisherPriority = publisherPriority;
  }

  /** The upstream's SUBSCRIBE_OK: objects will come with {@code alias}. */
  void activate(long alias) {
    active = true;
    upstreamAlias = alias;
  }

  /** The subscriptions it feeds, in subscription order, as a live read-only view. */
  List<Subscription> subscriptions() {
    return subscriptionsView;
  }

  void addSubscription(Subscription subscription) {
    subscriptions.add(subscription);
  }

  /** Returns true if it was one of this track's subscriptions. */
  boolean removeSubscription(Subscription subscription) {
    return subscriptions.remove(subscription);
  }

  boolean hasSubscriptions() {
    return !subscriptions.isEmpty();
  }

  /**
   * Ends the track for good, once: returns false if it had ended already. The subscriptions are
   * then the caller's to answer; {@link #detachSubscriptions()} hands them over.
   */
  boolean finish() {
    if (ended) {
      return false;
    }
    ended = true;
    if (doneTimer != null) {
      doneTimer.cancel();
    }
    return true;
  }

  /**
   * Ends the track because its last subscriber left. A grace timer already running is left to fire
   * and find the track ended.
   */
  void abandon() {
    ended = true;
  }

  /** Its subscriptions, which it forgets: the ended track feeds nobody any more. */
  List<Subscription> detachSubscriptions() {
    List<Subscription> detached = new ArrayList<>(subscriptions);
    subscriptions.clear();
    return detached;
  }

  /** The upstream's PUBLISH_DONE: after {@code streamCount} streams, end with this status. */
  void onPublishDone(long streamCount, long status, String reason) {
    expectedUpstreamStreams = streamCount;
    doneStatus = status;
    doneReason = reason;
  }

  /** What to end the track with if the streams announced by PUBLISH_DONE never all end. */
  void setDoneTimer(TimerHandle timer) {
    doneTimer = timer;
  }

  void onUpstreamStreamEnded() {
    upstreamStreamsEnded++;
  }

  /** True once PUBLISH_DONE came and every stream it announced has ended. */
  boolean allUpstreamStreamsEnded() {
    return expectedUpstreamStreams >= 0 && upstreamStreamsEnded >= expectedUpstreamStreams;
  }

  long doneStatus() {
    return doneStatus;
  }

  String doneReason() {
    return doneReason;
  }
}

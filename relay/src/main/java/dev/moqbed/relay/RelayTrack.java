package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SharedDatagram;
import dev.moqbed.media.moqt.SharedObjectHead;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.runtime.TimerHandle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A track as the relay holds it: its one subscription on the publishing side (a {@link
 * TrackSource}: the publisher's or upstream relay's {@link UpstreamSide}, or another event loop of
 * the same relay), what that side told about it, the subscriptions it feeds, and the other loops it
 * feeds ({@link LoopFeed}: each receives every object once and fans it out to its own subscribers).
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
  private final TrackSource upstream;
  private final long upstreamRequestId;
  private final TrackObserver observer;
  // In subscription order: objects are offered to subscribers in the order they subscribed.
  private final List<Subscription> subscriptions = new ArrayList<>();
  // Made once: the view is read for every object that arrives.
  private final List<Subscription> subscriptionsView = Collections.unmodifiableList(subscriptions);
  // Other loops of the relay whose subscribers this track serves; empty on a relay of one loop.
  private final List<LoopFeed> feeds = new ArrayList<>();
  private long upstreamAlias = -1;
  private boolean active;
  private boolean ended;
  private int publisherPriority = UNKNOWN_PUBLISHER_PRIORITY;
  private long upstreamStreamsEnded;
  // Subgroups whose first object reached this track: what a subscription that joined later missed.
  private long subgroupsStarted;
  // Streams its source announced (PUBLISH_DONE's count) that never reached it, known once it ended.
  private long streamsLostUpstream;
  // From the upstream's PUBLISH_DONE: how many streams it opened in all (-1 before it came), and
  // the status and reason to pass on once they have all ended.
  private long expectedUpstreamStreams = -1;
  private long doneStatus;
  private String doneReason = "";
  private TimerHandle doneTimer;

  RelayTrack(TrackKey key, TrackSource upstream, long upstreamRequestId, TrackObserver observer) {
    this.key = key;
    this.upstream = upstream;
    this.upstreamRequestId = upstreamRequestId;
    this.observer = observer;
  }

  TrackKey key() {
    return key;
  }

  /** The publishing side the relay subscribed to for this track. */
  TrackSource upstream() {
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

  /** True while a subscription here or another loop still wants the track. */
  boolean hasSubscriptions() {
    return !subscriptions.isEmpty() || !feeds.isEmpty();
  }

  /** Another loop wants the track's objects from now on. */
  void addFeed(LoopFeed feed) {
    feeds.add(feed);
  }

  /** Returns true if it was one of this track's feeds. */
  boolean removeFeed(LoopFeed feed) {
    return feeds.remove(feed);
  }

  /** Its feeds, which it forgets (a takeover moves them to the successor's track). */
  List<LoopFeed> detachFeeds() {
    List<LoopFeed> detached = new ArrayList<>(feeds);
    feeds.clear();
    return detached;
  }

  /**
   * Its last subscriber (here or on another loop) left: the relay's own subscription upstream goes
   * too, unless the track ended or its source is gone.
   */
  void releaseIfUnused() {
    if (!hasSubscriptions() && !ended && !upstream.isClosed()) {
      upstream.unsubscribe(this);
    }
  }

  // ---- fan-out: what the source sends, to each subscription and each other loop ----

  /** The source answered: pending subscriptions are answered, other loops told. */
  void activateSubscriptions() {
    for (Subscription subscription : subscriptions) {
      // One moved here by a takeover is answered already: it keeps its alias.
      if (!subscription.isActive()) {
        subscription.side().activate(subscription);
      }
    }
    for (LoopFeed feed : feeds) {
      feed.activated();
    }
  }

  /** An object (already stamped with its arrival) to every subscription that takes objects. */
  void offerObject(
      SubgroupHeader header, SubgroupObject stamped, boolean first, long arrivalMicros) {
    if (first) {
      subgroupsStarted++;
    }
    // The subgroup's key and the object's encoded head, once for every subscriber of this loop;
    // made only when one takes the object.
    Location key = null;
    SharedObjectHead head = null;
    for (Subscription subscription : subscriptions) {
      if (subscription.takesObjects()) {
        if (key == null) {
          key = new Location(header.groupId(), header.subgroupId());
          head = new SharedObjectHead();
        }
        subscription.side().offer(subscription, header, key, stamped, head, first, arrivalMicros);
      }
    }
    for (LoopFeed feed : feeds) {
      feed.object(header, stamped, first, arrivalMicros);
    }
  }

  /** One of the source's subgroups ended (finished, or reset with {@code errorCode}). */
  void offerSubgroupEnd(Location subgroup, boolean reset, long errorCode) {
    for (Subscription subscription : subscriptions) {
      subscription.side().onUpstreamSubgroupEnded(subscription, subgroup, reset, errorCode);
    }
    for (LoopFeed feed : feeds) {
      feed.subgroupEnded(subgroup, reset, errorCode);
    }
  }

  /** A datagram, forwarded at once to every subscription that takes objects. */
  void offerDatagram(ObjectDatagram stamped, long payloadBytes, long arrivalMicros) {
    // Its bytes after the alias, encoded once for every subscriber of this loop.
    SharedDatagram shared = null;
    for (Subscription subscription : subscriptions) {
      if (subscription.takesObjects()) {
        if (shared == null) {
          shared = new SharedDatagram(stamped);
        }
        subscription.side().forwardDatagram(subscription, shared, payloadBytes, arrivalMicros);
      }
    }
    for (LoopFeed feed : feeds) {
      feed.datagram(stamped, payloadBytes, arrivalMicros);
    }
  }

  /**
   * The track ended (after {@link #finish}): every subscription hears {@code status}, or is refused
   * if it waited, and every other loop is told the same.
   */
  void endSubscriptions(long status, String reason) {
    for (Subscription subscription : detachSubscriptions()) {
      subscription.side().onTrackFinished(subscription, status, reason);
    }
    for (LoopFeed feed : detachFeeds()) {
      feed.finished(status, reason, streamsLostUpstream);
    }
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
    // A source that did not know its count (the largest varint) lost nothing we can tell.
    if (expectedUpstreamStreams > upstreamStreamsEnded
        && expectedUpstreamStreams != Draft14Codes.DONE_STREAM_COUNT_UNKNOWN) {
      streamsLostUpstream = expectedUpstreamStreams - upstreamStreamsEnded;
    }
    return true;
  }

  /**
   * Streams its source announced in PUBLISH_DONE that never reached it (reset before their header
   * came, as a relay's stale-group drop can do, or never opened), known once the track ended; for a
   * track fed by another loop, that loop's count. Passed on in the PUBLISH_DONE stream count of the
   * subscriptions that could have had them, so a loss upstream is not silent downstream.
   */
  long streamsLostUpstream() {
    return streamsLostUpstream;
  }

  /** On a track fed by another loop, after {@link #finish}: the holding loop's track's count. */
  void addStreamsLostUpstream(long lost) {
    streamsLostUpstream += lost;
  }

  /** Subgroups whose first object reached the track so far. */
  long subgroupsStarted() {
    return subgroupsStarted;
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

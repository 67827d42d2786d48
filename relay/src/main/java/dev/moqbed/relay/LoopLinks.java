package dev.moqbed.relay;

import dev.moqbed.media.moqt.TrackNamespace;
import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.runtime.Scheduler;
import java.util.function.Consumer;

/**
 * One event loop's place among the loops of a relay ({@link RelayGroup}): which namespaces it holds
 * (through the shared {@link NamespaceDirectory}), the other loops as track sources ({@link
 * LoopSource}), and the requests other loops make of it (a track's objects, a namespace takeover),
 * each run on this loop's thread. A relay of one loop has links to nobody: every namespace is its
 * own and every call answers as before there were loops.
 */
final class LoopLinks {
  private final int index;
  private final NamespaceDirectory directory;
  private Origin origin;
  private RelayContext context;
  // The other loops by index (null at this loop's own index); empty until the group joins them.
  private LoopSource[] sources = new LoopSource[0];

  LoopLinks(int index, NamespaceDirectory directory) {
    this.index = index;
    this.directory = directory;
  }

  /** Links of a relay of one loop. */
  static LoopLinks alone() {
    return new LoopLinks(0, new NamespaceDirectory());
  }

  /** Called once by the relay this belongs to, before any connection. */
  void bind(Origin origin, RelayContext context) {
    this.origin = origin;
    this.context = context;
  }

  /** Called once by the group, before any connection: the other loops, by index. */
  void join(LoopSource[] sources) {
    this.sources = sources.clone();
  }

  int index() {
    return index;
  }

  Origin origin() {
    return origin;
  }

  RelayContext context() {
    return context;
  }

  // ---- namespaces ----

  /** Claims {@code namespace} for this loop; false when another loop holds it. */
  boolean claim(TrackNamespace namespace) {
    return directory.claim(namespace, index) == index;
  }

  /** This loop no longer publishes {@code namespace}. */
  void release(TrackNamespace namespace) {
    directory.release(namespace, index);
  }

  /** True when another loop holds {@code namespace}. */
  boolean heldElsewhere(TrackNamespace namespace) {
    int owner = directory.owner(namespace);
    return owner != NamespaceDirectory.NONE && owner != index && owner < sources.length;
  }

  /** The loop that holds {@code namespace} when it is another one, else null. */
  TrackSource holderOf(TrackNamespace namespace) {
    return heldElsewhere(namespace) ? sources[directory.owner(namespace)] : null;
  }

  /** The loop that links to an upstream relay when it is another one, else null. */
  TrackSource upstreamLoop() {
    int loop = directory.upstreamLoop();
    return loop == NamespaceDirectory.NONE || loop == index || loop >= sources.length
        ? null
        : sources[loop];
  }

  /** This loop links to an upstream relay: the others subscribe through it. */
  void holdUpstream() {
    directory.setUpstreamLoop(index);
  }

  /**
   * Asks the loop that holds {@code namespace} to give it up to a session of this loop ({@link
   * NamespaceTakeover}'s rules, judged there); {@code answer} runs on this loop.
   */
  void askTakeover(TrackNamespace namespace, byte[] credential, Consumer<Boolean> answer) {
    int owner = directory.owner(namespace);
    if (owner == NamespaceDirectory.NONE || owner == index || owner >= sources.length) {
      answer.accept(claim(namespace));
      return;
    }
    Scheduler here = context.scheduler();
    LoopLinks holder = sources[owner].remote();
    sources[owner]
        .remoteLoop()
        .execute(
            () ->
                holder.onTakeoverRequest(
                    namespace,
                    credential,
                    index,
                    granted -> here.execute(() -> answer.accept(granted))));
  }

  // ---- requests from other loops, run on this loop ----

  /**
   * Another loop subscribes to a track whose namespace this loop holds: the feed joins the track
   * (subscribing to the publisher first if nobody here has yet), or hears at once that there is no
   * publisher. Only this loop's own publishers and upstream relays are asked: a request never
   * travels on to a third loop.
   */
  void onFeedRequest(TrackKey key, int subscriberPriority, LoopFeed feed) {
    RelayTrack track = origin.track(key);
    if (track == null) {
      TrackSource publisher = origin.localPublisherOf(key.namespace());
      if (publisher == null) {
        feed.finished(
            Draft14Codes.SUBSCRIBE_TRACK_DOES_NOT_EXIST,
            "no publisher for namespace " + key.namespace(),
            0);
        return;
      }
      track = publisher.subscribe(key, subscriberPriority);
    }
    feed.attachTo(track);
    track.addFeed(feed);
    if (track.isActive()) {
      feed.activated();
    }
  }

  /** The other loop's last subscriber of the feed's track left. */
  void onFeedDropped(LoopFeed feed) {
    RelayTrack track = feed.source();
    if (track != null && track.removeFeed(feed)) {
      track.releaseIfUnused();
    }
  }

  /**
   * A session of loop {@code requester} publishes a namespace this loop holds: granted when the
   * holder here is gone, or when {@link NamespaceTakeover} allows it (the holder's tracks are then
   * subscribed from the requester's loop and the holder is closed).
   */
  void onTakeoverRequest(
      TrackNamespace namespace, byte[] credential, int requester, Consumer<Boolean> reply) {
    UpstreamSide holder = origin.holder(namespace);
    if (holder == null) {
      reply.accept(directory.transfer(namespace, index, requester));
      return;
    }
    String grounds =
        NamespaceTakeover.grounds(
            context, holder.silentMicros(), holder.credentialOf(namespace), credential);
    if (grounds == null) {
      reply.accept(false);
      return;
    }
    origin.surrender(namespace, holder);
    reply.accept(directory.transfer(namespace, index, requester));
    context
        .events()
        .onLog(
            "loop "
                + requester
                + " takes "
                + namespace
                + " over from loop "
                + index
                + ": "
                + grounds);
    holder.handOver(namespace, sources[requester], grounds);
  }
}

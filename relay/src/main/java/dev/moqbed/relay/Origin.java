package dev.moqbed.relay;

import dev.moqbed.media.moqt.TrackNamespace;
import java.util.HashMap;
import java.util.Map;

/**
 * What the relay can serve, shared by all its connections: which publishing side owns each
 * namespace, the tracks it holds an upstream subscription for (one per track, whatever the number
 * of subscribers), and the upstream relays to ask for anything else. moq-dev's relay calls the
 * equivalent its origin. On a relay of several event loops each loop has its own, and its {@link
 * LoopLinks} say which namespaces the other loops hold.
 */
final class Origin {
  private final Map<TrackNamespace, UpstreamSide> namespaces = new HashMap<>();
  private final Map<TrackKey, RelayTrack> tracks = new HashMap<>();
  private final UpstreamRelays upstreamRelays;
  private final LoopLinks loops;

  Origin(UpstreamRelays upstreamRelays, LoopLinks loops) {
    this.upstreamRelays = upstreamRelays;
    this.loops = loops;
  }

  /** This loop among the relay's loops. */
  LoopLinks loops() {
    return loops;
  }

  /**
   * Records that {@code publisher} publishes {@code namespace}; false when another session already
   * does, on this loop or another (the first one keeps it).
   */
  boolean claim(TrackNamespace namespace, UpstreamSide publisher) {
    UpstreamSide owner = namespaces.get(namespace);
    if (owner != null && owner != publisher) {
      return false;
    }
    if (owner == null && !loops.claim(namespace)) {
      return false;
    }
    namespaces.put(namespace, publisher);
    return true;
  }

  /** The session that publishes {@code namespace} here, or null. */
  UpstreamSide holder(TrackNamespace namespace) {
    return namespaces.get(namespace);
  }

  /** {@code successor} publishes {@code namespace} from now on instead of {@code holder}. */
  void transfer(TrackNamespace namespace, UpstreamSide holder, UpstreamSide successor) {
    namespaces.replace(namespace, holder, successor);
  }

  /** {@code publisher} no longer publishes {@code namespace}; false if it did not own it. */
  boolean withdraw(TrackNamespace namespace, UpstreamSide publisher) {
    if (!namespaces.remove(namespace, publisher)) {
      return false;
    }
    loops.release(namespace);
    return true;
  }

  /** True when another loop of the relay holds {@code namespace}. */
  boolean heldByAnotherLoop(TrackNamespace namespace) {
    return loops.heldElsewhere(namespace);
  }

  /** {@code publisher} holds {@code namespace}, which its loop took over from another loop. */
  void adopt(TrackNamespace namespace, UpstreamSide publisher) {
    namespaces.put(namespace, publisher);
  }

  /** Another loop took {@code namespace} over from {@code holder} (the directory says so). */
  void surrender(TrackNamespace namespace, UpstreamSide holder) {
    namespaces.remove(namespace, holder);
  }

  /**
   * Where to subscribe for a track of {@code namespace}: the session that published it on this
   * loop, else the loop that holds it, else an upstream relay (linked from this loop or from
   * another); null when there is none.
   */
  TrackSource publisherOf(TrackNamespace namespace) {
    UpstreamSide publisher = namespaces.get(namespace);
    if (publisher != null && !publisher.isClosed()) {
      return publisher;
    }
    TrackSource elsewhere = loops.holderOf(namespace);
    if (elsewhere != null) {
      return elsewhere;
    }
    UpstreamSide upstream = upstreamRelays.route(namespace);
    return upstream != null ? upstream : loops.upstreamLoop();
  }

  /**
   * As {@link #publisherOf} without asking other loops: what this loop answers when another loop
   * subscribes through it.
   */
  TrackSource localPublisherOf(TrackNamespace namespace) {
    UpstreamSide publisher = namespaces.get(namespace);
    if (publisher != null && !publisher.isClosed()) {
      return publisher;
    }
    return upstreamRelays.route(namespace);
  }

  /** The track with an upstream subscription under this name, or null. */
  RelayTrack track(TrackKey key) {
    return tracks.get(key);
  }

  void addTrack(RelayTrack track) {
    tracks.put(track.key(), track);
  }

  /** Forgets an ended track (only if it is still the one held under its name). */
  void removeTrack(RelayTrack track) {
    tracks.remove(track.key(), track);
  }

  int trackCount() {
    return tracks.size();
  }
}

package dev.moqbed.relay;

import dev.moqbed.media.moqt.TrackNamespace;
import java.util.HashMap;
import java.util.Map;

/**
 * What the relay can serve, shared by all its connections: which publishing side owns each
 * namespace, the tracks it holds an upstream subscription for (one per track, whatever the number
 * of subscribers), and the upstream relays to ask for anything else. moq-dev's relay calls the
 * equivalent its origin.
 */
final class Origin {
  private final Map<TrackNamespace, UpstreamSide> namespaces = new HashMap<>();
  private final Map<TrackKey, RelayTrack> tracks = new HashMap<>();
  private final UpstreamRelays upstreamRelays;

  Origin(UpstreamRelays upstreamRelays) {
    this.upstreamRelays = upstreamRelays;
  }

  /**
   * Records that {@code publisher} publishes {@code namespace}; false when another session already
   * does (the first one keeps it).
   */
  boolean claim(TrackNamespace namespace, UpstreamSide publisher) {
    UpstreamSide owner = namespaces.get(namespace);
    if (owner != null && owner != publisher) {
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
    return namespaces.remove(namespace, publisher);
  }

  /**
   * Where to subscribe for a track of {@code namespace}: the session that published it here, else
   * an upstream relay; null when there is neither.
   */
  UpstreamSide publisherOf(TrackNamespace namespace) {
    UpstreamSide publisher = namespaces.get(namespace);
    if (publisher == null || publisher.isClosed()) {
      publisher = upstreamRelays.route(namespace);
    }
    return publisher;
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

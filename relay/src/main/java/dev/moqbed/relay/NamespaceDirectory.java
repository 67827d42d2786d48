package dev.moqbed.relay;

import dev.moqbed.media.moqt.TrackNamespace;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Which event loop of a relay holds each namespace (its publisher's session runs there), and which
 * loop holds the link to an upstream relay: the one registry all loops share. It is read when a
 * subscriber asks for a track its loop does not hold and written when a namespace is published,
 * withdrawn or taken over; never per object. A concurrent map, so no loop waits for another.
 */
final class NamespaceDirectory {
  /** No loop. */
  static final int NONE = -1;

  private final ConcurrentMap<TrackNamespace, Integer> owners = new ConcurrentHashMap<>();
  private volatile int upstreamLoop = NONE;

  /** Claims {@code namespace} for {@code loop}; returns the loop that holds it now. */
  int claim(TrackNamespace namespace, int loop) {
    Integer held = owners.putIfAbsent(namespace, loop);
    return held == null ? loop : held;
  }

  /** The loop that holds {@code namespace}, or {@link #NONE}. */
  int owner(TrackNamespace namespace) {
    Integer held = owners.get(namespace);
    return held == null ? NONE : held;
  }

  /** {@code loop} no longer holds {@code namespace} (nothing changes if another loop does). */
  void release(TrackNamespace namespace, int loop) {
    owners.remove(namespace, loop);
  }

  /**
   * {@code namespace} moves from {@code from} to {@code to}, or is claimed by {@code to} if nobody
   * holds it; false when a third loop holds it.
   */
  boolean transfer(TrackNamespace namespace, int from, int to) {
    return owners.replace(namespace, from, to) || claim(namespace, to) == to;
  }

  /** The loop whose relay links to an upstream relay ({@code relay --upstream}), or NONE. */
  int upstreamLoop() {
    return upstreamLoop;
  }

  void setUpstreamLoop(int loop) {
    upstreamLoop = loop;
  }
}

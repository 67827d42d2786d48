package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.runtime.Scheduler;
import java.util.HashMap;
import java.util.Map;

/**
 * Another event loop of the same relay as a source of tracks, seen from this loop: as {@code relay
 * --upstream} subscribes to an upstream relay, a loop whose subscriber asks for a track of a
 * namespace another loop holds subscribes to that loop, once per track whatever the number of its
 * own subscribers, but in-process: the request goes to the other loop's task queue, and objects
 * come back through the {@link LoopFeed} without being encoded. Each object then reaches this loop
 * once and is fanned out here to this loop's subscribers, on this loop's thread.
 *
 * <p>Everything here runs on this (the subscribing) loop; the other loop is only reached through
 * its scheduler's {@code execute}.
 */
final class LoopSource implements TrackSource {
  private final RelayContext context;
  private final Origin origin;
  private final LoopLinks remote;
  private final Scheduler remoteLoop;
  // This loop's tracks fed by the other loop, with their feeds.
  private final Map<RelayTrack, LoopFeed> feeds = new HashMap<>();

  LoopSource(RelayContext context, Origin origin, LoopLinks remote, Scheduler remoteLoop) {
    this.context = context;
    this.origin = origin;
    this.remote = remote;
    this.remoteLoop = remoteLoop;
  }

  /** The other loop's links, to be called on its thread only. */
  LoopLinks remote() {
    return remote;
  }

  /** The other loop's scheduler: where calls into {@link #remote()} are posted. */
  Scheduler remoteLoop() {
    return remoteLoop;
  }

  @Override
  public RelayTrack subscribe(TrackKey key, int subscriberPriority) {
    RelayTrack mirror = new RelayTrack(key, this, -1, context.observer().track(key.toString()));
    origin.addTrack(mirror);
    LoopFeed feed = new LoopFeed(this, mirror, context.scheduler(), subscriberPriority);
    feeds.put(mirror, feed);
    remoteLoop.execute(() -> remote.onFeedRequest(key, subscriberPriority, feed));
    return mirror;
  }

  @Override
  public void unsubscribe(RelayTrack mirror) {
    mirror.abandon();
    origin.removeTrack(mirror);
    LoopFeed feed = feeds.remove(mirror);
    if (feed != null) {
      remoteLoop.execute(() -> remote.onFeedDropped(feed));
    }
  }

  /** A loop of the relay never goes away while the relay runs. */
  @Override
  public boolean isClosed() {
    return false;
  }

  // ---- what the other loop's track sends, on this loop; an ended mirror ignores it ----

  void onActivated(RelayTrack mirror) {
    if (!mirror.isEnded() && !mirror.isActive()) {
      mirror.activate(-1);
      mirror.activateSubscriptions();
    }
  }

  void onObject(
      RelayTrack mirror,
      SubgroupHeader header,
      SubgroupObject stamped,
      boolean first,
      long arrivalMicros) {
    if (mirror.isEnded()) {
      return;
    }
    if (first) {
      mirror.setPublisherPriority(header.publisherPriority());
    }
    mirror.offerObject(header, stamped, first, arrivalMicros);
  }

  void onSubgroupEnded(RelayTrack mirror, Location subgroup, boolean reset, long errorCode) {
    if (!mirror.isEnded()) {
      mirror.offerSubgroupEnd(subgroup, reset, errorCode);
    }
  }

  void onDatagram(
      RelayTrack mirror, ObjectDatagram stamped, long payloadBytes, long arrivalMicros) {
    if (!mirror.isEnded()) {
      mirror.setPublisherPriority(stamped.publisherPriority());
      mirror.offerDatagram(stamped, payloadBytes, arrivalMicros);
    }
  }

  /**
   * The other loop's track ended (or could not be subscribed): so does the mirror, once, with the
   * streams that track's source announced and never delivered.
   */
  void onFinished(RelayTrack mirror, long status, String reason, long streamsLostUpstream) {
    if (!mirror.finish()) {
      return;
    }
    mirror.addStreamsLostUpstream(streamsLostUpstream);
    feeds.remove(mirror);
    origin.removeTrack(mirror);
    mirror.endSubscriptions(status, reason);
  }
}

package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.ObjectDatagram;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.runtime.Scheduler;

/**
 * One event loop's subscription to a track another loop holds, seen from the holding loop: the
 * track offers it every object once, as to one more subscriber, and this hands each event to the
 * subscribing loop's task queue (on a real network Netty's lock-free queue of that loop), where its
 * {@link LoopSource} fans it out to that loop's subscribers. Objects cross as they are: immutable
 * records whose payload bytes all loops share, never copied or encoded.
 *
 * <p>Made on the subscribing loop; {@link #attachTo} and the events are called on the holding loop,
 * and only the tasks they post touch the subscribing loop's mirror track.
 */
final class LoopFeed {
  private final LoopSource home;
  private final RelayTrack mirror;
  private final Scheduler homeLoop;
  private final int subscriberPriority;
  // The holding loop's track that feeds this one; only read and written on the holding loop.
  private RelayTrack source;

  LoopFeed(LoopSource home, RelayTrack mirror, Scheduler homeLoop, int subscriberPriority) {
    this.home = home;
    this.mirror = mirror;
    this.homeLoop = homeLoop;
    this.subscriberPriority = subscriberPriority;
  }

  int subscriberPriority() {
    return subscriberPriority;
  }

  /** On the holding loop: the track that feeds this from now on. */
  void attachTo(RelayTrack track) {
    source = track;
  }

  /** On the holding loop: the track that feeds this, null before it is attached. */
  RelayTrack source() {
    return source;
  }

  // ---- events, called on the holding loop, run on the subscribing loop ----

  void activated() {
    homeLoop.execute(() -> home.onActivated(mirror));
  }

  void object(SubgroupHeader header, SubgroupObject stamped, boolean first, long arrivalMicros) {
    homeLoop.execute(() -> home.onObject(mirror, header, stamped, first, arrivalMicros));
  }

  void subgroupEnded(Location subgroup, boolean reset, long errorCode) {
    homeLoop.execute(() -> home.onSubgroupEnded(mirror, subgroup, reset, errorCode));
  }

  void datagram(ObjectDatagram stamped, long payloadBytes, long arrivalMicros) {
    homeLoop.execute(() -> home.onDatagram(mirror, stamped, payloadBytes, arrivalMicros));
  }

  void finished(long status, String reason, long streamsLostUpstream) {
    homeLoop.execute(() -> home.onFinished(mirror, status, reason, streamsLostUpstream));
  }
}

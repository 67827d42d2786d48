package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import java.util.TreeMap;

/**
 * One subscriber's subscription to one track at the relay: its alias on the subscriber's session
 * and the subgroups on their way to it, by (group, subgroup).
 */
final class Downstream {
  final Relay.RelaySession session;
  final long requestId;
  final RelayTrack track;
  final int subscriberPriority;
  final long order;
  final TreeMap<Location, GroupDelivery> groups = new TreeMap<>();
  long alias = -1;
  boolean active;
  boolean ended;
  long objectsForwarded;
  long streamsOpened;
  long stopSendingReceived;
  long groupsDropped;

  Downstream(
      Relay.RelaySession session,
      long requestId,
      RelayTrack track,
      int subscriberPriority,
      long order) {
    this.session = session;
    this.requestId = requestId;
    this.track = track;
    this.subscriberPriority = subscriberPriority;
    this.order = order;
  }

  long queuedObjects() {
    long total = 0;
    for (GroupDelivery delivery : groups.values()) {
      total += delivery.pending.size();
    }
    return total;
  }

  int openStreams() {
    int open = 0;
    for (GroupDelivery delivery : groups.values()) {
      if (!delivery.closed) {
        open++;
      }
    }
    return open;
  }

  long queuedBytes() {
    long total = 0;
    for (GroupDelivery delivery : groups.values()) {
      total += delivery.pendingBytes;
    }
    return total;
  }

  SubscriberStats stats() {
    return new SubscriberStats(
        session.peer(),
        track.key.toString(),
        objectsForwarded,
        streamsOpened,
        stopSendingReceived,
        groupsDropped,
        queuedBytes());
  }
}

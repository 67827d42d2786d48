package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.session.SubgroupWriter;
import java.util.ArrayDeque;

/**
 * One subgroup on its way to one subscriber: the stream opened for it and the objects not yet
 * handed to that stream, in arrival order (a stream's objects are never reordered).
 */
final class GroupDelivery {
  final Location key;
  final SubgroupWriter writer;
  final ArrayDeque<SubgroupObject> pending = new ArrayDeque<>();
  long pendingBytes;
  boolean upstreamEnded;
  boolean closed;

  GroupDelivery(Location key, SubgroupWriter writer) {
    this.key = key;
    this.writer = writer;
  }

  long groupId() {
    return key.group();
  }

  /** Drops the queue and returns how many bytes it held. */
  long clear() {
    long bytes = pendingBytes;
    pending.clear();
    pendingBytes = 0;
    return bytes;
  }
}

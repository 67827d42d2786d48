package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.session.SubgroupWriter;
import java.util.ArrayDeque;

/**
 * One subgroup on its way to one subscriber: the stream opened for it and the objects not yet
 * handed to that stream, in arrival order (a stream's objects are never reordered), each with the
 * time it reached the relay.
 */
final class GroupDelivery {
  final Location key;
  final SubgroupWriter writer;
  final Downstream downstream;
  final ArrayDeque<SubgroupObject> pending = new ArrayDeque<>();
  private final ArrivalTimes arrivals = new ArrivalTimes();
  long pendingBytes;
  boolean upstreamEnded;
  boolean closed;

  GroupDelivery(Location key, SubgroupWriter writer, Downstream downstream) {
    this.key = key;
    this.writer = writer;
    this.downstream = downstream;
  }

  long groupId() {
    return key.group();
  }

  /** Queues one object that reached the relay at {@code arrivalMicros}. */
  void enqueue(SubgroupObject object, long arrivalMicros) {
    pending.add(object);
    arrivals.add(arrivalMicros);
    pendingBytes += object.payload().size();
  }

  /** The arrival time of the next object {@link #dequeue()} returns. */
  long nextArrivalMicros() {
    return arrivals.peek();
  }

  /** Takes the oldest queued object. */
  SubgroupObject dequeue() {
    SubgroupObject object = pending.poll();
    arrivals.poll();
    pendingBytes -= object.payload().size();
    return object;
  }

  /** Drops the queue and returns how many bytes it held. */
  long clear() {
    long bytes = pendingBytes;
    pending.clear();
    arrivals.clear();
    pendingBytes = 0;
    return bytes;
  }

  /** A first-in first-out queue of longs in a growing ring: no boxing per object. */
  private static final class ArrivalTimes {
    private long[] ring = new long[8];
    private int head;
    private int size;

    void add(long value) {
      if (size == ring.length) {
        long[] larger = new long[ring.length * 2];
        for (int i = 0; i < size; i++) {
          larger[i] = ring[(head + i) % ring.length];
        }
        ring = larger;
        head = 0;
      }
      ring[(head + size) % ring.length] = value;
      size++;
    }

    long peek() {
      return ring[head];
    }

    void poll() {
      head = (head + 1) % ring.length;
      size--;
    }

    void clear() {
      head = 0;
      size = 0;
    }
  }
}

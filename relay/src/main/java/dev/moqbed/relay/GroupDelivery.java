package dev.moqbed.relay;

import dev.moqbed.media.moqt.Location;
import dev.moqbed.media.moqt.SharedObjectHead;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.runtime.Clock;
import dev.moqbed.session.SubgroupWriter;
import java.util.ArrayDeque;

/**
 * One subgroup on its way to one subscriber: the stream opened for it and the objects not yet
 * handed to that stream, in arrival order (a stream's objects are never reordered), each with the
 * time it reached the relay.
 *
 * <p>Its stream may not exist yet: while the subscriber's QUIC stream limit allows no more streams,
 * the delivery waits (objects queue as usual) with the header and urgency its stream will be opened
 * with, until the {@link SubscriberQueue} opens it or drops it; a dropped waiting delivery never
 * had a stream, so nothing is sent for it.
 *
 * <p>Two flags tell its state. {@code upstreamEnded}: the publisher's stream for this subgroup
 * ended, so once the queue is empty the stream can be finished. {@code closed}: the stream towards
 * the subscriber is gone (reset by the relay or stopped by the subscriber), or will never be
 * opened, so nothing more is queued for it.
 */
final class GroupDelivery {
  private final Location key;
  private final SubgroupHeader header;
  private final Subscription subscription;
  private final ArrayDeque<SubgroupObject> pending = new ArrayDeque<>();
  // Beside each pending object, the holder of its head that every subscriber's stream shares.
  private final ArrayDeque<SharedObjectHead> pendingHeads = new ArrayDeque<>();
  private final ArrivalTimes arrivals = new ArrivalTimes();
  // Null while waiting for stream credit.
  private SubgroupWriter writer;
  private int urgency;
  private long pendingBytes;
  private boolean upstreamEnded;
  private boolean closed;

  /**
   * @param header the header its stream is opened with (towards the subscriber, with its alias)
   * @param urgency the urgency its stream is opened with, unless {@link #setUrgency} changes it
   */
  GroupDelivery(Location key, SubgroupHeader header, int urgency, Subscription subscription) {
    this.key = key;
    this.header = header;
    this.urgency = urgency;
    this.subscription = subscription;
  }

  SubgroupHeader header() {
    return header;
  }

  /** The urgency its stream has, or will be opened with. */
  int urgency() {
    return urgency;
  }

  /** Its stream was opened: queued objects go to it from now on. */
  void attach(SubgroupWriter opened) {
    this.writer = opened;
  }

  /** Still waiting for the subscriber's stream credit (not opened, not dropped). */
  boolean isWaiting() {
    return writer == null && !closed;
  }

  /** Its stream exists and is not closed. */
  boolean hasOpenStream() {
    return writer != null && !closed;
  }

  /** The subgroup's (group, subgroup) location. */
  Location key() {
    return key;
  }

  long groupId() {
    return key.group();
  }

  /** The subscription this stream belongs to. */
  Subscription subscription() {
    return subscription;
  }

  boolean isClosed() {
    return closed;
  }

  boolean isUpstreamEnded() {
    return upstreamEnded;
  }

  /** The publisher's stream for this subgroup ended (finished, reset, or its track ended). */
  void markUpstreamEnded() {
    upstreamEnded = true;
  }

  /** Payload bytes waiting. */
  long queuedBytes() {
    return pendingBytes;
  }

  /** Objects waiting. */
  int queuedObjects() {
    return pending.size();
  }

  /**
   * Queues one object that reached the relay at {@code arrivalMicros}, with the holder of its
   * encoded head that the other subscribers' streams share.
   */
  void enqueue(SubgroupObject object, SharedObjectHead head, long arrivalMicros) {
    pending.add(object);
    pendingHeads.add(head);
    arrivals.add(arrivalMicros);
    pendingBytes += object.payload().size();
  }

  /** Drops the queue and returns how many bytes it held. */
  long clear() {
    long bytes = pendingBytes;
    pending.clear();
    pendingHeads.clear();
    arrivals.clear();
    pendingBytes = 0;
    return bytes;
  }

  /**
   * Resets the stream towards the subscriber with {@code errorCode}; nothing is sent after. A
   * delivery still waiting for credit is only closed: it never had a stream.
   */
  void reset(long errorCode) {
    closed = true;
    if (writer != null) {
      writer.reset(errorCode);
    }
  }

  /** The subscriber stopped the stream (STOP_SENDING): closed without a reset of our own. */
  void onStopped() {
    closed = true;
  }

  /** Gives the stream this urgency: how a newer group of the same track takes precedence. */
  void setUrgency(int urgency) {
    this.urgency = urgency;
    if (writer != null) {
      writer.setUrgency(urgency);
    }
  }

  /**
   * Hands queued objects to the stream, oldest first, as long as it takes them; reports each to
   * {@code observer} with the time it waited here. Returns the payload bytes handed over.
   */
  long forwardWritable(Clock clock, TrackObserver observer) {
    if (writer == null) {
      return 0;
    }
    long forwarded = 0;
    while (!pending.isEmpty() && writer.isWritable()) {
      long arrivalMicros = arrivals.peek();
      arrivals.poll();
      SubgroupObject object = pending.poll();
      SharedObjectHead head = pendingHeads.poll();
      long size = object.payload().size();
      pendingBytes -= size;
      forwarded += size;
      writer.write(object, head);
      subscription.onObjectForwarded();
      observer.onObjectForwarded(size, clock.nowMicros() - arrivalMicros);
    }
    return forwarded;
  }

  /**
   * Finishes the stream when everything the publisher sent for this subgroup went out; returns true
   * if it did (the delivery is then done).
   */
  boolean finishIfComplete() {
    if (writer != null && pending.isEmpty() && upstreamEnded) {
      writer.finish();
      return true;
    }
    return false;
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

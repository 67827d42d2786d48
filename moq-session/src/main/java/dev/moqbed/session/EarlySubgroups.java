package dev.moqbed.session;

import dev.moqbed.media.moqt.draft14.Draft14Codes;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Subgroup streams whose track alias no SUBSCRIBE_OK has named yet, {@link SubgroupReader#pause()
 * paused} until one does: the stream counterpart of {@link EarlyDatagrams}.
 *
 * <p>A publisher answers a SUBSCRIBE and opens the group's stream at once; its QUIC stack may put
 * that stream's first bytes ahead of the SUBSCRIBE_OK's control-stream bytes in a packet (the
 * project's stack does when the stream is the more urgent), and after a loss the stream's bytes can
 * be delivered before the answer's retransmission. Stopping such a stream lost a whole group (30
 * video frames); paused, it waits for its answer.
 *
 * <p>Bounded against a hostile peer: at most {@code capacity} streams are held, each within its
 * QUIC flow-control credit (the transport stops extending it while paused), and each for at most
 * {@code deadlineMicros}: a peer that never answers its SUBSCRIBE would otherwise keep them (and
 * their transport state) until the session ends. Beyond the capacity, past the deadline, and
 * whenever no answer is awaited, the stream is stopped with STOP_SENDING as before. What is still
 * held once every subscription is answered, or the session ends, is stopped.
 */
public final class EarlySubgroups {
  /** Streams a session holds at most: a group's stream for each of a few tracks, twice over. */
  public static final int DEFAULT_CAPACITY = 16;

  /**
   * How long a stream waits for its SUBSCRIBE_OK: 5 s, the relay's default setup timeout (the time
   * a peer is given for the MoQT setup). An honest answer follows its stream within a round trip,
   * or a few after a loss; a wait of seconds means the answer is not coming.
   */
  public static final long DEFAULT_DEADLINE_MICROS = 5_000_000;

  /** A paused stream and the timer that stops it at its deadline. */
  private record Held(SubgroupReader reader, TimerHandle deadline) {}

  private final int capacity;
  private final Scheduler scheduler;
  private final long deadlineMicros;
  private final LongConsumer onExpired;
  private final List<Held> held = new ArrayList<>();
  private long stopped;
  private long expired;

  /**
   * @param scheduler the session's scheduler: each held stream's deadline is a timer on it
   * @param deadlineMicros how long a stream is held at most before it is stopped (positive)
   */
  public EarlySubgroups(int capacity, Scheduler scheduler, long deadlineMicros) {
    this(capacity, scheduler, deadlineMicros, trackAlias -> {});
  }

  /**
   * @param onExpired hears the track alias of each stream stopped at its deadline, so that the
   *     group it carried is not lost without a word (the relay logs it)
   */
  public EarlySubgroups(
      int capacity, Scheduler scheduler, long deadlineMicros, LongConsumer onExpired) {
    if (capacity < 0) {
      throw new IllegalArgumentException("negative capacity " + capacity);
    }
    if (deadlineMicros <= 0) {
      throw new IllegalArgumentException("deadline must be positive: " + deadlineMicros);
    }
    this.capacity = capacity;
    this.scheduler = scheduler;
    this.deadlineMicros = deadlineMicros;
    this.onExpired = onExpired;
  }

  /** The defaults: {@link #DEFAULT_CAPACITY} streams, each for {@link #DEFAULT_DEADLINE_MICROS}. */
  public static EarlySubgroups withDefaults(Scheduler scheduler) {
    return new EarlySubgroups(DEFAULT_CAPACITY, scheduler, DEFAULT_DEADLINE_MICROS);
  }

  /** The defaults, with {@code onExpired} told of each stream stopped at its deadline. */
  public static EarlySubgroups withDefaults(Scheduler scheduler, LongConsumer onExpired) {
    return new EarlySubgroups(DEFAULT_CAPACITY, scheduler, DEFAULT_DEADLINE_MICROS, onExpired);
  }

  /**
   * Pauses a stream of an unknown alias while {@code answerAwaited}; otherwise, or when {@code
   * capacity} streams are held already, stops it (it belongs to no subscription).
   */
  public void hold(SubgroupReader reader, boolean answerAwaited) {
    if (!answerAwaited || held.size() >= capacity) {
      stop(reader);
      return;
    }
    reader.pause();
    held.add(new Held(reader, scheduler.scheduleAfter(deadlineMicros, () -> expire(reader))));
  }

  /**
   * The held streams of an alias just named, in arrival order, no longer held: the caller attaches
   * its state to each and {@link SubgroupReader#resume() resumes} it.
   */
  public List<SubgroupReader> take(long trackAlias) {
    if (held.isEmpty()) {
      return List.of();
    }
    List<SubgroupReader> taken = new ArrayList<>();
    for (Iterator<Held> each = held.iterator(); each.hasNext(); ) {
      Held next = each.next();
      if (next.reader().header().trackAlias() == trackAlias) {
        next.deadline().cancel();
        taken.add(next.reader());
        each.remove();
      }
    }
    return taken;
  }

  /** Every subscription is answered (or the session ended): what is left belongs to nobody. */
  public void forget() {
    for (Held each : held) {
      each.deadline().cancel();
      stop(each.reader());
    }
    held.clear();
  }

  // The answer did not come in time: the stream is given up like one nobody asked for
  // (CANCELLED, the code a receiver's STOP_SENDING carries; DELIVERY_TIMEOUT names the
  // subscription's own delivery timeout parameter, which this is not).
  private void expire(SubgroupReader reader) {
    for (Iterator<Held> each = held.iterator(); each.hasNext(); ) {
      if (each.next().reader() == reader) {
        each.remove();
        stop(reader);
        expired++;
        onExpired.accept(reader.header().trackAlias());
        return;
      }
    }
  }

  private void stop(SubgroupReader reader) {
    reader.stopSending(Draft14Codes.RESET_CANCELLED);
    stopped++;
  }

  /** Streams held now. */
  public int size() {
    return held.size();
  }

  /**
   * Streams stopped: because nothing awaited an answer, {@code capacity} were held already, their
   * deadline passed, or they were left when every answer had come.
   */
  public long stopped() {
    return stopped;
  }

  /** Of {@link #stopped()}, the streams stopped at their deadline, their answer never come. */
  public long expired() {
    return expired;
  }
}

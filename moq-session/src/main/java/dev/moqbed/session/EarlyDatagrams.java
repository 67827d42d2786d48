package dev.moqbed.session;

import dev.moqbed.media.moqt.ObjectDatagram;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Object datagrams whose track alias no SUBSCRIBE_OK has named yet, held until one does.
 *
 * <p>A publisher answers a SUBSCRIBE and starts the track's media at once, and its QUIC stack may
 * put the first DATAGRAM frame ahead of the SUBSCRIBE_OK's control-stream bytes in the same packet:
 * the project's stack does (at equal priority datagrams go first, picoquic's rule), as may any
 * stack that favours datagrams. Read in order, the datagram names an alias the receiver does not
 * know yet. Dropping it lost a track's first audio frames whenever the answer and the first frame
 * left together (a loaded host); holding it while a subscription awaits its answer keeps them.
 *
 * <p>Bounded against a hostile peer: at most {@code capacity} datagrams (each at most a QUIC
 * datagram frame), the newest dropped and counted beyond; nothing is held while no answer is
 * awaited, and whatever is left is forgotten once every subscription is answered.
 */
public final class EarlyDatagrams {
  /** What a session holds at most: 1 s of 20 ms audio on three tracks, about 70 kB at 1,200 B. */
  public static final int DEFAULT_CAPACITY = 64;

  /** A held datagram and when it arrived (a relay stamps arrival; a subscriber measures it). */
  public record Held(ObjectDatagram datagram, long arrivalMicros) {}

  private final int capacity;
  private final List<Held> held = new ArrayList<>();
  private long dropped;

  public EarlyDatagrams(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("negative capacity " + capacity);
    }
    this.capacity = capacity;
  }

  /**
   * Holds a datagram of an unknown alias while {@code answerAwaited}; returns false when it is not
   * held because nothing awaits an answer (it belongs to no subscription: the caller drops it).
   */
  public boolean hold(ObjectDatagram datagram, long arrivalMicros, boolean answerAwaited) {
    if (!answerAwaited) {
      held.clear();
      return false;
    }
    if (held.size() >= capacity) {
      dropped++;
    } else {
      held.add(new Held(datagram, arrivalMicros));
    }
    return true;
  }

  /** The held datagrams of an alias just named, in arrival order, no longer held. */
  public List<Held> take(long trackAlias) {
    if (held.isEmpty()) {
      return List.of();
    }
    List<Held> taken = new ArrayList<>();
    for (Iterator<Held> each = held.iterator(); each.hasNext(); ) {
      Held next = each.next();
      if (next.datagram().trackAlias() == trackAlias) {
        taken.add(next);
        each.remove();
      }
    }
    return taken;
  }

  /** Every subscription is answered (or the session ended): what is left belongs to nobody. */
  public void forget() {
    held.clear();
  }

  /** Datagrams held now. */
  public int size() {
    return held.size();
  }

  /** Datagrams dropped because {@code capacity} were already held. */
  public long dropped() {
    return dropped;
  }
}

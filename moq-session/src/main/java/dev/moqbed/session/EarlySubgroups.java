package dev.moqbed.session;

import dev.moqbed.media.moqt.draft14.Draft14Codes;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

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
 * QUIC flow-control credit (the transport stops extending it while paused); beyond, and whenever no
 * answer is awaited, the stream is stopped with STOP_SENDING as before. What is still held once
 * every subscription is answered, or the session ends, is stopped.
 */
public final class EarlySubgroups {
  /** Streams a session holds at most: a group's stream for each of a few tracks, twice over. */
  public static final int DEFAULT_CAPACITY = 16;

  private final int capacity;
  private final List<SubgroupReader> held = new ArrayList<>();
  private long stopped;

  public EarlySubgroups(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("negative capacity " + capacity);
    }
    this.capacity = capacity;
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
    held.add(reader);
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
    for (Iterator<SubgroupReader> each = held.iterator(); each.hasNext(); ) {
      SubgroupReader next = each.next();
      if (next.header().trackAlias() == trackAlias) {
        taken.add(next);
        each.remove();
      }
    }
    return taken;
  }

  /** Every subscription is answered (or the session ended): what is left belongs to nobody. */
  public void forget() {
    for (SubgroupReader reader : held) {
      stop(reader);
    }
    held.clear();
  }

  private void stop(SubgroupReader reader) {
    reader.stopSending(Draft14Codes.RESET_CANCELLED);
    stopped++;
  }

  /** Streams held now. */
  public int size() {
    return held.size();
  }

  /** Streams stopped because nothing awaited an answer or {@code capacity} were held already. */
  public long stopped() {
    return stopped;
  }
}

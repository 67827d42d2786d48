package dev.moqbed.relay;

import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.ReceiveBudget;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The relay's caps on incomplete objects: what its peers sent on subgroup streams that does not yet
 * form an object, the memory a stranger can make the relay hold by starting large objects on many
 * streams and never finishing them. An honest publisher holds at most one partial object per stream
 * it is writing (a frame or two of each track).
 *
 * <p>A session above {@link RelayConfig#maxReceiveBufferPerSession()} is closed. When all sessions
 * together pass {@link RelayConfig#maxReceiveBufferTotal()}, the session holding the most is
 * closed: the one that went over may be an honest publisher that merely arrived last, while the
 * largest holder is, below the per-session cap, the likeliest to be a peer that fills and never
 * finishes. Both close with INTERNAL_ERROR: draft-14 has no code for load (its PROTOCOL_VIOLATION
 * would name a rule of the protocol the peer did not break), and INTERNAL_ERROR is what the relay
 * already sends when it is full ({@link RelayConfig#maxSessions()}). Each close is counted ({@link
 * RelayObserver#onReceiveCapExceeded}) and logged within one relay-wide {@link LogBudget}, so many
 * connections of one attacker cost a dozen lines.
 */
final class ReceiveMemory implements ReceiveBudget {
  /** Which cap closed a session, as metrics label it. */
  enum Cap {
    SESSION("session"),
    TOTAL("total");

    private final String label;

    Cap(String label) {
      this.label = label;
    }

    String label() {
      return label;
    }
  }

  private final RelayContext context;
  private final LogBudget logBudget;
  // Sessions that hold something, in the order they began to: a scan finds the largest.
  private final Set<MoqtSession> holders = new LinkedHashSet<>();
  private long totalBytes;
  private long sessionsClosed;

  ReceiveMemory(RelayContext context) {
    this.context = context;
    this.logBudget = new LogBudget(context.scheduler(), context.events());
  }

  /** Bytes of incomplete objects all sessions hold now. */
  long totalBytes() {
    return totalBytes;
  }

  /** Sessions closed by either cap so far. */
  long sessionsClosed() {
    return sessionsClosed;
  }

  @Override
  public void onBufferedChanged(MoqtSession session, long deltaBytes) {
    totalBytes += deltaBytes;
    if (session.bufferedBytes() > 0) {
      holders.add(session);
    } else {
      holders.remove(session);
    }
    if (session.isClosed()) {
      return;
    }
    long perSession = context.config().maxReceiveBufferPerSession();
    if (session.bufferedBytes() > perSession) {
      close(session, Cap.SESSION, "--max-receive-buffer-per-session " + perSession);
      return;
    }
    long total = context.config().maxReceiveBufferTotal();
    if (totalBytes > total) {
      close(largestHolder(), Cap.TOTAL, "--max-receive-buffer-total " + total);
    }
  }

  private MoqtSession largestHolder() {
    MoqtSession largest = null;
    for (MoqtSession holder : holders) {
      if (largest == null || holder.bufferedBytes() > largest.bufferedBytes()) {
        largest = holder;
      }
    }
    return largest;
  }

  private void close(MoqtSession session, Cap cap, String option) {
    long held = session.bufferedBytes();
    String reason = "excessive load: " + held + " bytes of incomplete objects (" + option + ")";
    sessionsClosed++;
    context.observer().onReceiveCapExceeded(cap.label());
    logBudget.log(
        "incomplete objects",
        "session " + session.peer() + " closed: " + reason + "; relay holds " + totalBytes);
    session.close(SessionError.INTERNAL_ERROR, reason);
  }
}

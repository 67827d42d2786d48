package dev.moqbed.session;

/**
 * Who is told how many bytes a session holds that a peer sent but that do not yet form a complete
 * object or control message: the memory a peer can make this end hold by starting objects and not
 * finishing them. A relay caps it per session and in total (it closes the session that takes too
 * much); a budget is called on the session's thread after every change and may close the session.
 */
public interface ReceiveBudget {
  /** Accepts anything: the session only counts. */
  ReceiveBudget UNLIMITED = (session, deltaBytes) -> {};

  /**
   * {@code session} now holds {@code deltaBytes} more (negative: fewer) incomplete bytes; {@link
   * MoqtSession#bufferedBytes()} is the new total. When the session closes its total is given back
   * (one call with minus the total).
   */
  void onBufferedChanged(MoqtSession session, long deltaBytes);
}

package dev.moqbed.transport.quic;

/**
 * The connection ids the peer has issued to this endpoint and not retired, counted against the
 * {@code active_connection_id_limit} this endpoint advertises (RFC 9000 §5.1.1): a peer that issues
 * more is closed with CONNECTION_ID_LIMIT_ERROR. The ids themselves are not kept (the stack sends
 * to the one it has); their sequence numbers are, at most {@code limit} of them, so a peer cannot
 * grow this by sending many.
 */
final class PeerConnectionIds {
  private final long[] active;
  private int count;
  private long retiredBelow;

  /**
   * @param limit the {@code active_connection_id_limit} this endpoint advertises
   */
  PeerConnectionIds(int limit) {
    active = new long[limit];
    active[0] = 0; // the id of the handshake, sequence 0
    count = 1;
  }

  /**
   * A NEW_CONNECTION_ID: retires the ids below {@code retirePriorTo}, then adds {@code sequence}
   * unless it is retired already or known (a retransmission).
   *
   * @return false when the peer now has more active ids than the limit allows
   */
  boolean onNewConnectionId(long sequence, long retirePriorTo) {
    if (retirePriorTo > retiredBelow) {
      retiredBelow = retirePriorTo;
      int kept = 0;
      for (int i = 0; i < count; i++) {
        if (active[i] >= retiredBelow) {
          active[kept++] = active[i];
        }
      }
      count = kept;
    }
    if (sequence < retiredBelow) {
      return true; // retired on arrival (§19.15)
    }
    for (int i = 0; i < count; i++) {
      if (active[i] == sequence) {
        return true;
      }
    }
    if (count == active.length) {
      return false;
    }
    active[count++] = sequence;
    return true;
  }
}

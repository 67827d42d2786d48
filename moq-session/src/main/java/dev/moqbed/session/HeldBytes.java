package dev.moqbed.session;

/**
 * The bytes a session's subgroup decoders hold for incomplete objects, with the session's {@link
 * ReceiveBudget} told of every change.
 */
final class HeldBytes {
  private final ReceiveBudget budget;
  private long total;

  HeldBytes(ReceiveBudget budget) {
    this.budget = budget;
  }

  long total() {
    return total;
  }

  /** Brings the total up to date with what {@code reader}'s decoder holds now. */
  void update(MoqtSession session, SubgroupReader reader) {
    long now = reader.decoderBufferedBytes();
    long delta = now - reader.accountedBytes();
    if (delta != 0) {
      reader.setAccountedBytes(now);
      total += delta;
      budget.onBufferedChanged(session, delta);
    }
  }

  /** The session closed: everything it held is given back to the budget. */
  void giveBack(MoqtSession session) {
    long held = total;
    total = 0;
    if (held != 0) {
      budget.onBufferedChanged(session, -held);
    }
  }
}

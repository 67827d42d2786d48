package dev.moqbed.relay;

import dev.moqbed.session.ForwardingSessionListener;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;
import dev.moqbed.session.SessionClose;

/**
 * Passes a session's events to the relay's handler, and tells the {@link SetupGate} when the
 * session stops awaiting its setup: once set up, or closed before.
 */
final class SetupWatch extends ForwardingSessionListener {
  private final SetupGate.Pending pending;

  SetupWatch(MoqtSessionListener handler, SetupGate.Pending pending) {
    super(handler);
    this.pending = pending;
  }

  @Override
  public void onReady(MoqtSession session) {
    pending.settle();
    super.onReady(session);
  }

  @Override
  public void onClosed(MoqtSession session, SessionClose close) {
    pending.settle();
    super.onClosed(session, close);
  }
}

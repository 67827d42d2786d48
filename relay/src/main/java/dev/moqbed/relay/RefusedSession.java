package dev.moqbed.relay;

import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.session.MoqtSession;
import dev.moqbed.session.MoqtSessionListener;

/**
 * A session over {@link RelayConfig#maxSessions()}: closed as soon as its setup completes, with
 * INTERNAL_ERROR and a reason the client can log (MoQT has no code for "relay full"; the QUIC
 * handshake is already done when the relay learns of the connection).
 */
final class RefusedSession implements MoqtSessionListener {
  private final int limit;
  private final RelayEvents events;
  private final RelayObserver observer;

  RefusedSession(int limit, RelayEvents events, RelayObserver observer) {
    this.limit = limit;
    this.events = events;
    this.observer = observer;
  }

  @Override
  public void onReady(MoqtSession session) {
    String reason = "relay full: at most " + limit + " sessions (--max-sessions)";
    events.onLog("session from " + session.peer() + " refused: " + reason);
    observer.onSessionRefused(session.peer());
    session.close(SessionError.INTERNAL_ERROR, reason);
  }
}

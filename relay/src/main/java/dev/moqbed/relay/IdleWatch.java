package dev.moqbed.relay;

import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.runtime.TimerHandle;
import java.util.function.BooleanSupplier;

/**
 * Closes a set-up session that holds no namespace and no subscription for {@link
 * RelayConfig#idleSessionTimeoutMicros()}: otherwise a stranger who finishes the setup and then
 * only keeps the connection alive (QUIC keep-alives, or MAX_REQUEST_ID) holds a session slot for
 * ever. The clock starts when the session is set up and restarts each time it again holds nothing
 * (its last subscription ended, its namespace withdrawn); requests that are refused do not stop it,
 * or a SUBSCRIBE for a track nobody publishes, sent every few seconds, would hold the slot as well.
 */
final class IdleWatch {
  private final RelayContext context;
  private final Peer peer;
  private final BooleanSupplier holdsSomething;
  private TimerHandle timer;
  private boolean stopped;

  IdleWatch(RelayContext context, Peer peer, BooleanSupplier holdsSomething) {
    this.context = context;
    this.peer = peer;
    this.holdsSomething = holdsSomething;
  }

  /** What the session holds may have changed: starts the clock if it holds nothing now. */
  void check() {
    long timeout = context.config().idleSessionTimeoutMicros();
    if (stopped || timeout == 0 || !peer.isReady()) {
      return;
    }
    if (holdsSomething.getAsBoolean()) {
      cancel();
    } else if (timer == null) {
      timer = context.scheduler().scheduleAfter(timeout, () -> expire(timeout));
    }
  }

  private void expire(long timeout) {
    timer = null;
    if (stopped || !peer.isReady() || holdsSomething.getAsBoolean()) {
      return;
    }
    String reason =
        "idle: no namespace and no subscription for "
            + Quantities.formatDuration(timeout)
            + " (--idle-session-timeout)";
    context.events().onLog("session from " + peer.name() + " closed: " + reason);
    peer.close(SessionError.NO_ERROR, reason);
  }

  /** The session closed: the clock stops for good. */
  void stop() {
    stopped = true;
    cancel();
  }

  private void cancel() {
    if (timer != null) {
      timer.cancel();
      timer = null;
    }
  }
}

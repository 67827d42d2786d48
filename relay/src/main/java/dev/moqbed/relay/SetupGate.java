package dev.moqbed.relay;

import dev.moqbed.media.moqt.wire.SessionError;
import dev.moqbed.runtime.Quantities;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.session.MoqtSession;
import java.util.Map;

/**
 * The relay's guard against connections that never finish their MoQT setup: each one gets a
 * deadline, after which it is closed with CONTROL_MESSAGE_TIMEOUT, and one address may hold only so
 * many of them at once (a stranger trickling one byte of CLIENT_SETUP every few seconds keeps
 * QUIC's idle timer from firing, and would otherwise hold a session slot forever).
 */
final class SetupGate {
  private final RelayContext context;
  // Shared by the relay's event loops (RelayShares): every access synchronizes on it.
  private final Map<String, Integer> pendingByAddress;

  SetupGate(RelayContext context, Map<String, Integer> pendingByAddress) {
    this.context = context;
    this.pendingByAddress = pendingByAddress;
  }

  /** Whether one more connection of {@code address} may await its setup. */
  boolean admits(String address) {
    synchronized (pendingByAddress) {
      return pendingByAddress.getOrDefault(address, 0)
          < context.config().maxPendingSetupsPerAddress();
    }
  }

  /**
   * Counts the session as awaiting its setup until {@link Pending#settle} and arms its deadline.
   */
  Pending watch(String address) {
    synchronized (pendingByAddress) {
      pendingByAddress.merge(address, 1, Integer::sum);
    }
    return new Pending(address);
  }

  /** The address part of a peer description such as {@code 192.0.2.1:4433} or {@code [::1]:80}. */
  static String addressOf(String peerDescription) {
    return peerDescription.replaceFirst(":[0-9]+$", "");
  }

  /** One connection awaiting its setup. */
  final class Pending {
    private final String address;
    private TimerHandle deadline;
    private boolean settled;

    private Pending(String address) {
      this.address = address;
    }

    /** Closes {@code session} if it is not set up within the setup timeout (0: never). */
    void armDeadline(MoqtSession session) {
      long timeout = context.config().setupTimeoutMicros();
      if (timeout > 0 && !settled) {
        deadline = context.scheduler().scheduleAfter(timeout, () -> expire(session, timeout));
      }
    }

    private void expire(MoqtSession session, long timeout) {
      deadline = null;
      if (!session.isReady() && !session.isClosed()) {
        String reason = "no MoQT setup within " + Quantities.formatDuration(timeout);
        context.events().onLog("session from " + session.peer() + " closed: " + reason);
        session.close(SessionError.CONTROL_MESSAGE_TIMEOUT, reason);
      }
    }

    /** The setup completed or the session closed: it no longer counts nor needs its deadline. */
    void settle() {
      if (settled) {
        return;
      }
      settled = true;
      if (deadline != null) {
        deadline.cancel();
        deadline = null;
      }
      synchronized (pendingByAddress) {
        pendingByAddress.computeIfPresent(address, (key, count) -> count > 1 ? count - 1 : null);
      }
    }
  }
}

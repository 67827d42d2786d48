package dev.moqbed.live.reconnect;

import dev.moqbed.live.stack.ConnectFailure;
import dev.moqbed.session.SessionClose;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The relay closed a client's first session before its MoQT setup was done: QUIC connected, and the
 * relay refused the CLIENT_SETUP (a missing, malformed, expired or foreign token; too many sessions
 * from this address). The message carries the relay's code and reason phrase and, for a token, what
 * to do about it ({@link RefusalAdvice}).
 */
public final class SessionRefused extends IOException {
  private final SessionClose close;

  SessionRefused(InetSocketAddress relay, SessionClose close) {
    super(message(relay, close));
    this.close = close;
  }

  /** How the session ended: the relay's code and reason. */
  public SessionClose close() {
    return close;
  }

  /**
   * Whether trying again cannot help: the relay closed the session with a code of its own (a
   * transport error or a timeout might pass).
   */
  public boolean isRefusal() {
    return close.byPeer() && close.code() >= 0;
  }

  private static String message(InetSocketAddress relay, SessionClose close) {
    String what = close.code() < 0 ? "transport error" : "code 0x" + Long.toHexString(close.code());
    String advice = RefusalAdvice.of(close.reason(), RefusalAdvice.Request.SESSION, null);
    return "the relay at "
        + ConnectFailure.addressText(relay)
        + (close.byPeer() ? " refused the session (" : " lost the session during setup (")
        + what
        + (close.reason().isEmpty() ? "" : ": " + close.reason())
        + ")"
        + (advice.isEmpty() ? "" : ": " + advice);
  }
}

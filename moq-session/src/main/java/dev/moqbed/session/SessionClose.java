package dev.moqbed.session;

/**
 * How a session ended.
 *
 * @param code the application error code carried by CONNECTION_CLOSE (a {@link
 *     dev.moqbed.media.moqt.wire.SessionError} code), -1 for a transport error or timeout
 * @param reason a short text for logs
 * @param byPeer true when the peer or the network ended it
 * @param protocolViolation true when we closed it because the peer's bytes broke the protocol
 */
public record SessionClose(long code, String reason, boolean byPeer, boolean protocolViolation) {

  /** One line for a log: who closed, the code and the reason. */
  public String describe() {
    String who = byPeer ? "closed by peer" : "closed";
    String what = code < 0 ? "transport error" : "code 0x" + Long.toHexString(code);
    return who + " (" + what + (reason.isEmpty() ? "" : ": " + reason) + ")";
  }
}

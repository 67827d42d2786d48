package dev.moqbed.transport.quic;

import dev.moqbed.transport.Datagram;

/**
 * How the connection is ending: the close the application asked for (its error code and whether it
 * is an application close), whether our CONNECTION_CLOSE must go (again), the error the peer's
 * close carried, and the one answer owed to a peer that closed first. The closing end's deadline is
 * the {@link ConnectionTimer#CLOSE} timer.
 */
final class CloseState {
  private boolean requested;
  private long errorCode;
  private boolean application;
  private boolean frameDue;
  private long peerErrorCode;
  private String reason = "";
  private String peerReason = "";
  private Datagram answerOwed;

  /**
   * The application closed: a CONNECTION_CLOSE with {@code errorCode} and {@code reason} (empty:
   * none) goes at the next poll.
   */
  void request(long errorCode, boolean application, String reason) {
    this.requested = true;
    this.errorCode = errorCode;
    this.application = application;
    this.reason = reason == null ? "" : reason;
    this.frameDue = true;
  }

  /** The reason phrase of our close, empty for none. */
  String reason() {
    return reason;
  }

  boolean isRequested() {
    return requested;
  }

  long errorCode() {
    return errorCode;
  }

  boolean isApplication() {
    return application;
  }

  /** Our CONNECTION_CLOSE must go in the next datagram. */
  boolean isFrameDue() {
    return frameDue;
  }

  /** The closing end heard from a peer that keeps sending: repeat our close. */
  void repeatFrame() {
    frameDue = true;
  }

  void onFrameSent() {
    frameDue = false;
  }

  /** The error code of the peer's CONNECTION_CLOSE, 0 before one arrived. */
  long peerErrorCode() {
    return peerErrorCode;
  }

  void onPeerClose(long errorCode, String reason) {
    peerErrorCode = errorCode;
    peerReason = reason;
  }

  /** The reason phrase of the peer's CONNECTION_CLOSE, empty before one arrived or without one. */
  String peerReason() {
    return peerReason;
  }

  /** The peer closed first: we answer once with a transport close without error, then drain. */
  void answerPeer() {
    errorCode = 0;
    application = false;
    reason = "";
  }

  void owe(Datagram answer) {
    answerOwed = answer;
  }

  boolean answerOwed() {
    return answerOwed != null;
  }

  /** The answer owed to the peer, once: null afterwards. */
  Datagram takeAnswer() {
    Datagram answer = answerOwed;
    answerOwed = null;
    return answer;
  }
}

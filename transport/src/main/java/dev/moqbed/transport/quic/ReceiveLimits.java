package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.FlowControlWindow;

/**
 * The flow-control limits we gave a real peer, as a rule on what it sends (RFC 9000 §4.1, §4.5):
 * stream data or a final size past a stream's limit, or past the connection's, closes the
 * connection with FLOW_CONTROL_ERROR, so a peer that ignores its credit cannot make us buffer more.
 * Enforced once a real handshake has declared our limits; the simulator's modelled handshake
 * declares none, and its peers keep to them anyway.
 */
final class ReceiveLimits {
  private boolean enforced;

  /** A real handshake declared our limits: they bind from now on. */
  void enforce() {
    enforced = true;
  }

  /**
   * Whether data up to {@code endOffset} on a stream fits the limits.
   *
   * @param highestReceived the stream's highest offset received so far
   * @param streamWindow the stream's window, or null once its final size is known
   * @param connectionReceived bytes received on the connection (the sum of the highest offsets)
   */
  boolean allows(
      long endOffset,
      long highestReceived,
      FlowControlWindow streamWindow,
      long connectionReceived,
      FlowControlWindow connectionWindow) {
    if (!enforced) {
      return true;
    }
    long added = Math.max(0, endOffset - highestReceived);
    return (streamWindow == null || endOffset <= streamWindow.limitBytes())
        && connectionReceived + added <= connectionWindow.limitBytes();
  }
}

package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.AckFrequencyPolicy;
import dev.moqbed.transport.recovery.TransportDefaults;

/**
 * The data sender's ACK_FREQUENCY request to its peer: the policy that computes it, whether an
 * update is due, and the highest rate at which this end received data (one of the policy's inputs).
 * picoquic reconsiders the request whenever the RTT moves, and sends it, when it formats the next
 * packet, if the gap grew or the delay moved by over 1/8.
 */
final class AckFrequencyRequest {
  private final AckFrequencyPolicy policy = new AckFrequencyPolicy();
  private final PathState path;
  private final boolean enabled;
  private boolean due;

  private long maxReceiveRateBytesPerSecond;
  private long receiveRateWindowStartMicros = -1;
  private long receiveRateWindowBytes;

  AckFrequencyRequest(AckFlavor ackFlavor, PathState path) {
    this.enabled = ackFlavor == AckFlavor.PICOQUIC;
    this.path = path;
  }

  /** An ACK_FREQUENCY frame should go in the next packet with room for it. */
  boolean isDue() {
    return due;
  }

  /**
   * The RTT moved, the connection became ready, or the last frame was lost: the next packet
   * reconsiders the request. As picoquic ({@code is_ack_frequency_updated}, decided in {@code
   * picoquic_format_ack_frequency_frame}), whether a frame goes out is computed when the packet is
   * formatted, with the window the controller set on this ACK. Deciding here saw the window of
   * before the ACK, so the larger gap that a jump of the window calls for waited a round trip
   * (docs/results/satellite-2026-12-06.md).
   *
   * <p>On entering ready, picoquic sets the same mark ({@code picoquic_ready_state_transition}), so
   * the server's first request rides its HANDSHAKE_DONE packet; waiting for the first 1-RTT RTT
   * sample left that whole first flight acknowledged packet by packet.
   */
  void update() {
    if (enabled && path.handshakeConfirmed() && path.peerTakesAckFrequency()) {
      due = true;
    }
  }

  /** The request as of now, to put in a frame (or not, when {@code send()} is false). */
  AckFrequencyPolicy.Update compute() {
    return policy.compute(
        path.controller().congestionWindowBytes(),
        path.mtu().mtuBytes(),
        !path.controller().inSlowStart(),
        path.rtt().minRttMicros(),
        path.rtt().smoothedRttMicros(),
        path.sampler().deliveryRateBytesPerSecond(),
        maxReceiveRateBytesPerSecond,
        "newreno".equals(path.controller().id()),
        TransportDefaults.MIN_ACK_DELAY_MICROS);
  }

  void onFrameSent() {
    policy.onFrameSent();
    due = false;
  }

  /** The update computed for the next packet said nothing needs sending. */
  void onNothingToSend() {
    due = false;
  }

  /** The highest rate at which this end received data, over windows of at least 1 ms. */
  void onBytesReceived(long nowMicros, int sizeBytes) {
    if (receiveRateWindowStartMicros < 0) {
      receiveRateWindowStartMicros = nowMicros;
    }
    receiveRateWindowBytes += sizeBytes;
    long elapsed = nowMicros - receiveRateWindowStartMicros;
    if (elapsed > TransportDefaults.BANDWIDTH_TIME_INTERVAL_MIN_MICROS) {
      maxReceiveRateBytesPerSecond =
          Math.max(maxReceiveRateBytesPerSecond, receiveRateWindowBytes * 1_000_000 / elapsed);
      receiveRateWindowStartMicros = nowMicros;
      receiveRateWindowBytes = 0;
    }
  }
}

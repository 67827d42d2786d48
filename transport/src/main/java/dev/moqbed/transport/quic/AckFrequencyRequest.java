package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
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

  // picoquic's receive_rate_max and the epoch it is measured from (packet.c, 1-RTT receive path).
  private long maxReceiveRateBytesPerSecond;
  private long receiveRateEpochMicros = -1;
  private long receivedBytes;
  private long receivedBytesAtEpoch;

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

  /**
   * Whether a lost ACK_FREQUENCY frame goes out again, as it was (same sequence and values), among
   * the control frames: picoquic's rule ({@code picoquic_check_frame_needs_repeat}, frames.c),
   * under which every lost frame is repeated except the latest sent ({@code seq ==
   * ack_frequency_sequence_local}). So stale requests, which the peer ignores, are repeated, and a
   * lost latest one is not replaced until the RTT moves. picoquic queues such a copy with the other
   * lost non-stream frames ({@code picoquic_queue_retransmit_on_ack}: the misc-frame queue), which
   * leave under pacing whatever the window, as moqbed's control frames do. RFC 9000 §13.3 would
   * send the latest request instead; moqbed sends ACK_FREQUENCY only under picoquic's ACK policy.
   * In {@code ecn_c4} × {@code c4:variant=v4} without holes picoquic's background server sends five
   * such copies past a full window (docs/results/vs-bbr-lg2-2026-12-07.md §8).
   */
  boolean needsRepeat(Frame.AckFrequency lost) {
    return lost.sequence() != policy.lastSequence();
  }

  /** The ACK delay of the last request sent: picoquic's {@code ack_frequency_delay_local}. */
  long sentDelayMicros() {
    return policy.sentDelayMicros();
  }

  void onFrameSent() {
    policy.onFrameSent();
    due = false;
  }

  /** The update computed for the next packet said nothing needs sending. */
  void onNothingToSend() {
    due = false;
  }

  /** A packet was received and its frames processed; only 1-RTT packets count toward the rate. */
  void onPacketReceived(long nowMicros, QuicPacket packet) {
    if (packet.space() == PacketSpace.APPLICATION) {
      onBytesReceived(nowMicros, packet.sizeBytes());
    }
  }

  /**
   * A 1-RTT packet of {@code sizeBytes} was received and its frames processed: picoquic's receive
   * rate estimate ({@code packet.c}, after {@code picoquic_decode_frames}). The first packet opens
   * an epoch; a later one closes it once more than a smoothed RTT (and more than 1 ms) has passed,
   * giving the bytes of the packets after the epoch's first, over the epoch's length, and opens the
   * next. The highest such rate feeds the queue correction of the ACK delay.
   *
   * <p>An epoch of at least a smoothed RTT matters on links that release packets in bursts: ACKs
   * that a Wi-Fi link held and then delivered together, or a PMTU probe arriving with other
   * packets, gave rates of 1-3 MB/s over 1 ms windows. The ACK delay then stayed at its floor where
   * picoquic's rose to 1.3-5.5 ms, and the client sent 5.9 % more packets than picoquic's on
   * wifi_bad (docs/results/wifi-2026-12-07.md).
   */
  void onBytesReceived(long nowMicros, int sizeBytes) {
    receivedBytes += sizeBytes;
    if (receiveRateEpochMicros < 0) {
      receivedBytesAtEpoch = receivedBytes;
      receiveRateEpochMicros = nowMicros;
      return;
    }
    long elapsed = nowMicros - receiveRateEpochMicros;
    if (elapsed > path.rtt().smoothedRttMicros()
        && elapsed > TransportDefaults.BANDWIDTH_TIME_INTERVAL_MIN_MICROS) {
      long rate = (receivedBytes - receivedBytesAtEpoch) * 1_000_000 / elapsed;
      receivedBytesAtEpoch = receivedBytes;
      receiveRateEpochMicros = nowMicros;
      maxReceiveRateBytesPerSecond = Math.max(maxReceiveRateBytesPerSecond, rate);
    }
  }
}

package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.recovery.AckTracker;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.VarInt;
import java.util.List;

/**
 * The ACK picoquic puts behind CRYPTO data in an Initial or Handshake packet even when none is due:
 * behind every retransmission ({@code picoquic_prepare_packet_old_context} and the retransmit
 * branches of {@code picoquic_prepare_packet_client_init} and {@code _server_init}, sender.c
 * f00feeb7, "Check whether it makes sense to add an ACK at the end of the retransmission"), and in
 * every server packet that carries CRYPTO ({@code _server_init}). {@code
 * picoquic_format_ack_frame_in_context} then writes one unless nothing was received or the only
 * range already went out 4 times ({@link AckTracker#buildAck}); it is left out when it does not
 * fit. The client's CRYPTO-carrying Handshake packets that are not retransmissions take an ACK only
 * when one is due, in picoquic too. With {@link AckFlavor#RFC9000} nothing is added: an ACK then
 * leaves only when due.
 *
 * <p>The same function resends a picoquic client's 1-RTT frames before it is ready (the timer of
 * {@link PreReadyRetransmit}), so its repeated request carries an ACK too: 52 times in 100 runs of
 * wifi_bad, where moqbed's carried none (docs/results/wifi-2026-12-07.md).
 */
final class HandshakeTrailingAck {
  private HandshakeTrailingAck() {}

  /**
   * Adds the ACK to {@code frames} if picoquic would.
   *
   * @param room bytes left in the packet after its other frames
   * @return the bytes added, 0 if none
   */
  static int add(PacketNumberSpace space, List<Frame> frames, int room, long nowMicros) {
    AckTracker acks = space.receivedPackets;
    if (acks.flavor() != AckFlavor.PICOQUIC
        || acks.rangeCount() == 0
        || room < sizeBound(acks, space.receivedEcnCounts)) {
      return 0;
    }
    AckFrame ack = acks.buildAck(nowMicros);
    if (ack == null) {
      return 0;
    }
    Frame.Ack frame = new Frame.Ack(ack, space.receivedEcnCounts.clone());
    frames.add(frame);
    return frame.sizeBytes();
  }

  /**
   * Adds the ACK behind 1-RTT frames resent before ready, once, unless the packet has one already.
   *
   * @return the bytes added, 0 if none
   */
  static int behindResend(
      PacketNumberSpace space, List<Frame> frames, int room, long nowMicros, boolean hasAck) {
    if (!space.ackBehindResend || frames.isEmpty()) {
      return 0;
    }
    space.ackBehindResend = false;
    return hasAck ? 0 : add(space, frames, room, nowMicros);
  }

  /**
   * At least the size of the ACK {@link AckTracker#buildAck} would build, without building it (that
   * counts it as sent): every number in it is at most the largest received, the delay at most 4
   * bytes, the range count 1 byte (at most 33 ranges).
   */
  private static int sizeBound(AckTracker acks, long[] ecnCounts) {
    int number = VarInt.encodedSize(acks.largestReceived());
    int extraRanges = Math.min(acks.rangeCount() - 1, TransportDefaults.MAX_EXTRA_ACK_RANGES);
    int size = 1 + number + 4 + 1 + number + extraRanges * 2 * number;
    for (long count : ecnCounts) {
      size += VarInt.encodedSize(count);
    }
    return size;
  }
}

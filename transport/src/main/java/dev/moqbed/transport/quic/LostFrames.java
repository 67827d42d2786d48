package dev.moqbed.transport.quic;

import java.util.List;

/** What becomes of the frames of a packet declared lost: which are queued again, and where. */
final class LostFrames {
  private final StreamTable streams;
  private final PendingFrames pending;
  private final AckFrequencyRequest ackFrequency;

  LostFrames(StreamTable streams, PendingFrames pending, AckFrequencyRequest ackFrequency) {
    this.streams = streams;
    this.pending = pending;
    this.ackFrequency = ackFrequency;
  }

  /**
   * Queues again what the frames of a lost packet carried that must reach the peer: its stream data
   * as one entry of {@link StreamRepeats} (picoquic queues the packet whole), the rest frame by
   * frame.
   */
  void requeue(PacketNumberSpace space, SentPacket packet) {
    List<Frame> frames = packet.frames;
    boolean streamData = false;
    for (int i = 0; i < frames.size(); i++) {
      Frame frame = frames.get(i);
      streamData |= frame instanceof Frame.Stream;
      requeue(space, frame);
    }
    if (streamData) {
      streams.repeats.onPacketLost(
          packet.snapshot.bytesInFlightPrior(), packet.headerBytes, packet.frames);
    }
  }

  /** Queues again what one lost frame other than STREAM carried. */
  void requeue(PacketNumberSpace space, Frame frame) {
    if (frame instanceof Frame.Crypto crypto) {
      space.cryptoToSend.onLost(crypto);
    } else if (frame instanceof Frame.ResetStream reset) {
      streams.onResetFrameLost(reset);
    } else if (frame instanceof Frame.StopSending stop) {
      pending.controlFrames.add(stop);
    } else if (frame instanceof Frame.MaxData) {
      pending.controlFrames.add(new Frame.MaxData(streams.connectionReceiveLimitBytes()));
    } else if (frame instanceof Frame.MaxStreamData maxStreamData) {
      long limit = streams.streamReceiveLimitBytes(maxStreamData.streamId());
      if (limit >= 0) {
        pending.controlFrames.add(new Frame.MaxStreamData(maxStreamData.streamId(), limit));
      }
    } else if (frame instanceof Frame.MaxStreams maxStreams) {
      streams.onMaxStreamsLost(maxStreams);
    } else if (frame instanceof Frame.HandshakeDone) {
      pending.handshakeDoneToSend = true;
    } else if (frame instanceof Frame.AckFrequency frequency) {
      if (ackFrequency.needsRepeat(frequency)) {
        pending.controlFrames.add(frequency);
      }
    } else if (frame instanceof Frame.NewConnectionId) {
      pending.newConnectionIdsToSend++;
    }
    // STREAM: queued with its packet, above. ACK, PADDING, PING, DATAGRAM (not retransmitted, as
    // in picoquic), blocked frames: dropped.
  }

  /**
   * Whether losing a packet of these frames is a retransmission in picoquic's sense ({@code
   * picoquic_copy_before_retransmit} finds something to repeat): any frame but DATAGRAM (never
   * repeated), ACK and PADDING. PING counts, as in picoquic.
   */
  static boolean anySentAgain(List<Frame> frames) {
    for (int i = 0; i < frames.size(); i++) {
      Frame frame = frames.get(i);
      if (!(frame instanceof Frame.Datagram
          || frame instanceof Frame.Ack
          || frame instanceof Frame.Padding)) {
        return true;
      }
    }
    return false;
  }
}

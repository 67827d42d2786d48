package dev.moqbed.transport.quic;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.EcnSample;
import dev.moqbed.cc.PacketSpace;
import dev.moqbed.cc.RttSample;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.recovery.DeliveryRateSampler;
import dev.moqbed.transport.recovery.PacketNumberHoles;
import dev.moqbed.transport.recovery.RttEstimator;
import dev.moqbed.transport.recovery.RttFlavor;
import dev.moqbed.transport.wire.TransportErrorCode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * What the peer's ACK frames tell the sender, in picoquic's event order: the packets newly
 * acknowledged (their frames' fate, the delivery-rate sample), spurious losses, an ECN-CE increase,
 * the RTT sample when the largest acknowledged is new, the losses this ACK reveals, then the
 * controller's {@code onAck}. The samples handed to the controller are reused, never allocated.
 */
final class AckProcessor {
  private final QuicConnection connection;
  private final PathState path;
  private final LossDetection loss;
  private final StreamTable streams;
  private final AckFrequencyRequest ackFrequency;
  private final PacketNumberHoles holes;
  private final boolean readyInsideAck;
  private final AckSample ackSample = new AckSample();
  private final RttSample rttSample = new RttSample();
  private final EcnSample ecnSample = new EcnSample();

  /** Scratch list of the packets one ACK frame acknowledges, reused. */
  private final ArrayList<SentPacket> newlyAcked = new ArrayList<>();

  AckProcessor(
      QuicConnection connection,
      PathState path,
      LossDetection loss,
      StreamTable streams,
      AckFrequencyRequest ackFrequency,
      PacketNumberHoles holes,
      ConnectionConfig config) {
    this.connection = connection;
    this.readyInsideAck =
        config.role() == Role.CLIENT
            && config.readyInsideAck()
            && config.recoveryFlavor() == RttFlavor.PICOQUIC;
    this.holes = holes;
    this.path = path;
    this.loss = loss;
    this.streams = streams;
    this.ackFrequency = ackFrequency;
  }

  void onAckFrame(long nowMicros, PacketNumberSpace space, Frame.Ack ackFrame) {
    AckFrame ack = ackFrame.frame();
    if (refusedAsOptimistic(space, ack)) {
      return;
    }
    if (ack.largestAcknowledged() > space.highestNamedInAck) {
      // picoquic_find_acked_packet: whether or not that packet is still tracked
      space.highestNamedInAck = ack.largestAcknowledged();
      space.highestNamedInAckMicros = nowMicros;
      space.ackOfAckRequested = false;
    }
    DeliveryRateSampler sampler = path.sampler();
    sampler.onAckStarted();
    long bytesInFlightBefore = path.bytesInFlight();
    // One ascending pass up to the largest acknowledged, then picoquic's order: from the largest
    // down, so the first packet is "P" of the rate sample.
    collectNewlyAcked(space.sentPackets, ack);
    for (int i = newlyAcked.size() - 1; i >= 0; i--) {
      onPacketAcknowledged(nowMicros, space, newlyAcked.get(i));
    }
    boolean anyNewlyAcked = !newlyAcked.isEmpty();
    long largestNumber = anyNewlyAcked ? newlyAcked.get(newlyAcked.size() - 1).packetNumber : -1;
    long largestSentMicros = anyNewlyAcked ? newlyAcked.get(newlyAcked.size() - 1).sentMicros : -1;
    // Their fate is settled and no list holds them: the records go back to the pool.
    for (int i = 0; i < newlyAcked.size(); i++) {
      loss.recycle(newlyAcked.get(i));
    }
    newlyAcked.clear();
    for (int i = 0; i < ack.rangeCount(); i++) {
      long spurious =
          loss.detectSpuriousLosses(nowMicros, space, ack.rangeSmallest(i), ack.rangeLargest(i));
      if (largestNumber < 0 && spurious >= 0) {
        // Only packets declared lost are acknowledged: picoquic records them all the same, so the
        // highest gives the RTT sample and the controller hears of the ACK
        // (process_decoded_packet_data). A Wi-Fi suspension's first ACK is such a one.
        largestNumber = spurious;
        largestSentMicros = loss.highestSpuriousSentMicros();
      }
    }
    if (ackFrame.ecnCounts() != null) {
      onEcnCounts(nowMicros, space, ackFrame.ecnCounts(), ack.largestAcknowledged());
    }
    if (largestNumber < 0) {
      return;
    }
    boolean newLargest = largestNumber > space.largestAcked;
    if (newLargest) {
      onNewLargestAcknowledged(nowMicros, space, largestNumber, largestSentMicros);
    }
    // picoquic samples the RTT on every ACK that acknowledges a packet (process_decoded_packet_data
    // calls picoquic_update_path_rtt with the first packet it recorded, the highest), not only on
    // a new largest as RFC 9002 §5.1 does.
    boolean picoquicRtt = path.rtt().flavor() == RttFlavor.PICOQUIC;
    if (newLargest || picoquicRtt) {
      onRttSample(nowMicros, space, ack, largestNumber, largestSentMicros);
    }
    sampler.onAckFinished(nowMicros);
    long lostBytes = loss.detectAckLosses(nowMicros, space);
    ackSample
        .acknowledged(
            sampler.ackedBytes(),
            largestNumber,
            largestSentMicros,
            newLargest || picoquicRtt ? path.rtt().latestRttMicros() : -1,
            bytesInFlightBefore)
        .packetSpace(space.space);
    sampler.fillDelivery(ackSample, path.handshakeConfirmed(), lostBytes);
    path.controller().onAck(nowMicros, ackSample);
    path.onControllerAck();
    path.updatePacing();
    AckListener listener = connection.ackListener();
    if (listener != null) {
      listener.onAckProcessed(nowMicros, connection);
    }
  }

  /**
   * Closes the connection when {@code ack} acknowledges a packet never sent: above every number
   * sent, or a number skipped on purpose; returns whether it did.
   */
  private boolean refusedAsOptimistic(PacketNumberSpace space, AckFrame ack) {
    if (ack.largestAcknowledged() >= space.nextPacketNumber) {
      // An acknowledgment of a packet never sent (RFC 9000 §13.1): a peer acknowledging what it
      // cannot have received (an optimistic ACK, to make the sender speed up). An honest peer
      // never does, so no simulation reaches this.
      connection.close(
          TransportErrorCode.PROTOCOL_VIOLATION.code(),
          false,
          "ACK of packet " + ack.largestAcknowledged() + ", never sent");
      return true;
    }
    long hole = space.space == PacketSpace.APPLICATION ? holes.acknowledgedHole(ack) : -1;
    if (hole >= 0) {
      // The same lie about a number skipped on purpose (picoquic's optimistic-ACK holes).
      connection.close(
          TransportErrorCode.PROTOCOL_VIOLATION.code(),
          false,
          "ACK of packet " + hole + ", skipped and never sent");
      return true;
    }
    return false;
  }

  /** The ACK's largest packet is newer than any acknowledged before: the probe backoff resets. */
  private void onNewLargestAcknowledged(
      long nowMicros, PacketNumberSpace space, long largestNumber, long largestSentMicros) {
    space.largestAcked = largestNumber;
    space.largestAckedSentMicros = largestSentMicros;
    space.largestAckedReceivedMicros = nowMicros;
    loss.resetProbeTimeouts();
  }

  /** An RTT sample from the highest packet this ACK acknowledged. */
  private void onRttSample(
      long nowMicros,
      PacketNumberSpace space,
      AckFrame ack,
      long largestNumber,
      long largestSentMicros) {
    RttEstimator rtt = path.rtt();
    long raw = nowMicros - largestSentMicros;
    // picoquic folds every Initial and Handshake sample at once (no packet context there); in
    // the application space a period ends when the largest acknowledged passes the last one
    long periodPacketNumber =
        space.space == PacketSpace.APPLICATION ? largestNumber : RttEstimator.NO_PACKET_CONTEXT;
    rtt.onSample(
        nowMicros, raw, ack.ackDelayMicros(), path.handshakeConfirmed(), periodPacketNumber);
    path.controller()
        .onRttSample(
            nowMicros,
            rttSample
                .set(rtt.latestRttMicros(), ack.ackDelayMicros(), -1)
                .packetSpace(space.space));
    path.applyResumeSeed(nowMicros);
    ackFrequency.update();
  }

  private void onPacketAcknowledged(long nowMicros, PacketNumberSpace space, SentPacket packet) {
    boolean leavesFlight = space.leaveFlight(packet);
    if (leavesFlight) {
      path.sampler().onPacketAcked(packet.snapshot, packet.sentMicros, packet.unprotectedBytes());
    }
    if (readyInsideAck
        && space.space == PacketSpace.APPLICATION
        && connection.state() == QuicConnection.State.READY
        && !path.handshakeConfirmed()) {
      // picoquic's client becomes ready here, inside the ACK frame, while the packet is still in
      // flight (picoquic_ready_state_transition from process_ack_range), which RFC 9001 §4.1.2
      // allows: its Handshake packets are then in this ACK's rate sample. Otherwise the client
      // waits for HANDSHAKE_DONE.
      connection.onHandshakeConfirmed(nowMicros);
    }
    if (leavesFlight) {
      path.removeFromFlight(packet.sizeBytes);
    }
    boolean carriedData = false;
    List<Frame> frames = packet.frames;
    for (int i = 0; i < frames.size(); i++) { // indexed: no iterator per acknowledged packet
      Frame frame = frames.get(i);
      if (frame instanceof Frame.Stream stream) {
        carriedData = true;
        streams.onStreamFrameAcknowledged(stream);
      } else if (frame instanceof Frame.ResetStream reset) {
        streams.onResetFrameAcknowledged(reset);
      } else if (frame instanceof Frame.Datagram) {
        carriedData = true;
      } else if (frame instanceof Frame.Crypto crypto) {
        space.cryptoToSend.onAcknowledged(crypto);
      } else if (frame instanceof Frame.Ack ack) {
        space.receivedPackets.onAckFrameAcknowledged(ack.frame());
      }
    }
    // Neither the frames' fate above nor anything else reads the MTU in between.
    path.mtu().onPacketAcknowledged(packet);
    if (carriedData) {
      path.onDataAcknowledged(packet.sentMicros);
    }
  }

  private void onEcnCounts(
      long nowMicros, PacketNumberSpace space, long[] counts, long largestAcknowledged) {
    boolean ceGrew = counts[2] > space.peerCeTotal;
    space.peerEct0Total = Math.max(space.peerEct0Total, counts[0]);
    space.peerEct1Total = Math.max(space.peerEct1Total, counts[1]);
    space.peerCeTotal = Math.max(space.peerCeTotal, counts[2]);
    if (ceGrew) {
      path.controller()
          .onEcnCongestion(
              nowMicros,
              ecnSample
                  .set(
                      space.peerEct0Total,
                      space.peerEct1Total,
                      space.peerCeTotal,
                      largestAcknowledged)
                  .packetSpace(space.space));
    }
  }

  /**
   * Moves the packets {@code ack} acknowledges from {@code sent} to {@link #newlyAcked}, in
   * ascending order: one pass from the oldest packet up to the largest acknowledged (the newer
   * packets still in flight are never visited). Acknowledged packets at the head, the common case,
   * leave without an iterator; the same walk goes on through the rest (past a packet still
   * unacknowledged) only when there is one.
   */
  private void collectNewlyAcked(ArrayDeque<SentPacket> sent, AckFrame ack) {
    newlyAcked.clear();
    int range = ack.rangeCount() - 1; // the lowest range
    long top = ack.largestAcknowledged();
    while (!sent.isEmpty()) {
      SentPacket packet = sent.peekFirst();
      long number = packet.packetNumber;
      if (number > top) {
        break;
      }
      while (range >= 0 && number > ack.rangeLargest(range)) {
        range--;
      }
      if (range < 0 || number < ack.rangeSmallest(range)) {
        break;
      }
      sent.pollFirst();
      newlyAcked.add(packet);
    }
    Iterator<SentPacket> ascending =
        sent.isEmpty() || sent.peekFirst().packetNumber > top
            ? Collections.emptyIterator()
            : sent.iterator();
    while (ascending.hasNext()) {
      SentPacket packet = ascending.next();
      long number = packet.packetNumber;
      if (number > top) {
        break;
      }
      while (range >= 0 && number > ack.rangeLargest(range)) {
        range--;
      }
      if (range >= 0 && number >= ack.rangeSmallest(range)) {
        ascending.remove();
        newlyAcked.add(packet);
      }
    }
  }
}

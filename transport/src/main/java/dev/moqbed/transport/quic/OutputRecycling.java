package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The objects a connection's output is made of, reused when its driver encodes every datagram
 * before it polls the next (the UDP driver: {@link QuicConnection#reuseOutput}). Then the 1-RTT
 * packet, its one-element packet list and the datagram are the same three objects every time, and a
 * frame list and its STREAM frames come back here when the sent-packet record holding them is given
 * back ({@link SentPacketPool#release}): after its ACK was processed, or its loss forgotten.
 * Nothing else keeps them: lost STREAM frames are queued again by range, not by object.
 *
 * <p>Off by default, as the simulator needs it: its network carries the very objects a connection
 * sent, by reference, for as long as they are in flight, and a receiver reads them after the sender
 * may have forgotten them. Off, every method makes a new object, as the stack always has.
 *
 * <p>Bounded like the record pool: at most {@link SentPacketPool#MAX_FREE} lists and as many STREAM
 * frames wait; beyond that they are left to the garbage collector.
 */
final class OutputRecycling {
  private final ArrayDeque<List<Frame>> freeFrameLists = new ArrayDeque<>();
  private final ArrayDeque<Frame.Stream> freeStreamFrames = new ArrayDeque<>();
  private final List<QuicPacket> singlePacket = new ArrayList<>(1);
  private final QuicPackets singlePayload = new QuicPackets(singlePacket);
  private boolean enabled;
  private QuicPacket applicationPacket;
  private Datagram datagram;

  void enable() {
    enabled = true;
  }

  boolean enabled() {
    return enabled;
  }

  /** An empty list for the frames of a packet that will be recorded as sent. */
  List<Frame> frameList() {
    List<Frame> list = enabled ? freeFrameLists.pollFirst() : null;
    return list != null ? list : new ArrayList<>(4);
  }

  /** A STREAM frame to fill with {@link Frame.Stream#set}. */
  Frame.Stream streamFrame() {
    Frame.Stream frame = enabled ? freeStreamFrames.pollFirst() : null;
    return frame != null ? frame : new Frame.Stream();
  }

  /**
   * Takes back the frames of a record given back (or of a packet that was not sent): its STREAM
   * frames and the list. The caller holds no other reference to them.
   */
  void giveBack(List<Frame> frames) {
    if (!enabled || frames == null) {
      return;
    }
    for (int i = 0; i < frames.size(); i++) { // indexed: no iterator per packet
      if (frames.get(i) instanceof Frame.Stream stream
          && freeStreamFrames.size() < SentPacketPool.MAX_FREE) {
        freeStreamFrames.addFirst(stream);
      }
    }
    frames.clear();
    if (freeFrameLists.size() < SentPacketPool.MAX_FREE) {
      freeFrameLists.addFirst(frames);
    }
  }

  /** The 1-RTT packet sent now (at most one per datagram). */
  QuicPacket applicationPacket(
      long packetNumber, int packetNumberLength, List<Frame> frames, int sizeBytes) {
    if (!enabled) {
      return new QuicPacket(
          PacketSpace.APPLICATION, packetNumber, packetNumberLength, frames, sizeBytes);
    }
    if (applicationPacket == null) {
      applicationPacket =
          new QuicPacket(
              PacketSpace.APPLICATION, packetNumber, packetNumberLength, frames, sizeBytes);
    } else {
      applicationPacket.refill(
          PacketSpace.APPLICATION, packetNumber, packetNumberLength, frames, sizeBytes);
    }
    return applicationPacket;
  }

  /** A datagram's list of one packet. */
  List<QuicPacket> single(QuicPacket packet) {
    if (!enabled) {
      return List.of(packet);
    }
    singlePacket.clear();
    singlePacket.add(packet);
    return singlePacket;
  }

  Datagram datagram(
      int sourceNode,
      int destinationNode,
      int flowId,
      int sizeBytes,
      EcnMark ecn,
      List<QuicPacket> packets) {
    if (!enabled) {
      return new Datagram(
          sourceNode, destinationNode, flowId, sizeBytes, ecn, new QuicPackets(packets));
    }
    // The one-packet list is reused, and so is its payload: nothing is made per datagram.
    QuicPackets payload = packets == singlePacket ? singlePayload : new QuicPackets(packets);
    if (datagram == null) {
      datagram = new Datagram(sourceNode, destinationNode, flowId, sizeBytes, ecn, payload);
    } else {
      datagram.reuse(sizeBytes, ecn, payload);
    }
    return datagram;
  }
}

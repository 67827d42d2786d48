package dev.moqbed.simulation.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.codec.PacketEquality;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.QuicPackets;
import dev.moqbed.transport.wire.QuicWireException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Watches every datagram a simulation sends: encodes it with the packet codec (null protection),
 * compares the encoded size with the model's {@link Datagram#sizeBytes()}, decodes it as the peer
 * would and compares the packets with those sent. Where sizes differ it finds which header or frame
 * is the cause and by how many bytes. One codec per endpoint (flow and node), so packet numbers are
 * rebuilt against the largest this peer has seen, as on a real path without loss.
 *
 * <p>It only reads the datagrams and their packets, so the run's results do not move.
 */
final class PacketSizeCheck implements DatagramReceiver {
  private static final int MAX_EXAMPLES = 10;

  private final Map<Integer, PacketCodec> senders = new TreeMap<>();
  private final Map<Integer, PacketCodec> receivers = new TreeMap<>();
  private final ByteBuffer received = ByteBuffer.allocate(PacketCodec.MAX_DATAGRAM_BYTES);

  long datagrams;
  long datagramsOfOtherSize;
  long packets;
  long packetsOfOtherSize;

  /** Per cause (such as "INITIAL header+tag 49 -> 46 B"), how many packets had it. */
  final Map<String, Long> causes = new TreeMap<>();

  /** Decoding failures and packets that came back different: none expected. */
  final List<String> mismatches = new ArrayList<>();

  long mismatchCount;

  @Override
  public void receive(long nowMicros, Datagram datagram) {
    datagrams++;
    int key = datagram.flowId() * 2 + datagram.sourceNode();
    PacketCodec sender =
        senders.computeIfAbsent(
            key,
            k ->
                PacketCodec.withNullProtection(
                    ConnectionIds.forSimulatedEndpoint(
                        datagram.sourceNode(), datagram.destinationNode(), datagram.flowId())));
    PacketCodec receiver =
        receivers.computeIfAbsent(
            key,
            k ->
                PacketCodec.withNullProtection(
                    ConnectionIds.forSimulatedEndpoint(
                        datagram.destinationNode(), datagram.sourceNode(), datagram.flowId())));
    List<QuicPacket> sent = QuicPackets.in(datagram);
    packets += sent.size();
    ByteBuffer wire = sender.encode(datagram);
    int encodedSize = wire.remaining();
    received.clear();
    received.put(wire).flip();
    List<QuicPacket> decoded;
    try {
      decoded = receiver.decode(received);
    } catch (QuicWireException e) {
      mismatch(nowMicros, datagram, "decoding failed: " + e.getMessage());
      return;
    }
    String difference = PacketEquality.difference(sent, decoded);
    if (difference != null) {
      mismatch(nowMicros, datagram, difference);
      return;
    }
    if (encodedSize != datagram.sizeBytes()) {
      datagramsOfOtherSize++;
    }
    for (int i = 0; i < sent.size(); i++) {
      attribute(sender, sent.get(i), decoded.get(i).sizeBytes());
    }
  }

  /** Finds where one packet's encoded size departs from the model's, if it does. */
  private void attribute(PacketCodec codec, QuicPacket packet, int encodedSize) {
    if (encodedSize == packet.sizeBytes()) {
      return;
    }
    packetsOfOtherSize++;
    int modelFrames = 0;
    int encodedFrames = 0;
    for (Frame frame : packet.frames()) {
      int model = frame.sizeBytes();
      int encoded = codec.encodedFrameSize(frame);
      modelFrames += model;
      encodedFrames += encoded;
      if (model != encoded) {
        count(
            packet.space()
                + " "
                + frame.getClass().getSimpleName()
                + " "
                + model
                + " -> "
                + encoded
                + " B");
      }
    }
    int modelHeader = packet.sizeBytes() - modelFrames;
    int encodedHeader = encodedSize - encodedFrames;
    if (modelHeader != encodedHeader) {
      count(packet.space() + " header+tag " + modelHeader + " -> " + encodedHeader + " B");
    }
  }

  private void count(String cause) {
    causes.merge(cause, 1L, Long::sum);
  }

  private void mismatch(long nowMicros, Datagram datagram, String what) {
    mismatchCount++;
    if (mismatches.size() < MAX_EXAMPLES) {
      mismatches.add(nowMicros + " us " + datagram + ": " + what);
    }
  }

  /**
   * Fails unless datagrams were seen, every one decoded to the packets sent, and every packet's
   * encoded size equals its modelled size (no cause at all: the model's sizes are the wire's).
   */
  void assertEverySizeEqual() {
    assertEquals(0, mismatchCount, () -> "packets decoded differently: " + mismatches);
    assertEquals(Map.of(), causes, () -> "sizes differ: " + this);
    assertEquals(0, datagramsOfOtherSize, () -> "datagrams of another size: " + this);
    assertTrue(datagrams > 0);
  }

  /** Adds another check's counts to this one's. */
  void add(PacketSizeCheck other) {
    datagrams += other.datagrams;
    datagramsOfOtherSize += other.datagramsOfOtherSize;
    packets += other.packets;
    packetsOfOtherSize += other.packetsOfOtherSize;
    other.causes.forEach((cause, count) -> causes.merge(cause, count, Long::sum));
    mismatchCount += other.mismatchCount;
    for (String example : other.mismatches) {
      if (mismatches.size() < MAX_EXAMPLES) {
        mismatches.add(example);
      }
    }
  }

  @Override
  public String toString() {
    return datagrams
        + " datagrams ("
        + datagramsOfOtherSize
        + " of another size), "
        + packets
        + " packets ("
        + packetsOfOtherSize
        + " of another size), causes "
        + causes
        + ", "
        + mismatchCount
        + " mismatches "
        + mismatches;
  }
}

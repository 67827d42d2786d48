package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.AckFrame;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * picoquic's PING behind an ACK (sender.c f00feeb7, {@code picoquic_prepare_packet_ready}): a pure
 * ACK becomes ack-eliciting when the packet's number is more than 24 past the largest number the
 * peer's ACK frames named, that number rose more than one smoothed RTT ago, and no ack-eliciting
 * packet left since it rose. The thresholds are strict in picoquic ({@code <}), so the edges get no
 * PING.
 */
class AckOfAckPingTest {
  private static final long SRTT = 100_000;
  private static final long ACKED_AT = 1_000_000;
  private static final long LATER = ACKED_AT + SRTT + 1;

  private static PacketNumberSpace space(AckFlavor flavor, long highestNamed, long nextNumber) {
    PacketNumberSpace space = new PacketNumberSpace(PacketSpace.APPLICATION, flavor, 0);
    space.highestNamedInAck = highestNamed;
    space.highestNamedInAckMicros = ACKED_AT;
    space.nextPacketNumber = nextNumber;
    return space;
  }

  private static List<Frame> pureAck() {
    List<Frame> frames = new ArrayList<>();
    frames.add(new Frame.Ack(AckFrame.of(0, 3, 500, 520), new long[3]));
    return frames;
  }

  private static int add(PacketNumberSpace space, List<Frame> frames, long now, boolean ready) {
    return AckOfAckPing.add(space, frames, 100, true, now, SRTT, ready);
  }

  @Test
  void pureAckFarPastTheLargestAcknowledgedGetsOnePing() {
    PacketNumberSpace space = space(AckFlavor.PICOQUIC, 100, 125);
    List<Frame> frames = pureAck();

    assertEquals(1, add(space, frames, LATER, true));
    assertEquals(2, frames.size());
    assertInstanceOf(Frame.Ping.class, frames.get(1));
    assertTrue(space.ackOfAckRequested, "the PING asks for an ACK of ACKs");

    space.nextPacketNumber++;
    List<Frame> next = pureAck();
    assertEquals(0, add(space, next, LATER + 10_000, true), "one PING until the number rises");
    assertEquals(1, next.size());
  }

  @Test
  void edgesOfBothThresholdsGetNoPing() {
    PacketNumberSpace numberEdge = space(AckFlavor.PICOQUIC, 100, 124);
    assertEquals(0, add(numberEdge, pureAck(), LATER, true), "24 past the highest named: not more");

    PacketNumberSpace timeEdge = space(AckFlavor.PICOQUIC, 100, 125);
    assertEquals(0, add(timeEdge, pureAck(), ACKED_AT + SRTT, true), "exactly one srtt old");
    assertFalse(timeEdge.ackOfAckRequested);
    assertEquals(1, add(timeEdge, pureAck(), LATER, true));
  }

  @Test
  void anAckElicitingPacketSinceTheLargestLeavesAcksAlone() {
    PacketNumberSpace space = space(AckFlavor.PICOQUIC, 100, 125);
    List<Frame> withData = pureAck();
    withData.add(new Frame.MaxData(1_000_000));

    assertEquals(0, add(space, withData, LATER, true));
    assertTrue(space.ackOfAckRequested, "MAX_DATA asks for an ACK itself");
    space.nextPacketNumber++;
    assertEquals(0, add(space, pureAck(), LATER, true));
  }

  @Test
  void onlyAPacketWithAnAckInTheReadyStateUnderPicoquicsPolicy() {
    List<Frame> noAck = new ArrayList<>();
    noAck.add(new Frame.Padding(10));
    PacketNumberSpace space = space(AckFlavor.PICOQUIC, 100, 125);
    assertEquals(0, AckOfAckPing.add(space, noAck, 100, false, LATER, SRTT, true));
    assertEquals(0, add(space, pureAck(), LATER, false), "not ready");
    assertEquals(0, AckOfAckPing.add(space, pureAck(), 0, true, LATER, SRTT, true), "no room");
    assertEquals(0, add(space(AckFlavor.RFC9000, 100, 125), pureAck(), LATER, true), "RFC 9000");
    assertEquals(1, add(space, pureAck(), LATER, true), "nothing above changed the state");
  }
}

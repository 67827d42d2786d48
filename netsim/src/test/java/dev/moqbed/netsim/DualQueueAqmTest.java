package dev.moqbed.netsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.EcnMark;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DualQueueAqmTest {
  /** The draft's ecn link: 20 Mbit/s, 40 ms one way, queue 100 ms, l4s_max 15 ms. */
  private static final LinkPhase ECN_LINK =
      LinkPhase.of(0, 0.02, 40_000, 100_000).withL4sMaxMicros(15_000);

  /**
   * A 100 kbit/s link with no queue limit: one 1500-byte packet keeps the serializer busy for 120
   * ms, so scripted AQM calls are not drained by it.
   */
  private static final LinkPhase SLOW_LINK = LinkPhase.of(0, 0.0001, 0, 0).withL4sMaxMicros(15_000);

  private static SimulatedLink link(LinkPhase phase, AqmQuirks quirks) {
    return new SimulatedLink(
        LinkDirection.DOWN,
        phase,
        0,
        SplitMix64.REFERENCE_SEED,
        TwoNodeNetwork.MAX_FLOWS,
        quirks,
        new SplittableRandom(1),
        NetworkListener.NONE);
  }

  /** A link whose serializer is busy until 120 ms, so the AQM holds what it is given. */
  private static SimulatedLink busyLink(AqmQuirks quirks) {
    SimulatedLink link = link(SLOW_LINK, quirks);
    link.enqueue(packet(EcnMark.NOT_ECT, 1500), 0, null);
    return link;
  }

  private static LinkPacket packet(EcnMark ecn, int sizeBytes) {
    LinkPacket packet = new LinkPacket();
    packet.datagram = new Datagram(0, 1, 0, sizeBytes, ecn, null);
    packet.sizeBytes = sizeBytes;
    return packet;
  }

  @Test
  void shouldLimitBuffersToQueueDelayMinusLatencyAtLinkRateWhenConfigured() {
    assertEquals(143_051, link(ECN_LINK, AqmQuirks.PICOQUIC).aqm().limitBytes()); // ~60 ms
    LinkPhase mediaEcn = LinkPhase.of(0, 0.02, 15_000, 100_000).withL4sMaxMicros(15_000);
    assertEquals(202_655, link(mediaEcn, AqmQuirks.PICOQUIC).aqm().limitBytes()); // ~85 ms
    assertEquals(31_250, link(SLOW_LINK, AqmQuirks.PICOQUIC).aqm().limitBytes());
  }

  @Test
  void shouldUseThirdOfMaxAsMinThresholdWhenL4sMaxIsSmall() {
    assertEquals(800, link(ECN_LINK, AqmQuirks.PICOQUIC).aqm().minThresholdMicros());
    assertEquals(
        400, link(ECN_LINK.withL4sMaxMicros(1200), AqmQuirks.PICOQUIC).aqm().minThresholdMicros());
  }

  @Test
  void shouldSendEct1AndCeToL4sQueueWhenClassifying() {
    DualQueueAqm aqm = busyLink(AqmQuirks.PICOQUIC).aqm();
    aqm.enqueue(packet(EcnMark.ECT_1, 100), 0);
    aqm.enqueue(packet(EcnMark.CE, 100), 0);
    aqm.enqueue(packet(EcnMark.ECT_0, 100), 0);
    aqm.enqueue(packet(EcnMark.NOT_ECT, 100), 0);
    aqm.enqueue(packet(EcnMark.NOT_ECT, 100), 0);

    assertEquals(2, aqm.l4sQueue.count);
    assertEquals(3, aqm.classicQueue.count);
    assertEquals(300, aqm.classicQueue.bytes);
  }

  @Test
  void shouldDropWhenBothQueuesWouldExceedTheLimit() {
    SimulatedLink link = busyLink(AqmQuirks.PICOQUIC);
    DualQueueAqm aqm = link.aqm();
    for (int i = 0; i < 20; i++) {
      aqm.enqueue(packet(i % 2 == 0 ? EcnMark.ECT_1 : EcnMark.ECT_0, 1500), 0);
    }
    aqm.enqueue(packet(EcnMark.ECT_1, 1250), 0);
    aqm.enqueue(packet(EcnMark.ECT_1, 1), 0);

    // 20 × 1500 + 1250 = 31,250 fits exactly; one more byte does not
    assertEquals(21, aqm.packetsHeld());
    assertEquals(1, link.statistics().packetsDropped(LinkDropReason.AQM_OVERFLOW));
  }

  @Test
  void shouldServeFifteenL4sPacketsPerClassicPacketWhenBothQueuesAreBacklogged() {
    DualQueueAqm aqm = busyLink(AqmQuirks.PICOQUIC).aqm();
    for (int i = 0; i < 40; i++) {
      aqm.enqueue(packet(EcnMark.ECT_1, 100), 0);
    }
    for (int i = 0; i < 5; i++) {
      aqm.enqueue(packet(EcnMark.NOT_ECT, 100), 0);
    }
    StringBuilder order = new StringBuilder();
    LinkPacket next;
    while ((next = aqm.dequeueOne(0)) != null) {
      order.append(next.datagram.ecn().isL4s() ? 'L' : 'C');
    }

    String fifteenL = "L".repeat(15);
    // slot 0 is Classic; when L runs dry its slots fall back to C
    assertEquals("C" + fifteenL + "C" + fifteenL + "C" + "L".repeat(10) + "CC", order.toString());
  }

  @Test
  void shouldMarkWithDeterministicAccumulatorWhenL4sSojournExceedsMaxThreshold() {
    DualQueueAqm aqm = busyLink(AqmQuirks.PICOQUIC).aqm();
    List<LinkPacket> sent = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      LinkPacket packet = packet(EcnMark.ECT_1, 100);
      sent.add(packet);
      aqm.enqueue(packet, 0);
    }
    List<Integer> marked = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      LinkPacket packet = aqm.dequeueOne(20_000);
      assertSame(sent.get(i - 1), packet);
      if (packet.datagram.ecn() == EcnMark.CE) {
        marked.add(i);
      }
    }

    // p'_L = 1 while at least two remain; the accumulator must exceed 1, so the first is spared
    assertEquals(List.of(2, 3, 4, 5, 6, 7, 8), marked);
  }

  @Test
  void shouldRampLinearlyBetweenThresholdsOnTheNewHeadWhenPicoquic() {
    DualQueueAqm picoquic = busyLink(AqmQuirks.PICOQUIC).aqm();
    DualQueueAqm rfc = busyLink(AqmQuirks.RFC).aqm();
    for (DualQueueAqm aqm : List.of(picoquic, rfc)) {
      aqm.enqueue(packet(EcnMark.ECT_1, 100), 0);
      aqm.enqueue(packet(EcnMark.ECT_1, 100), 5_000);
      aqm.enqueue(packet(EcnMark.ECT_1, 100), 5_000);
      aqm.dequeueOne(7_900); // slot 0 is Classic, empty: falls back to L
    }

    // picoquic: the packet left at the head (sojourn 2.9 ms); RFC: the dequeued one (7.9 ms)
    assertEquals((2_900.0 - 800) / 14_200, picoquic.nativeL4sProbability(), 1e-15);
    assertEquals(0.5, rfc.nativeL4sProbability(), 1e-15);
  }

  @Test
  void shouldUpdatePi2FromLargerHeadSojournWhenUpdateIsDue() {
    DualQueueAqm aqm = busyLink(AqmQuirks.PICOQUIC).aqm();
    aqm.enqueue(packet(EcnMark.NOT_ECT, 100), 0);
    // the first update ran at creation time 0 with empty queues (p' stays 0); the next is at 15 ms
    aqm.update(25_000);

    // p' = alpha (1.5e-7/us) × (25 - 15 ms) + beta (3e-6/us) × (25 ms - 0)
    assertEquals(0.0765, aqm.baseProbability(), 1e-15);
    assertEquals(0.153, aqm.coupledL4sProbability(), 1e-15);
    assertEquals(0.0, aqm.classicProbability()); // picoquic: p' × p'_L, and p'_L is 0
    aqm.update(30_000); // not due before 40 ms
    assertEquals(0.0765, aqm.baseProbability(), 1e-15);
    aqm.update(40_000);
    assertEquals(0.12525, aqm.baseProbability(), 1e-15);
  }

  @Test
  void shouldSquareBaseProbabilityForClassicWhenRfc() {
    DualQueueAqm aqm = busyLink(AqmQuirks.RFC).aqm();
    aqm.enqueue(packet(EcnMark.NOT_ECT, 100), 0);
    aqm.update(25_000);

    assertEquals(0.0765 * 0.0765, aqm.classicProbability(), 1e-15);
  }

  /** Makes p'_L = 1 with L4S packets, then p' = 0.0765 and so p_C = 0.0765 (picoquic). */
  private static DualQueueAqm classicProbabilityOfPoint0765() {
    DualQueueAqm aqm = busyLink(AqmQuirks.PICOQUIC).aqm();
    for (int i = 0; i < 3; i++) {
      aqm.enqueue(packet(EcnMark.ECT_1, 100), 0);
    }
    aqm.dequeueOne(20_000); // p'_L = 1
    aqm.update(25_000);
    assertEquals(0.0765, aqm.classicProbability(), 1e-15);
    assertNotNull(aqm.dequeueOne(25_000));
    assertNotNull(aqm.dequeueOne(25_000));
    return aqm;
  }

  @Test
  void shouldMarkEcnCapableAndDropNotEctWhenClassicProbabilityFires() {
    DualQueueAqm ect0 = classicProbabilityOfPoint0765();
    DualQueueAqm notEct = classicProbabilityOfPoint0765();
    List<Integer> marked = new ArrayList<>();
    List<Integer> dropped = new ArrayList<>();
    for (int i = 1; i <= 30; i++) {
      ect0.enqueue(packet(EcnMark.ECT_0, 100), 25_000);
      notEct.enqueue(packet(EcnMark.NOT_ECT, 100), 25_000);
      if (ect0.dequeueOne(25_000).datagram.ecn() == EcnMark.CE) {
        marked.add(i);
      }
      LinkPacket packet = notEct.dequeueOne(25_000);
      assertEquals(EcnMark.NOT_ECT, packet.datagram.ecn());
      if (notEct.lastDequeueDropped()) {
        dropped.add(i);
      }
    }

    // 0.0765 per packet: the accumulator passes 1 at the 14th and the 27th
    assertEquals(List.of(14, 27), marked);
    assertEquals(List.of(14, 27), dropped);
  }

  @Test
  void shouldMarkL4sOnNativeRampAloneWhenPicoquicButOnCoupledProbabilityWhenRfc() {
    int[] marks = new int[2];
    for (AqmQuirks quirks : AqmQuirks.values()) {
      DualQueueAqm aqm = busyLink(quirks).aqm();
      aqm.enqueue(packet(EcnMark.NOT_ECT, 100), 0);
      aqm.update(25_000); // p_CL = 0.153
      aqm.dequeueOne(25_000); // slot 0: the Classic packet
      for (int i = 0; i < 200; i++) {
        aqm.enqueue(packet(EcnMark.ECT_1, 100), 25_000);
        if (aqm.dequeueOne(25_000).datagram.ecn() == EcnMark.CE) { // sojourn 0: p'_L = 0
          marks[quirks.ordinal()]++;
        }
      }
    }

    assertEquals(0, marks[AqmQuirks.PICOQUIC.ordinal()]);
    assertTrue(marks[AqmQuirks.RFC.ordinal()] > 10, "rfc marks " + marks[1]); // ~0.153 × 200
  }

  @Test
  void shouldNeverDropClassicTrafficOnProbabilityWhenPicoquicHasNoL4sTraffic() {
    for (AqmQuirks quirks : AqmQuirks.values()) {
      NetworkHarness harness =
          new NetworkHarness(LinkSchedule.constant(ECN_LINK), b -> b.aqmQuirks(quirks));
      // 40 Mbit/s of 1000 B ECT(0) packets into 20 Mbit/s for 2 s
      for (int i = 0; i < 10_000; i++) {
        harness.sendAt(i * 200L, LinkDirection.DOWN, 0, 1000, EcnMark.ECT_0, i);
      }
      harness.scheduler.runUntil(3_000_000);
      TrafficStatistics down = harness.network.statistics(LinkDirection.DOWN);

      assertTrue(down.packetsDropped(LinkDropReason.AQM_OVERFLOW) > 0, quirks.toString());
      if (quirks == AqmQuirks.PICOQUIC) {
        assertEquals(0, down.packetsDropped(LinkDropReason.AQM_DROP));
        assertEquals(0, down.packetsCeMarked());
        // the Classic queue is a FIFO with a byte limit: ~60 ms of queue at 20 Mbit/s
        assertTrue(down.queueDelayMaxMicros() > 55_000, "" + down.queueDelayMaxMicros());
      } else {
        assertTrue(down.packetsCeMarked() > 0);
      }
      assertEquals(0, down.packetsQueued());
    }
  }

  @Test
  void shouldMoveOnePacketPerTransmissionSlotWhenAqmFeedsTheSerializer() {
    NetworkHarness harness = new NetworkHarness(LinkSchedule.constant(ECN_LINK));
    for (int i = 0; i < 5; i++) {
      harness.sendAt(1_000, LinkDirection.DOWN, 0, 1440, EcnMark.ECT_1, i);
    }
    DualQueueAqm aqm = harness.network.link(LinkDirection.DOWN).aqm();

    assertEquals(4, aqm.packetsHeld()); // the first went straight to the idle serializer
    harness.scheduler.runUntil(200_000);
    for (int i = 0; i < 5; i++) {
      // the AQM hands over the next packet when the serializer frees: back to back, 575 us each
      assertEquals(1_000 + (i + 1) * 575L + 40_000, harness.delivery(i).atMicros());
    }
    assertFalse(aqm.hasPending());
    assertNull(aqm.dequeueOne(200_000));
  }
}

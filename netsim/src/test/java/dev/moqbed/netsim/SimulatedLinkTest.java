package dev.moqbed.netsim;

import static dev.moqbed.netsim.LinkDirection.DOWN;
import static dev.moqbed.netsim.LinkDirection.UP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SimulatedLinkTest {

  @Test
  void shouldComputeReferenceTransmitTimesWhenRatesAreTheDraftRates() {
    // expected values from an independent transcription of the reference arithmetic
    assertEquals(419_430, SimulatedLink.picosecPerByte(0.02));
    assertEquals(575, (SimulatedLink.picosecPerByte(0.02) * 1440) >>> 20); // not 576
    assertEquals(1001, (SimulatedLink.picosecPerByte(0.01) * 1252) >>> 20);
    assertEquals(7499, (SimulatedLink.picosecPerByte(0.001536) * 1440) >>> 20);
    assertEquals(22_500, (SimulatedLink.picosecPerByte(0.000512) * 1440) >>> 20);
    assertEquals(0, SimulatedLink.picosecPerByte(0));
  }

  @Test
  void shouldArriveAfterSerializationAndLatencyWhenPacketsAreBackToBack() {
    NetworkHarness harness =
        new NetworkHarness(LinkSchedule.constant(LinkPhase.of(0, 0.02, 40_000, 0)));
    for (int i = 0; i < 3; i++) {
      harness.sendAt(1000, DOWN, 1440, i);
    }
    harness.scheduler.runAll();

    assertEquals(1000 + 575 + 40_000, harness.delivery(0).atMicros());
    assertEquals(1000 + 2 * 575 + 40_000, harness.delivery(1).atMicros());
    assertEquals(1000 + 3 * 575 + 40_000, harness.delivery(2).atMicros());
  }

  @Test
  void shouldTakeOneMicrosecondWhenTransmitTimeTruncatesToZero() {
    NetworkHarness harness = new NetworkHarness(LinkSchedule.constant(LinkPhase.of(0, 10.0, 5, 0)));
    harness.sendAt(0, UP, 100, 0);
    harness.sendAt(0, UP, 100, 1);
    harness.scheduler.runAll();

    assertEquals(1 + 5, harness.delivery(0).atMicros());
    assertEquals(2 + 5, harness.delivery(1).atMicros());
  }

  @Test
  void shouldDropExactlyWhenBacklogReachesQueueDelayMax() {
    // 1000 B at 10 Mbit/s take 799 us; packet k sent at 0 sees a backlog of k * 799 us
    NetworkHarness atLimit =
        new NetworkHarness(LinkSchedule.constant(LinkPhase.of(0, 0.01, 1000, 3 * 799)));
    NetworkHarness aboveLimit =
        new NetworkHarness(LinkSchedule.constant(LinkPhase.of(0, 0.01, 1000, 3 * 799 + 1)));
    for (int i = 0; i < 6; i++) {
      atLimit.sendAt(0, DOWN, 1000, i);
      aboveLimit.sendAt(0, DOWN, 1000, i);
    }
    atLimit.scheduler.runAll();
    aboveLimit.scheduler.runAll();

    assertEquals(List.of(3, 4, 5), atLimit.drops.stream().map(d -> d.sequence()).toList());
    assertEquals(List.of(4, 5), aboveLimit.drops.stream().map(d -> d.sequence()).toList());
    assertEquals(3, atLimit.network.statistics(DOWN).packetsDropped(LinkDropReason.QUEUE_FULL));
  }

  @Test
  void shouldNotLimitQueueWhenQueueDelayMaxIsZero() {
    NetworkHarness harness = new NetworkHarness(LinkSchedule.constant(LinkPhase.of(0, 0.01, 0, 0)));
    for (int i = 0; i < 1000; i++) {
      harness.sendAt(0, DOWN, 1500, i);
    }
    harness.scheduler.runAll();

    assertEquals(1000, harness.deliveries.size());
  }

  @Test
  void shouldDropOversizePacketAfterOccupyingSerializerWhenLargerThan1536Bytes() {
    NetworkHarness harness = new NetworkHarness(LinkSchedule.constant(LinkPhase.of(0, 0.01, 0, 0)));
    harness.sendAt(0, DOWN, 1536, 0);
    harness.sendAt(0, DOWN, 1537, 1);
    harness.sendAt(0, DOWN, 1000, 2);
    harness.scheduler.runAll();

    assertEquals(LinkDropReason.OVERSIZE, harness.drops.get(0).reason());
    assertEquals(1, harness.drops.get(0).sequence());
    long t1536 = (SimulatedLink.picosecPerByte(0.01) * 1536) >>> 20;
    long t1537 = (SimulatedLink.picosecPerByte(0.01) * 1537) >>> 20;
    assertEquals(t1536 + t1537 + 799, harness.delivery(2).atMicros());
  }

  @Test
  void shouldNeverReorderWhenJitterIsLarge() {
    for (JitterModel model : JitterModel.values()) {
      NetworkHarness harness =
          new NetworkHarness(
              LinkSchedule.constant(LinkPhase.of(0, 0.02, 1000, 0).withJitter(20_000, model)));
      for (int i = 0; i < 2000; i++) {
        harness.sendAt(i * 300L, UP, 1200, i);
      }
      harness.scheduler.runAll();

      List<Integer> order = harness.deliveries.stream().map(d -> d.sequence()).toList();
      assertEquals(IntStream.range(0, 2000).boxed().toList(), order, model.toString());
    }
  }

  @Test
  void shouldDeliverNoEarlierThanSendPlusSerializationPlusLatencyWhenJittered() {
    long latency = 3000;
    long transmit = (SimulatedLink.picosecPerByte(0.05) * 1400) >>> 20;
    NetworkHarness harness =
        new NetworkHarness(
            LinkSchedule.constant(
                LinkPhase.of(0, 0.05, latency, 0).withJitter(7000, JitterModel.WIFI)));
    for (int i = 0; i < 1000; i++) {
      harness.sendAt(i * 150L, DOWN, 1400, i);
    }
    harness.scheduler.runAll();

    boolean someLate = false;
    for (NetworkHarness.Delivery delivery : harness.deliveries) {
      long floor = delivery.submittedMicros() + transmit + latency;
      assertTrue(delivery.atMicros() >= floor, "packet " + delivery.sequence());
      someLate |= delivery.atMicros() > floor + 5000;
    }
    assertTrue(someLate, "jitter had no visible effect");
  }

  @Test
  void shouldLoseBurstsWithReferenceSpacingWhenBurstLossIsSet() {
    // B = 2, P = 10: the reference loses B packets once more than P were accepted since the last
    // burst, so 11 go through between bursts
    NetworkHarness harness =
        new NetworkHarness(
            LinkSchedule.of(LinkPhase.of(LinkPhase.FOREVER, 0.1, 100, 0).withBurstLoss(2, 10)));
    for (int i = 0; i < 40; i++) {
      harness.sendAt(0, DOWN, 100, i);
    }
    harness.scheduler.runAll();

    assertEquals(
        List.of(11, 12, 24, 25, 37, 38), harness.drops.stream().map(d -> d.sequence()).toList());
    assertTrue(harness.drops.stream().allMatch(d -> d.reason() == LinkDropReason.BURST_LOSS));
  }

  @Test
  void shouldKeepFlowCountersApartWhenFlowsShareTheLink() {
    NetworkHarness harness =
        new NetworkHarness(LinkSchedule.constant(LinkPhase.of(0, 0.01, 10, 0)));
    harness.sendAt(0, DOWN, 0, 1000, dev.moqbed.transport.EcnMark.NOT_ECT, 0);
    harness.sendAt(0, DOWN, 3, 500, dev.moqbed.transport.EcnMark.NOT_ECT, 1);
    harness.sendAt(0, DOWN, 3, 500, dev.moqbed.transport.EcnMark.NOT_ECT, 2);
    harness.scheduler.runAll();

    assertEquals(1, harness.network.flowStatistics(0, DOWN).packetsDelivered());
    assertEquals(1000, harness.network.flowStatistics(0, DOWN).bytesDelivered());
    assertEquals(2, harness.network.flowStatistics(3, DOWN).packetsDelivered());
    assertEquals(0, harness.network.flowStatistics(3, UP).packetsSent());
    // the second 500 B packet waited for 1000 B (799 us) and the first 500 B (399 us)
    assertEquals(799 + 399, harness.network.flowStatistics(3, DOWN).queueDelayMaxMicros());
    assertFalse(harness.network.link(DOWN).isSuspended());
  }
}

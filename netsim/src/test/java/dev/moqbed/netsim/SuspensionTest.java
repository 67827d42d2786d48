package dev.moqbed.netsim;

import static dev.moqbed.netsim.LinkDirection.DOWN;
import static dev.moqbed.netsim.LinkDirection.UP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SuspensionTest {
  /** The draft's blackhole link: 25 Mbit/s, 35 ms one way, 80 ms queue (1440 B take 460 us). */
  private static final LinkPhase BLACKHOLE_BASE = LinkPhase.of(0, 0.025, 35_000, 80_000);

  /** The draft's wifi_suspension link: 20 Mbit/s, 5 ms, 20 ms queue (1440 B take 575 us). */
  private static final LinkPhase SUSPENSION_BASE = LinkPhase.of(0, 0.02, 5_000, 20_000);

  @Test
  void shouldHoldPacketsUntilResumeWhenSentIntoBlackHole() {
    NetworkHarness harness = new NetworkHarness(LinkScenario.BLACK_HOLE.schedule(BLACKHOLE_BASE));
    harness.sendAt(2_500_000, DOWN, 1440, 0);
    harness.sendAt(3_999_999, UP, 1440, 1);
    harness.scheduler.runUntil(3_999_999);

    assertTrue(harness.deliveries.isEmpty());
    assertTrue(harness.network.link(DOWN).isSuspended());
    assertEquals(1, harness.network.statistics(DOWN).packetsQueued());
    harness.scheduler.runUntil(5_000_000);
    assertEquals(4_000_000 + 460 + 35_000, harness.delivery(0).atMicros());
    assertEquals(4_000_000 + 460 + 35_000, harness.delivery(1).atMicros());
    assertTrue(harness.drops.isEmpty());
  }

  @Test
  void shouldDeliverPacketsInTheAirWhenBlackHoleStarts() {
    NetworkHarness harness = new NetworkHarness(LinkScenario.BLACK_HOLE.schedule(BLACKHOLE_BASE));
    harness.sendAt(1_990_000, DOWN, 1440, 0);
    harness.scheduler.runUntil(2_100_000);

    assertEquals(1_990_000 + 460 + 35_000, harness.delivery(0).atMicros());
  }

  @Test
  void shouldResubmitBacklogAndDropBeyondQueueLimitWhenBlackHoleEnds() {
    NetworkHarness harness = new NetworkHarness(LinkScenario.BLACK_HOLE.schedule(BLACKHOLE_BASE));
    // 300 packets at 1.96 s: 174 fit in 80 ms (k·460 < 80000), 126 are dropped at once
    for (int i = 0; i < 300; i++) {
      harness.sendAt(1_960_000, DOWN, 1440, i);
    }
    // 200 more during the black hole: held, never dropped while suspended
    for (int i = 300; i < 500; i++) {
      harness.sendAt(3_000_000, DOWN, 1440, i);
    }
    harness.scheduler.runUntil(3_999_999);

    TrafficStatistics down = harness.network.statistics(DOWN);
    assertEquals(126, down.packetsDropped(LinkDropReason.QUEUE_FULL));
    // in the air at 2 s: arrival <= 2 s + 35 ms, i.e. the first 86 (86 · 460 <= 40000)
    assertEquals(86, down.packetsDelivered());
    assertEquals(85, harness.deliveries.get(85).sequence());
    assertEquals(88 + 200, down.packetsQueued());

    harness.scheduler.runUntil(6_000_000);
    // at 4 s all 288 are re-submitted at once: 174 fit, 114 are dropped
    assertEquals(126 + 114, down.packetsDropped(LinkDropReason.QUEUE_FULL));
    assertEquals(86 + 174, down.packetsDelivered());
    assertEquals(0, down.packetsQueued());
    assertEquals(4_000_000 + 460 + 35_000, harness.delivery(86).atMicros());
    assertEquals(4_000_000 + 88 * 460 + 35_000, harness.delivery(173).atMicros());
    assertEquals(4_000_000 + 174 * 460 + 35_000, harness.delivery(385).atMicros());
  }

  @Test
  void shouldHoldDuringEachOutageWhenWifiSuspensionCycles() {
    NetworkHarness harness =
        new NetworkHarness(LinkScenario.WIFI_SUSPENSION.schedule(SUSPENSION_BASE));
    harness.sendAt(1_799_000, DOWN, 1440, 0); // arrives 1_804_575 <= 1.8 s + 5 ms: in the air
    harness.sendAt(1_799_800, DOWN, 1440, 1); // arrives 1_805_375: re-submitted, then held
    harness.sendAt(1_850_000, DOWN, 1440, 2);
    harness.sendAt(2_100_000, DOWN, 1440, 3);
    harness.sendAt(3_900_000, UP, 1440, 4);
    harness.sendAt(5_799_999, DOWN, 1440, 5); // serialized after 5.8 s: held to 6.0 s
    harness.scheduler.runUntil(7_000_000);

    assertEquals(1_799_000 + 575 + 5_000, harness.delivery(0).atMicros());
    assertEquals(2_000_000 + 575 + 5_000, harness.delivery(1).atMicros());
    assertEquals(2_000_000 + 2 * 575 + 5_000, harness.delivery(2).atMicros());
    assertEquals(2_100_000 + 575 + 5_000, harness.delivery(3).atMicros());
    assertEquals(4_000_000 + 575 + 5_000, harness.delivery(4).atMicros());
    assertEquals(6_000_000 + 575 + 5_000, harness.delivery(5).atMicros());
    assertEquals(7, harness.phaseChanges.size()); // at 0, 1.8, 2.0, 3.8, 4.0, 5.8 and 6.0 s
  }

  @Test
  void shouldResubmitUnfinishedPacketsAtNewRateWhenPhaseChanges() {
    // drop_and_back at 1.5 s: packets whose serialization ended before 1.5 s are in the air; the
    // one being serialized and those behind it restart at 1.5 s at half rate (1440 B: 921 us)
    NetworkHarness harness =
        new NetworkHarness(LinkScenario.DROP_AND_BACK.schedule(BLACKHOLE_BASE));
    for (int i = 0; i < 4; i++) {
      harness.sendAt(1_499_000, DOWN, 1440, i);
    }
    harness.scheduler.runUntil(2_000_000);

    long halfRate = (SimulatedLink.picosecPerByte(0.025 * 0.5) * 1440) >>> 20;
    assertEquals(921, halfRate);
    assertEquals(1_499_000 + 460 + 35_000, harness.delivery(0).atMicros());
    assertEquals(1_499_000 + 2 * 460 + 35_000, harness.delivery(1).atMicros());
    assertEquals(1_500_000 + halfRate + 35_000, harness.delivery(2).atMicros());
    assertEquals(1_500_000 + 2 * halfRate + 35_000, harness.delivery(3).atMicros());
  }
}

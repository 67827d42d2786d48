package dev.moqbed.netsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.runtime.RandomStreams;
import dev.moqbed.transport.EcnMark;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NetworkPropertiesTest {

  private static void assertConserved(NetworkHarness harness, String context) {
    for (LinkDirection direction : LinkDirection.values()) {
      SimulatedLink link = harness.network.link(direction);
      TrafficStatistics total = link.statistics();
      assertEquals(
          total.packetsSent(),
          total.packetsDelivered() + total.packetsDropped() + total.packetsQueued(),
          context);
      assertEquals(link.packetsHeld(), total.packetsQueued(), context + " " + direction);
      long flowSent = 0;
      long flowDelivered = 0;
      long flowDropped = 0;
      for (int flow = 0; flow < TwoNodeNetwork.MAX_FLOWS; flow++) {
        TrafficStatistics stats = link.flowStatistics(flow);
        assertEquals(
            stats.packetsSent(),
            stats.packetsDelivered() + stats.packetsDropped() + stats.packetsQueued(),
            context);
        flowSent += stats.packetsSent();
        flowDelivered += stats.packetsDelivered();
        flowDropped += stats.packetsDropped();
      }
      assertEquals(total.packetsSent(), flowSent, context);
      assertEquals(total.packetsDelivered(), flowDelivered, context);
      assertEquals(total.packetsDropped(), flowDropped, context);
    }
    assertEquals(
        harness.deliveries.size(),
        harness.network.statistics(LinkDirection.UP).packetsDelivered()
            + harness.network.statistics(LinkDirection.DOWN).packetsDelivered(),
        context);
  }

  @Test
  void shouldConserveEveryPacketWhenProfilesAndSeedsAreRandom() {
    SplittableRandom random = new SplittableRandom(20_260_901);
    for (int run = 0; run < 300; run++) {
      LinkSchedule schedule = RandomProfiles.schedule(random);
      NetworkHarness harness = new NetworkHarness(schedule);
      RandomProfiles.traffic(harness, random, 400, 1_000_000);
      String context = "run " + run + " " + schedule;

      assertConserved(harness, context);
      harness.scheduler.runUntil(3_000_000);
      assertConserved(harness, context);
    }
  }

  @Test
  void shouldNeverReorderWithinALinkWhenThereIsNoAqm() {
    SplittableRandom random = new SplittableRandom(77);
    int checked = 0;
    while (checked < 100) {
      LinkSchedule schedule = RandomProfiles.schedule(random);
      if (schedule.phase(0).l4sMaxMicros() > 0) {
        continue;
      }
      checked++;
      NetworkHarness harness = new NetworkHarness(schedule);
      RandomProfiles.traffic(harness, random, 300, 1_000_000);
      harness.scheduler.runUntil(5_000_000);
      for (LinkDirection direction : LinkDirection.values()) {
        int last = -1;
        for (NetworkHarness.Delivery delivery : harness.deliveries(direction)) {
          assertTrue(delivery.sequence() > last, "reordered on " + direction + " " + schedule);
          last = delivery.sequence();
        }
      }
    }
  }

  @Test
  void shouldFinishWithoutExceptionOrStallWhenTenThousandProfilesAreRandom() {
    SplittableRandom random = new SplittableRandom(10_000);
    long eventCap = 200_000;
    for (int run = 0; run < 10_000; run++) {
      LinkSchedule schedule = RandomProfiles.schedule(random);
      NetworkHarness harness = new NetworkHarness(schedule);
      RandomProfiles.traffic(harness, random, 1 + random.nextInt(40), 500_000);
      long before = harness.scheduler.eventsExecuted();
      harness.scheduler.runWhile(
          () -> harness.scheduler.eventsExecuted() - before < eventCap, 2_000_000);

      assertTrue(
          harness.scheduler.nextDeadlineMicros() > 2_000_000,
          "stalled at " + harness.scheduler.nowMicros() + " us: " + schedule);
      assertConserved(harness, "run " + run + " " + schedule);
    }
  }

  /** FNV-1a over every delivery and drop: time, direction, packet, ECN, reason. */
  private static long traceHash(NetworkHarness harness) {
    long hash = 0xcbf29ce484222325L;
    for (NetworkHarness.Delivery d : harness.deliveries) {
      for (long value :
          new long[] {
            d.atMicros(), d.direction().ordinal(), d.sequence(), d.datagram().ecn().ordinal()
          }) {
        hash = (hash ^ value) * 0x100000001b3L;
      }
    }
    for (NetworkHarness.Drop d : harness.drops) {
      for (long value : new long[] {d.atMicros(), d.sequence(), d.reason().ordinal()}) {
        hash = (hash ^ value) * 0x100000001b3L;
      }
    }
    return hash;
  }

  private static long runTrace(RandomStreams streams) {
    LinkPhase base =
        LinkPhase.of(0, 0.02, 10_000, 60_000)
            .withJitter(7000, JitterModel.WIFI)
            .withL4sMaxMicros(15_000);
    NetworkHarness harness =
        new NetworkHarness(
            LinkScenario.WIFI_SUSPENSION.schedule(base), b -> b.randomStreams(streams));
    RandomProfiles.traffic(harness, new SplittableRandom(5), 5000, 4_000_000);
    harness.scheduler.runUntil(6_000_000);
    return traceHash(harness);
  }

  @Test
  void shouldGiveBitIdenticalTraceWhenSeedIsTheSame() {
    long first = runTrace(new RandomStreams(1, 0));
    long second = runTrace(new RandomStreams(1, 0));
    long otherRun = runTrace(new RandomStreams(1, 3));

    assertEquals(first, second);
    assertNotEquals(first, otherRun);
  }

  @Test
  void shouldSeedJitterAsTheReferenceWhenRunIsZeroAndDifferentlyPerRunOtherwise() {
    JitterSeeds runZero = JitterSeeds.forRun(new RandomStreams(99, 0));
    JitterSeeds runOne = JitterSeeds.forRun(new RandomStreams(99, 1));
    JitterSeeds runTwo = JitterSeeds.forRun(new RandomStreams(99, 2));

    assertEquals(JitterSeeds.reference(), runZero);
    assertNotEquals(runOne, runTwo);
    assertNotEquals(runOne.upSeed(), runOne.downSeed());
    // the reference XORs a 32-bit value: the high half of the seed is kept
    assertEquals(SplitMix64.REFERENCE_SEED >>> 32, runOne.upSeed() >>> 32);
    assertEquals(runOne, JitterSeeds.forRun(new RandomStreams(99, 1)));
  }

  @Test
  void shouldRunNetworkEventsBeforeEndpointTasksWhenBothAreDueAtTheSameTime() {
    NetworkHarness harness =
        new NetworkHarness(LinkSchedule.constant(LinkPhase.of(0, 0.02, 10_000, 0)));
    List<String> events = new ArrayList<>();
    harness.network.attach(TwoNodeNetwork.CLIENT_NODE, (now, datagram) -> events.add("ack@" + now));
    long arrival = 575 + 10_000;
    // scheduled before the packet is even sent, so a plain scheduler would run them first
    harness.scheduler.scheduleAt(arrival, () -> events.add("plain@" + arrival));
    harness.network.endpointScheduler().scheduleAt(arrival, () -> events.add("prepare@" + arrival));
    harness.network.send(NetworkHarness.datagram(LinkDirection.DOWN, 0, 1440, EcnMark.ECT_0, 0));
    harness.scheduler.runAll();

    assertEquals(List.of("plain@10575", "ack@10575", "prepare@10575"), events);
  }
}

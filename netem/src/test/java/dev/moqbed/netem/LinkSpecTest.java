package dev.moqbed.netem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netsim.JitterModel;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import org.junit.jupiter.api.Test;

class LinkSpecTest {
  @Test
  void shouldTurnQuantitiesIntoTheSimulatorsPhase() {
    LinkSchedule schedule =
        LinkSpec.parse("rate=20mbit, delay=20ms, queue=80ms, jitter=7ms, jitter-model=wifi")
            .schedule();
    assertEquals(1, schedule.size());
    LinkPhase phase = schedule.phase(0);
    assertEquals(0.02, phase.upRateGbps(), 1e-15);
    assertEquals(0.02, phase.downRateGbps(), 1e-15);
    assertEquals(20_000, phase.latencyMicros());
    assertEquals(80_000, phase.queueDelayMaxMicros());
    assertEquals(7_000, phase.jitterMicros());
    assertEquals(JitterModel.WIFI, phase.jitterModel());
    assertEquals(LinkPhase.FOREVER, phase.durationMicros());
  }

  @Test
  void shouldGiveEachDirectionItsRateAndTheBuiltInSchedules() {
    LinkSchedule schedule =
        LinkSpec.parse("up=10mbit,down=100mbit,delay=15ms,queue=100ms,scenario=black_hole")
            .schedule();
    assertEquals(3, schedule.size());
    assertEquals(0.01, schedule.phase(0).upRateGbps(), 1e-15);
    assertEquals(0.1, schedule.phase(0).downRateGbps(), 1e-15);
    assertEquals(0, schedule.phase(1).upRateGbps());
    assertEquals(2_000_000, schedule.phase(1).durationMicros());
    LinkPhase lossy = LinkSpec.parse("rate=1mbit,l4s=15ms,loss=2/100").schedule().phase(0);
    assertEquals(2, lossy.burstLossCount());
    assertEquals(100, lossy.packetsBetweenBursts());
    assertEquals(15_000, lossy.l4sMaxMicros());
  }

  @Test
  void shouldTakeTheReferencesCustomLinkTextAlone() {
    LinkSchedule schedule =
        LinkSpec.parse("phases=1000000:U0.01:D0.01:L15000:Q100000;60000000:U0.01:D0.01:L100000")
            .schedule();
    assertEquals(2, schedule.size());
    assertEquals(100_000, schedule.phase(1).latencyMicros());
    IllegalArgumentException both =
        assertThrows(
            IllegalArgumentException.class,
            () -> LinkSpec.parse("rate=1mbit,phases=1000:U0.01:D0.01"));
    assertTrue(both.getMessage().contains("alone"), both.getMessage());
  }

  @Test
  void shouldRefuseWhatItCannotReadInOneLine() {
    String[] bad = {
      "",
      "rate=20",
      "rate=fast",
      "rate=20mbit,dealy=2ms",
      "rate=20mbit,rate=10mbit",
      "delay=20ms",
      "rate=20mbit,up=10mbit",
      "rate=20mbit,delay=20",
      "rate=20mbit,jitter-model=pareto",
      "rate=20mbit,loss=3",
      "rate=20mbit,scenario=tunnel",
      "rate=20mbit,loss=1/10,scenario=black_hole",
      "rate=20mbit,",
      "phases=1000:X5",
      "rate=0.5bit"
    };
    for (String text : bad) {
      IllegalArgumentException error =
          assertThrows(IllegalArgumentException.class, () -> LinkSpec.parse(text), text);
      assertFalse(error.getMessage().isBlank(), text);
      assertFalse(error.getMessage().contains("\n"), text);
    }
  }
}

package dev.moqbed.netem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkDropReason;
import org.junit.jupiter.api.Test;

class DirectionMeterTest {
  @Test
  void shouldCountEachIntervalOnItsOwnAndTheRunInTotal() {
    DirectionMeter meter = new DirectionMeter(LinkDirection.UP, 1_000);
    meter.received(1200);
    meter.received(1200);
    meter.queued(500);
    meter.forwarded(1200, 20_500);
    meter.droppedByLink(LinkDropReason.QUEUE_FULL);
    DirectionSample first = meter.takeInterval(1_001_000, 3);
    assertEquals(2, first.received());
    assertEquals(1, first.forwarded());
    assertEquals(1, first.droppedQueue());
    assertEquals(1, first.dropped());
    assertEquals(3, first.held());
    assertEquals(1_000_000, first.durationMicros());
    assertEquals(9_600, first.forwardedBitsPerSecond(), 1e-9);
    assertEquals(20_500, first.transitP50Micros(), 20_500 * 0.001);

    meter.droppedByLink(LinkDropReason.AQM_DROP);
    meter.droppedByLink(LinkDropReason.BURST_LOSS);
    meter.add(DirectionMeter.Count.DROPPED_BUFFER, 2);
    DirectionSample second = meter.takeInterval(2_001_000, 0);
    assertEquals(0, second.received());
    assertEquals(1, second.droppedAqm());
    assertEquals(1, second.droppedLoss());
    assertEquals(2, second.droppedBuffer());
    assertEquals(0, second.transitP50Micros());

    DirectionSample total = meter.takeTotal(2_001_000, 0);
    assertEquals(2, total.received());
    assertEquals(5, total.dropped());
    assertEquals(2_000_000, total.durationMicros());
    assertEquals(20_500, total.transitMaxMicros(), 20_500 * 0.001);
  }
}

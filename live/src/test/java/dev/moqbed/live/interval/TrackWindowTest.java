package dev.moqbed.live.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class TrackWindowTest {

  @Test
  void shouldStartEachIntervalsLatencyHistogramEmpty() {
    TrackWindow window = new TrackWindow("a1", true);
    for (int i = 0; i < 100; i++) {
      window.frame(80, 200_000, false);
    }
    TrackInterval first = window.take();
    window.frame(80, 1_000, false);
    window.frame(80, 2_000, false);
    TrackInterval second = window.take();

    assertEquals(100, first.latency().getTotalCount());
    assertEquals(200_000, first.latency().getValueAtPercentile(50), 200);
    // The second interval holds its own two frames only: the 200 ms ones are gone.
    assertEquals(2, second.latency().getTotalCount());
    assertEquals(2_000, second.latency().getValueAtPercentile(99), 2);
    assertEquals(2, second.frames());
    assertEquals(160, second.bytes());
  }

  @Test
  void shouldStartEveryCountAgainFromZeroAfterATake() {
    TrackWindow window = new TrackWindow("vmid", true);
    window.frame(6250, 300_000, true);
    window.stopSending(1);
    window.reset(2);
    window.dropped(3);
    TrackInterval first = window.take();
    TrackInterval second = window.take();

    assertEquals(1, first.frames());
    assertEquals(6250, first.bytes());
    assertEquals(1, first.late());
    assertEquals(1, first.stopSending());
    assertEquals(2, first.reset());
    assertEquals(3, first.dropped());
    assertEquals(0, second.frames() + second.bytes() + second.late() + second.stopSending());
    assertEquals(0, second.latency().getTotalCount());
  }

  @Test
  void shouldMeasureNoLatencyWhereTheEndDoesNot() {
    TrackWindow window = new TrackWindow("a1", false);
    window.frame(80);
    TrackInterval interval = window.take();
    assertNull(interval.latency());
    assertEquals(1, interval.frames());
  }

  @Test
  void shouldAddCountsAndMergeHistogramsWhenTwoEndsJoin() {
    TrackWindow one = new TrackWindow("a1", true);
    TrackWindow two = new TrackWindow("a1", true);
    one.frame(80, 1_000, false);
    two.frame(80, 9_000, true);
    TrackInterval merged = one.take().plus(two.take());
    assertEquals(2, merged.frames());
    assertEquals(160, merged.bytes());
    assertEquals(1, merged.late());
    assertEquals(2, merged.latency().getTotalCount());
    assertEquals(9_000, merged.latency().getMaxValue(), 9);
  }
}

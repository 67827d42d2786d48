package dev.moqbed.cc.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HystartTestTest {
  private long nowMicros = 10_000;

  private boolean feed(HystartTest test, long rttMicros, long packetTimeMicros) {
    nowMicros += 1_001;
    return test.onRttSample(nowMicros, rttMicros, packetTimeMicros);
  }

  @Test
  void shouldExitOnSeventhExcessWhenMinimumOfSevenRisesByAQuarter() {
    HystartTest test = new HystartTest();
    for (int i = 0; i < 7; i++) {
      assertFalse(feed(test, 80_000, 1));
    }
    assertEquals(80_000, test.filteredMinMicros());
    // The seven-sample minimum must exceed 80 000 + 20 000; it does once the ring holds only
    // 100 001 µs samples, i.e. from the 7th such sample on.
    for (int i = 0; i < 6; i++) {
      assertFalse(feed(test, 100_001, 1));
    }
    for (int i = 1; i <= 6; i++) {
      assertFalse(feed(test, 100_001, 1), "excess " + i);
      assertEquals(i, test.excessCount());
    }
    assertTrue(feed(test, 100_001, 1));
    assertEquals(7, test.excessCount());
  }

  @Test
  void shouldNotCountWhenRiseIsExactlyAQuarter() {
    HystartTest test = new HystartTest();
    for (int i = 0; i < 7; i++) {
      feed(test, 80_000, 1);
    }
    for (int i = 0; i < 30; i++) {
      assertFalse(feed(test, 100_000, 1));
    }
    assertEquals(0, test.excessCount());
  }

  @Test
  void shouldUsePacketTimeAsThresholdFloorWhenItExceedsAQuarterOfMinimum() {
    HystartTest floored = new HystartTest();
    HystartTest unfloored = new HystartTest();
    for (int i = 0; i < 7; i++) {
      feed(floored, 4_000, 3_000);
      nowMicros -= 1_001;
      feed(unfloored, 4_000, 1);
    }
    for (int i = 0; i < 13; i++) {
      feed(floored, 6_000, 3_000);
      nowMicros -= 1_001;
      feed(unfloored, 6_000, 1);
    }
    assertEquals(0, floored.excessCount());
    assertEquals(7, unfloored.excessCount());
  }

  @Test
  void shouldIgnoreSamplesCloserThanOneMillisecond() {
    HystartTest test = new HystartTest();
    test.onRttSample(5_000, 80_000, 1);
    test.onRttSample(6_000, 10_000, 1);
    assertEquals(1, test.samples().sampleCount());
    test.onRttSample(6_001, 10_000, 1);
    assertEquals(2, test.samples().sampleCount());
  }

  @Test
  void shouldResetCountWhenMinimumFallsBackToFilteredMinimum() {
    HystartTest test = new HystartTest();
    for (int i = 0; i < 7; i++) {
      feed(test, 80_000, 1);
    }
    for (int i = 0; i < 10; i++) {
      feed(test, 150_000, 1);
    }
    assertEquals(4, test.excessCount());
    feed(test, 80_000, 1);
    assertEquals(0, test.excessCount());
  }
}

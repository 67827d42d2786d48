package dev.moqbed.cc.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MinMaxRttFilterTest {

  @Test
  void shouldCoverOnlyStoredSamplesWhenRingIsNotFull() {
    MinMaxRttFilter filter = new MinMaxRttFilter();
    filter.add(50);
    filter.add(30);
    filter.add(70);
    assertEquals(3, filter.sampleCount());
    assertFalse(filter.isFull());
    assertEquals(30, filter.minMicros());
    assertEquals(70, filter.maxMicros());
  }

  @Test
  void shouldForgetOldestSampleWhenRingWraps() {
    MinMaxRttFilter filter = new MinMaxRttFilter();
    filter.add(10);
    for (int i = 0; i < 6; i++) {
      filter.add(100 + i);
    }
    assertTrue(filter.isFull());
    assertEquals(10, filter.minMicros());
    filter.add(200);
    assertEquals(100, filter.minMicros());
    assertEquals(200, filter.maxMicros());
    assertEquals(7, filter.sampleCount());
  }
}

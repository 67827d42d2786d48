package dev.moqbed.cc.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WindowedFilterTest {

  @Test
  void shouldKeepMaximumUntilItAgesOutOfWindow() {
    WindowedFilter filter = WindowedFilter.maximum(10);
    assertEquals(100, filter.update(0, 100));
    assertEquals(100, filter.update(3, 60));
    assertEquals(100, filter.update(6, 80));
    assertEquals(100, filter.update(10, 50));
    // At t = 11 the 100 is older than the window; the best remaining candidate is 80 (t = 6).
    assertEquals(80, filter.update(11, 40));
  }

  @Test
  void shouldReplaceEverythingWhenNewSampleIsBest() {
    WindowedFilter filter = WindowedFilter.maximum(10);
    filter.update(0, 100);
    filter.update(2, 60);
    assertEquals(120, filter.update(4, 120));
    assertEquals(120, filter.update(13, 10));
    assertEquals(10, filter.update(15, 10));
  }

  @Test
  void shouldTrackMinimumWhenBuiltAsMinimumFilter() {
    WindowedFilter filter = WindowedFilter.minimum(10_000_000);
    filter.update(0, 80_000);
    filter.update(1_000_000, 90_000);
    assertEquals(75_000, filter.update(2_000_000, 75_000));
    assertEquals(75_000, filter.update(11_000_000, 95_000));
    assertEquals(95_000, filter.update(12_000_001, 99_000));
  }

  @Test
  void shouldRestartWhenAllSamplesAreOlderThanWindow() {
    WindowedFilter filter = WindowedFilter.maximum(10);
    filter.update(0, 100);
    assertEquals(5, filter.update(50, 5));
  }
}

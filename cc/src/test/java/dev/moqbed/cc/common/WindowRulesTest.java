package dev.moqbed.cc.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WindowRulesTest {

  @Test
  void shouldCreditAckedBytesOnlyWhenWindowBlocked() {
    assertEquals(1440, SlowStartGrowth.increaseBytes(true, 1440));
    assertEquals(0, SlowStartGrowth.increaseBytes(false, 1440));
    assertEquals(360, SlowStartGrowth.increaseBytes(true, 1440, true));
    assertEquals(1440, SlowStartGrowth.increaseBytes(true, 1440, false));
  }

  @Test
  void shouldRaiseWindowToHalfPeakBdpWhenLarger() {
    // 2.5 MB/s over 80 ms = 200 000 bytes; half of it is 100 000.
    assertEquals(100_000, SlowStartGrowth.peakRateFloorBytes(15_360, 80_000, 2_500_000));
    assertEquals(150_000, SlowStartGrowth.peakRateFloorBytes(150_000, 80_000, 2_500_000));
  }

  @Test
  void shouldScaleInitialWindowWithMinRttUpTo610Milliseconds() {
    assertEquals(92_160, LongRttFloor.windowBytes(15_360, 600_000));
    assertEquals(93_696, LongRttFloor.windowBytes(15_360, 900_000));
    assertEquals(23_040, LongRttFloor.windowBytes(15_360, 150_000));
    assertEquals(15_360, LongRttFloor.windowBytes(15_360, 50_000));
    assertEquals(200_000, LongRttFloor.windowBytes(200_000, 600_000));
  }

  @Test
  void shouldSaturateInsteadOfWrappingWhenRateTimesTimeOverflows() {
    assertEquals(125_000_000, Rates.bytesFromRate(100_000, 1_250_000_000));
    assertEquals(Long.MAX_VALUE / 1_000_000, Rates.bytesFromRate(Long.MAX_VALUE / 2, 1_000));
  }
}

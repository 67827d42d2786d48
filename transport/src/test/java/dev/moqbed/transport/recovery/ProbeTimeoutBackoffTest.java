package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProbeTimeoutBackoffTest {

  private final ProbeTimeoutBackoff picoquic = new ProbeTimeoutBackoff();

  private long ready(long base, int count) {
    return picoquic.timeoutMicros(base, count, true, 80_000, 80_000);
  }

  @Test
  void shouldReproduceBlackholeScheduleWhenBaseIs84600Micros() {
    // c4_blackhole: PTOs measured at +84.6, +169, +338, +423, +508 ms.
    long[] expected = {84_600, 169_200, 338_400, 423_000, 507_600};
    for (int count = 0; count < expected.length; count++) {
      assertEquals(expected[count], ready(84_600, count), "PTO #" + count);
    }
  }

  @Test
  void shouldDoubleOnlyEveryFourStepsAfterTheSecondWhenReady() {
    int[] multipliers = {1, 2, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40};
    for (int count = 0; count < multipliers.length; count++) {
      assertEquals(1_000L * multipliers[count], ready(1_000, count), "PTO #" + count);
    }
  }

  @Test
  void shouldStopGrowingAtNinetySixTimesWhenManyPtos() {
    assertEquals(960, ready(10, 20));
    assertEquals(960, ready(10, 200));
  }

  @Test
  void shouldCapAtSixteenthOfIdleTimeoutWhenBackedOff() {
    assertEquals(1_875_000, ready(500_000, 3));
  }

  @Test
  void shouldNotApplyIdleCapWhenNoPtoFiredYet() {
    assertEquals(1_900_000, ready(1_900_000, 0));
  }

  @Test
  void shouldCapAtTwoSecondsWhenReady() {
    ProbeTimeoutBackoff noIdle = new ProbeTimeoutBackoff(RttFlavor.PICOQUIC, 0);
    assertEquals(2_000_000, noIdle.timeoutMicros(500_000, 4, true, 80_000, 80_000));
  }

  @Test
  void shouldCapAtOneAndHalfSmoothedRttWhenMinRttAbove610Milliseconds() {
    ProbeTimeoutBackoff noIdle = new ProbeTimeoutBackoff(RttFlavor.PICOQUIC, 0);
    assertEquals(975_000, noIdle.timeoutMicros(700_000, 2, true, 620_000, 650_000));
    assertEquals(2_000_000, noIdle.timeoutMicros(700_000, 2, true, 600_000, 650_000));
  }

  @Test
  void shouldCapAtOneSecondBeforeReady() {
    long[] expected = {250_000, 500_000, 1_000_000, 1_000_000, 1_000_000};
    for (int count = 0; count < expected.length; count++) {
      assertEquals(expected[count], picoquic.timeoutMicros(250_000, count, false, 0, 250_000));
    }
  }

  @Test
  void shouldUseSlowSequenceBeforeReadyWhenBelowOneSecond() {
    // picoquic's code, not plain doubling: x5 at the third PTO.
    assertEquals(500_000, picoquic.timeoutMicros(100_000, 3, false, 0, 250_000));
  }

  @Test
  void shouldDoubleBeforeReadyWhenIdleTimeoutAboveThirtySeconds() {
    ProbeTimeoutBackoff longIdle = new ProbeTimeoutBackoff(RttFlavor.PICOQUIC, 60_000_000);
    assertEquals(800_000, longIdle.timeoutMicros(100_000, 3, false, 0, 250_000));
    assertEquals(6_000_000, longIdle.timeoutMicros(100_000, 7, false, 0, 250_000));
  }

  @Test
  void shouldDoubleWithoutCapWhenRfc() {
    ProbeTimeoutBackoff rfc = new ProbeTimeoutBackoff(RttFlavor.RFC9002, 30_000_000);
    assertEquals(84_600, rfc.timeoutMicros(84_600, 0, true, 80_000, 80_000));
    assertEquals(676_800, rfc.timeoutMicros(84_600, 3, true, 80_000, 80_000));
    assertEquals(86_630_400, rfc.timeoutMicros(84_600, 10, true, 80_000, 80_000));
    assertEquals(Long.MAX_VALUE, rfc.timeoutMicros(84_600, 70, true, 80_000, 80_000));
  }
}

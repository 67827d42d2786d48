package dev.moqbed.cc.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LossFiltersTest {

  @Test
  void shouldPassOnThirdAdjacentLossWhenSmoothingByPacketNumber() {
    PacketNumberLossFilter filter = new PacketNumberLossFilter();
    assertFalse(filter.onLoss(LossEventKind.REPEAT, 100));
    assertEquals(0.0625, filter.smoothedLossRate(), 1e-15);
    assertFalse(filter.onLoss(LossEventKind.REPEAT, 101));
    assertEquals(0.0625 * 15 / 16 + (1 - 0.0625 * 15 / 16) / 16, filter.smoothedLossRate(), 1e-15);
    assertTrue(filter.onLoss(LossEventKind.REPEAT, 102));
    assertEquals(0.166, filter.smoothedLossRate(), 0.001);
  }

  @Test
  void shouldPassOnThirdLossWhenEverySecondPacketIsLost() {
    PacketNumberLossFilter filter = new PacketNumberLossFilter();
    assertFalse(filter.onLoss(LossEventKind.REPEAT, 100));
    assertFalse(filter.onLoss(LossEventKind.REPEAT, 102));
    assertTrue(filter.onLoss(LossEventKind.REPEAT, 104));
  }

  @Test
  void shouldNeverPassWhenLossesAreEightPacketsApart() {
    PacketNumberLossFilter filter = new PacketNumberLossFilter();
    for (long pn = 8; pn < 8_000; pn += 8) {
      assertFalse(filter.onLoss(LossEventKind.REPEAT, pn));
    }
    // The fixed point 0.0625 / (1 - (15/16)^9) = 0.1419 stays below the 0.15 threshold.
    assertEquals(0.0625 / (1 - Math.pow(15.0 / 16, 9)), filter.smoothedLossRate(), 1e-9);
  }

  @Test
  void shouldEventuallyPassWhenLossesAreSevenPacketsApart() {
    PacketNumberLossFilter filter = new PacketNumberLossFilter();
    int passes = 0;
    for (long pn = 7; pn < 7_000; pn += 7) {
      passes += filter.onLoss(LossEventKind.REPEAT, pn) ? 1 : 0;
    }
    // The fixed point 0.0625 / (1 - (15/16)^8) = 0.155 is above the threshold.
    assertTrue(passes > 900);
  }

  @Test
  void shouldPassTimeoutAndIgnoreOlderPacketNumbers() {
    PacketNumberLossFilter filter = new PacketNumberLossFilter();
    assertTrue(filter.onLoss(LossEventKind.TIMEOUT, 10));
    assertFalse(filter.onLoss(LossEventKind.TIMEOUT, 10));
    assertFalse(filter.onLoss(LossEventKind.TIMEOUT, 9));
    assertEquals(10, filter.lastLostPacketNumber());
    assertEquals(0.0625, filter.smoothedLossRate(), 1e-15);
  }

  @Test
  void shouldDecayAtMostThirtyTwoStepsWhenLossesAreFarApart() {
    PacketNumberLossFilter filter = new PacketNumberLossFilter();
    filter.onLoss(LossEventKind.REPEAT, 1);
    filter.onLoss(LossEventKind.REPEAT, 1_000_000);
    double decayed = 0.0625 * Math.pow(15.0 / 16, 32);
    assertEquals(decayed + (1 - decayed) / 16, filter.smoothedLossRate(), 1e-12);
  }

  @Test
  void shouldFireOnlyOnAcknowledgementWhenByteLossRateExceedsThreshold() {
    ByteVolumeLossFilter filter = new ByteVolumeLossFilter();
    assertFalse(filter.onEvent(LossEventKind.REPEAT, 800, 200));
    assertEquals(0.2, filter.smoothedLossRate(), 1e-15);
    assertFalse(filter.onEvent(LossEventKind.REPEAT, 0, 0));
    // 200 - 200/16 = 188 lost, 1000 - 1000/16 = 938 sent.
    assertEquals(188.0 / 938.0, filter.smoothedLossRate(), 1e-15);
    assertTrue(filter.onEvent(LossEventKind.ACKNOWLEDGEMENT, 0, 0));
    assertTrue(filter.onEvent(LossEventKind.TIMEOUT, 1_000_000, 0));
    assertFalse(filter.onEvent(LossEventKind.ACKNOWLEDGEMENT, 1_000_000, 0));
  }
}

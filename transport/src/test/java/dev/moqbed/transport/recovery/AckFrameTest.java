package dev.moqbed.transport.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AckFrameTest {

  @Test
  void shouldAcknowledgeNumbersInsideRangesOnly() {
    AckFrame frame = AckFrame.of(0, 3, 8, 10, 4, 6, 0, 2);
    assertEquals(10, frame.largestAcknowledged());
    assertEquals(3, frame.rangeCount());
    assertTrue(frame.acknowledges(9));
    assertTrue(frame.acknowledges(4));
    assertTrue(frame.acknowledges(0));
    assertFalse(frame.acknowledges(7));
    assertFalse(frame.acknowledges(3));
    assertFalse(frame.acknowledges(11));
  }

  @Test
  void shouldTruncateDelayToExponentUnitsWhenEncoded() {
    AckFrame frame = AckFrame.of(1_007, 3, 0, 0);
    assertEquals(125, frame.encodedAckDelay());
    assertEquals(1_000, frame.ackDelayMicros());
  }

  @Test
  void shouldRejectRangesThatAreNotDescendingWithGaps() {
    assertThrows(IllegalArgumentException.class, () -> AckFrame.of(0, 3, 0, 2, 4, 6));
    assertThrows(IllegalArgumentException.class, () -> AckFrame.of(0, 3, 4, 6, 0, 3));
    assertThrows(IllegalArgumentException.class, () -> AckFrame.of(0, 3, 6, 4));
    assertThrows(IllegalArgumentException.class, () -> AckFrame.of(0, 3));
  }
}

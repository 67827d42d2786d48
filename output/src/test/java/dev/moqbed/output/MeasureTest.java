package dev.moqbed.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MeasureTest {
  @Test
  void shouldPrintASignedOrFractionalTimeInTheUnitAPersonReads() {
    assertEquals("1.66 s", Measure.signedMicrosText(1_660_000.4));
    assertEquals("-12 ms", Measure.signedMicrosText(-12_000));
    assertEquals("12.3 ms", Measure.signedMicrosText(12_345));
    assertEquals("450 µs", Measure.signedMicrosText(449.6));
    assertEquals("0 µs", Measure.signedMicrosText(-0.2)); // no "-0"
    assertEquals(Measure.UNKNOWN, Measure.signedMicrosText(Double.NaN));
  }
}

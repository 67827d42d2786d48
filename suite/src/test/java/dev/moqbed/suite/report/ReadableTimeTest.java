package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.suite.report.ReadableTime.Unit;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReadableTimeTest {
  @Test
  void shouldKeepThreeSignificantDigitsWithTheirTrailingZeros() {
    assertEquals("4.50", ReadableTime.significant(4.497899));
    assertEquals("101", ReadableTime.significant(100.583));
    assertEquals("30.5", ReadableTime.significant(30.493));
    assertEquals("0.0456", ReadableTime.significant(0.045_6123));
    assertEquals("1.00", ReadableTime.significant(0.99999));
    assertEquals("1240", ReadableTime.significant(1235.4), "no exponent above 1000");
    assertEquals("-2.35", ReadableTime.significant(-2.345_01));
    assertEquals("4.00", ReadableTime.significant(4), "an integer keeps its three digits");
    assertEquals("19.0", ReadableTime.significant(19));
    assertEquals("0", ReadableTime.significant(0));
    assertEquals("–", ReadableTime.significant(Double.NaN));
  }

  @Test
  void shouldRoundAnExactHalfUp() {
    assertEquals("30.3", ReadableTime.significant(30.25), "30250 µs in ms");
    assertEquals("1.01", Unit.SECONDS.format(1_005_000), "as written, not as stored in binary");
  }

  @Test
  void shouldWriteMicrosecondsInTheUnitAsked() {
    assertEquals("4.50", Unit.SECONDS.format(4_497_899));
    assertEquals("4500", Unit.MILLISECONDS.format(4_497_899), "ms: integer digits kept");
    assertEquals("30.5", Unit.MILLISECONDS.format(30_493));
    assertEquals("0.123", Unit.MILLISECONDS.format(123));
    assertEquals("0.0305", Unit.SECONDS.format(30_493), "a short time among long ones");
  }

  @Test
  void shouldPickSecondsFromOneSecondAndMillisecondsBelow() {
    assertEquals(Unit.SECONDS, ReadableTime.unitFor(List.of(30_000L, 1_000_000L)));
    assertEquals(Unit.MILLISECONDS, ReadableTime.unitFor(List.of(30_000L, 999_999L)));
    assertEquals(Unit.MILLISECONDS, ReadableTime.unitFor(Arrays.asList(null, 5.0, Double.NaN)));
    assertEquals(Unit.MILLISECONDS, ReadableTime.unitFor(List.of()), "nothing to show");
    assertEquals("s", Unit.SECONDS.symbol());
    assertEquals("ms", Unit.MILLISECONDS.symbol());
  }
}

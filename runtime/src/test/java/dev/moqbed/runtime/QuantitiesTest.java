package dev.moqbed.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class QuantitiesTest {

  @Test
  void shouldParseDurations() {
    assertEquals(80_000, Quantities.parseDurationMicros("80ms"));
    assertEquals(1_500_000, Quantities.parseDurationMicros("1.5s"));
    assertEquals(250, Quantities.parseDurationMicros("250us"));
    assertEquals(0, Quantities.parseDurationMicros("0"));
    assertEquals(120_000_000, Quantities.parseDurationMicros("2min"));
  }

  @Test
  void shouldParseRatesInDecimalMultiples() {
    assertEquals(20_000_000, Quantities.parseRateBitsPerSecond("20mbit"));
    assertEquals(512_000, Quantities.parseRateBitsPerSecond("512kbit"));
    assertEquals(1_500_000, Quantities.parseRateBitsPerSecond("1.5Mbps"));
    assertEquals(1_000_000_000, Quantities.parseRateBitsPerSecond("1gbit"));
    assertEquals(0, Quantities.parseRateBitsPerSecond("0"));
  }

  @Test
  void shouldReadACapitalBAsBytesPerSecond() {
    assertEquals(160_000_000, Quantities.parseRateBitsPerSecond("20MBps"));
    assertEquals(20_000_000, Quantities.parseRateBitsPerSecond("2.5MB/s"));
    assertEquals(8_000, Quantities.parseRateBitsPerSecond("1kB/s"));
    assertEquals(800, Quantities.parseRateBitsPerSecond("100B/s"));
    assertEquals(20_000_000, Quantities.parseRateBitsPerSecond("20Mbps"));
  }

  @Test
  void shouldRefuseANumberWithoutItsUnit() {
    assertEquals(
        "'10' needs a duration unit, e.g. 10s (valid: us, ms, s, min, h)",
        assertThrows(IllegalArgumentException.class, () -> Quantities.parseDurationMicros("10"))
            .getMessage());
    assertEquals(
        "'20' needs a rate unit, e.g. 20mbit (valid: bit, kbit, mbit, gbit (per second), B/s,"
            + " kB/s, MB/s, GB/s)",
        assertThrows(IllegalArgumentException.class, () -> Quantities.parseRateBitsPerSecond("20"))
            .getMessage());
  }

  @Test
  void shouldParseSizesDecimalAndBinary() {
    assertEquals(10_000_000, Quantities.parseSizeBytes("10MB"));
    assertEquals(1500, Quantities.parseSizeBytes("1500B"));
    assertEquals(65_536, Quantities.parseSizeBytes("64KiB"));
  }

  @Test
  void shouldRejectWithOneLineMessage() {
    assertEquals(
        "'80 parsecs' has an unknown duration unit (valid: us, ms, s, min, h)",
        assertThrows(
                IllegalArgumentException.class, () -> Quantities.parseDurationMicros("80 parsecs"))
            .getMessage());
    assertEquals(
        "'fast' is not a rate (examples: 20mbit, 512kbit, 1gbit, 2.5MB/s)",
        assertThrows(
                IllegalArgumentException.class, () -> Quantities.parseRateBitsPerSecond("fast"))
            .getMessage());
    assertEquals(
        "'0.5B' is not a whole number of units or is too large",
        assertThrows(IllegalArgumentException.class, () -> Quantities.parseSizeBytes("0.5B"))
            .getMessage());
  }

  @Test
  void shouldFormatWithThreeSignificantDigits() {
    assertEquals("1.17 Mbit/s", Quantities.formatRate(1_170_000));
    assertEquals("32.0 kbit/s", Quantities.formatRate(32_000));
    assertEquals("80 ms", Quantities.formatDuration(80_000));
    assertEquals("1.5 s", Quantities.formatDuration(1_500_000));
  }
}

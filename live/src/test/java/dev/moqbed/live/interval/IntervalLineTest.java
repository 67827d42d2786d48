package dev.moqbed.live.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.interval.IntervalLine.Column;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalLineTest {
  private final IntervalLine line =
      new IntervalLine(List.of("a1", "vlow"), EnumSet.allOf(Column.class));

  private static IntervalSnapshot interval(long from, long frames, long latencyMicros, long bytes) {
    TrackWindow a1 = new TrackWindow("a1", true);
    TrackWindow vlow = new TrackWindow("vlow", true);
    for (int i = 0; i < frames; i++) {
      a1.frame(bytes, latencyMicros, false);
    }
    return new IntervalSnapshot(
        from,
        from + 1_000_000,
        List.of(a1.take(), vlow.take()),
        new PathInterval(3, 120_000, 1_500, 5_000_000, bytes * frames));
  }

  @Test
  void shouldKeepEveryColumnInPlaceWhateverTheNumbers() {
    String small = line.format(interval(0, 1, 500, 80));
    String large = line.format(interval(99_000_000, 9999, 2_500_000, 99_000));
    String none = line.format(new IntervalSnapshot(0, 1_000_000, List.of(), PathInterval.NONE));
    assertEquals(small.length(), large.length(), small + "\n" + large);
    assertEquals(small.length(), none.length(), small + "\n" + none);
    for (String field : List.of(" fr ", " ms ", "late", "stop", "reset", "drop", "cwnd", "queue")) {
      assertEquals(small.indexOf(field), large.indexOf(field), field);
      assertEquals(small.indexOf(field), none.indexOf(field), field);
    }
    assertTrue(small.startsWith("[  0.0-  1.0 s]  a1       1 fr   0.1 kB   0.50/  0.50 ms"), small);
  }

  @Test
  void shouldPrintBytesAndRatesInFixedWidths() {
    assertEquals("999.9 kB", IntervalLine.bytes(999_900));
    assertEquals("  1.0 MB", IntervalLine.bytes(999_999));
    assertEquals("  2.5 GB", IntervalLine.bytes(2_500_000_000L));
    assertEquals(" 40.0 Mbit/s", IntervalLine.rate(40e6));
    assertEquals(IntervalLine.rate(1e3).length(), IntervalLine.rate(2e9).length());
    assertEquals("  0.55", IntervalLine.milliseconds(550));
    assertEquals(" 212.7", IntervalLine.milliseconds(212_740));
    assertEquals("2600.6", IntervalLine.milliseconds(2_600_610));
    assertEquals(" 12346", IntervalLine.milliseconds(12_345_678));
  }
}

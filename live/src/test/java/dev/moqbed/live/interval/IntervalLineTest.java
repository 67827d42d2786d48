package dev.moqbed.live.interval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.interval.IntervalLine.Column;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalLineTest {
  private final IntervalLine line =
      new IntervalLine(List.of("a1", "vlow", "vmid"), EnumSet.allOf(Column.class));

  private static IntervalSnapshot interval(long from, long frames, long latencyMicros, long bytes) {
    TrackWindow a1 = new TrackWindow("a1", true);
    TrackWindow vlow = new TrackWindow("vlow", true);
    TrackWindow vmid = new TrackWindow("vmid", true);
    for (int i = 0; i < frames; i++) {
      a1.frame(bytes, latencyMicros, false);
    }
    return new IntervalSnapshot(
        from,
        from + 1_000_000,
        List.of(a1.take(), vlow.take(), vmid.take()),
        new PathInterval(3, 120_000, 1_500, 5_000_000, bytes * frames, 287_500));
  }

  @Test
  void shouldKeepEveryColumnInPlaceWhateverTheNumbers() {
    List<String> small = line.format(interval(0, 1, 500, 80)).lines().toList();
    List<String> large =
        line.format(interval(99_000_000, 9999, 2_500_000, 99_000)).lines().toList();
    List<String> none =
        line.format(new IntervalSnapshot(0, 1_000_000, List.of(), PathInterval.NONE))
            .lines()
            .toList();
    assertEquals(small.size(), large.size(), small + "\n" + large);
    assertEquals(small.size(), none.size(), small + "\n" + none);
    for (int index = 0; index < small.size(); index++) {
      assertEquals(small.get(index).length(), large.get(index).length(), small + "\n" + large);
      assertEquals(small.get(index).length(), none.get(index).length(), small + "\n" + none);
      for (String field :
          List.of(
              " fr ", " ms ", "late", "stop", "reset", "drop", "cwnd", "sent", "est", "queue")) {
        assertEquals(small.get(index).indexOf(field), large.get(index).indexOf(field), field);
        if (!field.equals(" ms ")) { // no unit beside a dash
          assertEquals(small.get(index).indexOf(field), none.get(index).indexOf(field), field);
        }
      }
    }
    assertTrue(
        small.get(0).startsWith("[  0.0-  1.0 s]  a1       1 fr   0.1 kB   0.50/  0.50 ms"),
        small.get(0));
  }

  @Test
  void shouldFitEveryLineIn120ColumnsAndIndentWhatContinuesAnInterval() {
    String text = line.format(interval(99_000_000, 9999, 2_500_000, 99_000));
    List<String> lines = text.lines().toList();
    assertTrue(lines.size() > 1, text);
    for (String printed : lines) {
      assertTrue(printed.length() <= 120, printed.length() + ": " + printed);
    }
    for (String continuation : lines.subList(1, lines.size())) {
      assertTrue(continuation.startsWith(" ".repeat(15) + "  "), continuation);
    }
    String summary = line.summary(interval(0, 9999, 2_500_000, 99_000));
    summary.lines().forEach(printed -> assertTrue(printed.length() <= 120, printed));
    assertTrue(summary.endsWith("  summary"), summary);
    line.legend().lines().forEach(printed -> assertTrue(printed.length() <= 120, printed));
    // Many tracks, as a relay that forwards them all meets them: still 120 columns.
    IntervalLine relay = new IntervalLine(List.of(), EnumSet.allOf(Column.class));
    List<TrackInterval> tracks = new java.util.ArrayList<>();
    for (int track = 0; track < 9; track++) {
      tracks.add(new TrackWindow("track-number-" + track, false).take());
    }
    relay
        .format(new IntervalSnapshot(0, 1_000_000, tracks, PathInterval.NONE))
        .lines()
        .forEach(printed -> assertTrue(printed.length() <= 120, printed));
  }

  @Test
  void shouldPrintADashWhereThereIsNoValueAndTheMeasuredRateBesideTheEstimate() {
    String empty = line.format(new IntervalSnapshot(0, 1_000_000, List.of(), PathInterval.NONE));
    // the unit goes with the figure: a dash stands alone
    assertTrue(empty.contains("  \u2013/     \u2013    "), empty);
    assertTrue(empty.contains("cwnd        \u2013 rtt         \u2013 sent"), empty);
    assertFalse(empty.contains("\u2013 ms"), empty);
    assertFalse(empty.matches("(?s).*\\d{10,}.*"), empty);
    // 287,500 bytes to each session in 1 s: 2.3 Mbit/s, beside the controller's 40 Mbit/s.
    String busy = line.format(interval(0, 1, 500, 80));
    assertTrue(busy.contains("sent   2.3 Mbit/s est  40.0 Mbit/s"), busy);
  }

  @Test
  void shouldAddTheBytesSentOverTheRunInTheSummary() {
    IntervalSnapshot total =
        IntervalSummary.of(List.of(interval(0, 1, 500, 80), interval(1_000_000, 1, 500, 80)));
    assertEquals(2 * 287_500, total.path().sentBytes());
    assertTrue(line.summary(total).contains("sent   2.3 Mbit/s"), line.summary(total));
  }

  @Test
  void shouldMeasureTheMeanBytesSentToTheSessionsThatCountThem() {
    dev.moqbed.session.transport.PathStats known =
        new dev.moqbed.session.transport.PathStats(1_000, 20_000, 10_000, 10, 0, 5_000);
    PathInterval path =
        PathInterval.of(
            List.of(
                new PathInterval.SessionSample(known, 0, 300_000),
                new PathInterval.SessionSample(known, 0, 100_000),
                new PathInterval.SessionSample(
                    dev.moqbed.session.transport.PathStats.UNKNOWN, 0, -1)));
    assertEquals(200_000, path.sentBytes());
    assertEquals(2, path.sessions());
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

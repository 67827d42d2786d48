package dev.moqbed.subscriber;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.media.FrameKind;
import org.junit.jupiter.api.Test;

/** A track's report with and without latency histograms counts the same frames. */
class TrackReportTest {
  @Test
  void withoutHistogramsItCountsFramesAndRecordsNoLatency() {
    TrackReport full = new TrackReport("vmid", true);
    TrackReport counts = new TrackReport("vmid", false);
    for (TrackReport report : new TrackReport[] {full, counts}) {
      report.record(FrameKind.I, 40_000);
      report.record(FrameKind.P, 12_000);
      report.record(FrameKind.P, -5);
      report.recordHops(0, new long[] {3_000}, 12_000);
    }
    for (TrackReport report : new TrackReport[] {full, counts}) {
      assertEquals(3, report.received());
      assertEquals(1, report.received(FrameKind.I));
      assertEquals(2, report.received(FrameKind.P));
      assertEquals(0, report.received(FrameKind.AUDIO));
      assertEquals(1, report.negativeLatencies());
    }
    assertEquals(3, full.latency().getTotalCount());
    assertEquals(2, full.hops());
    assertEquals(0, counts.latency().getTotalCount());
    assertEquals(0, counts.latency(FrameKind.P).getTotalCount());
    assertEquals(0, counts.hops());
  }
}

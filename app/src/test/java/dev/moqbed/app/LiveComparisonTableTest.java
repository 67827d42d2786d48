package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.media.FrameKind;
import dev.moqbed.output.OutputFormat;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.subscriber.FrameRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code live compare}'s table: per track and kind the live / simulated ratio, and with {@code
 * --from} only the frames captured that long after each run's first frame, whatever clock the run
 * counts in (virtual time from 0, live time from the epoch).
 */
class LiveComparisonTableTest {
  private static final long LIVE_EPOCH = 1_796_217_907_629_683L;

  @Test
  void shouldCompareEveryFrameByDefault() {
    LiveComparisonTable table = filled(new LiveComparisonTable());
    // I frames: simulated 40 ms (the start-up) and 20, live 160 and 20; p90 interpolated
    assertEquals("c4,vlow,I,2,2,30000,90000,3.00,38000,146000,3.84,,", row(table, "vlow,I"));
    assertEquals("c4,vlow,P,2,2,10000,12000,1.20,10000,12000,1.20,,", row(table, "vlow,P"));
  }

  @Test
  void shouldLeaveTheStartUpOutFromTheGivenTime() {
    LiveComparisonTable table = filled(new LiveComparisonTable(200_000));
    assertEquals("c4,vlow,I,1,1,20000,20000,1.00,20000,20000,1.00,,", row(table, "vlow,I"));
    assertEquals("c4,vlow,P,2,2,10000,12000,1.20,10000,12000,1.20,,", row(table, "vlow,P"));
    // the draft's metric rows stay the runs' own
    assertEquals(
        "c4,media_avg_latency_us,runs,1,1,30000,60000,2.00,30000,60000,2.00,,",
        row(table, "media_avg_latency_us,"));
  }

  @Test
  void shouldRefuseANegativeStart() {
    assertThrows(IllegalArgumentException.class, () -> new LiveComparisonTable(-1));
  }

  /** One run each way: an I frame at the start and one a second later, P frames in between. */
  private static LiveComparisonTable filled(LiveComparisonTable table) {
    table.addSimulated(
        "c4",
        record(30_000),
        List.of(
            frame(FrameKind.I, 0, 40_000),
            frame(FrameKind.P, 300_000, 10_000),
            frame(FrameKind.P, 600_000, 10_000),
            frame(FrameKind.I, 1_000_000, 20_000)));
    table.addLive(
        "c4",
        record(60_000),
        List.of(
            frame(FrameKind.I, LIVE_EPOCH, 160_000),
            frame(FrameKind.P, LIVE_EPOCH + 300_000, 12_000),
            frame(FrameKind.P, LIVE_EPOCH + 600_000, 12_000),
            frame(FrameKind.I, LIVE_EPOCH + 1_000_000, 20_000)));
    return table;
  }

  private static FrameRecord frame(FrameKind kind, long captureMicros, long latencyMicros) {
    return new FrameRecord(
        "vlow",
        0,
        0,
        kind,
        1000,
        captureMicros,
        captureMicros + latencyMicros,
        latencyMicros,
        List.of());
  }

  private static RunRecord record(long averageMicros) {
    return new RunRecord(
        "media", "c4", 0, 1, null, null, null, null, averageMicros, averageMicros, Map.of());
  }

  private static String row(LiveComparisonTable table, String key) {
    return table
        .table()
        .render(OutputFormat.CSV)
        .lines()
        .filter(line -> line.contains("," + key))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + key));
  }
}

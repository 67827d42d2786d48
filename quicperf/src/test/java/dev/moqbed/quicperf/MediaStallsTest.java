package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.spec.MediaSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Frames later than the playout deadline, or never delivered, on a synthetic frame log. */
class MediaStallsTest {
  private static final MediaSpec SPEC =
      MediaSpec.parse("=a1:d50:p2:S:n10:80;=b1:397:1000;=vlow:s30:S:n10:100;=vmid:s30:S:n10:100;");
  private static final long STATS_START = 100_000;
  private static final long DEADLINE = 400_000;

  private static FrameLog log() {
    return new FrameLog(List.of("a1", "b1", "vlow", "vmid"));
  }

  private static void audio(FrameLog log, int frame, long latency) {
    long expected = frame * 20_000L;
    log.add(0, 0, 0, frame, FrameKind.AUDIO, 80, expected, expected + latency, true);
  }

  private static void video(FrameLog log, int item, int frame, long latency) {
    long expected = frame * 33_333L;
    long arrival = latency < 0 ? -1 : expected + latency;
    boolean counted = latency >= 0 && expected >= STATS_START;
    FrameKind kind = frame == 0 ? FrameKind.I : FrameKind.P;
    log.add(item, 0, 0, frame, kind, 100, expected, arrival, counted);
  }

  @Test
  void shouldCountLateCancelledAndMissingFramesOfCheckedFlowsOnly() {
    FrameLog log = log();
    for (int frame = 0; frame < 9; frame++) { // a1: frame 9 lost, frame 4 late
      audio(log, frame, frame == 4 ? 500_000 : 30_000);
    }
    video(log, 2, 0, 600_000); // vlow: expected before media_stats_start, not counted
    video(log, 2, 1, 30_000);
    video(log, 2, 2, 30_000);
    video(log, 2, 3, 30_000);
    video(log, 2, 4, 30_000);
    video(log, 2, 5, 30_000);
    video(log, 2, 6, DEADLINE); // exactly the deadline: on time
    video(log, 2, 7, DEADLINE + 1); // late
    video(log, 2, 8, -1); // its group abandoned: never delivered
    video(log, 2, 9, 30_000);
    for (int frame = 0; frame < 5; frame++) {
      video(log, 3, frame, 2_000_000); // vmid: excluded, late and half missing
    }

    assertEquals(4, MediaStalls.count(SPEC, log, "vmid", STATS_START, DEADLINE));
    // without the exclusion, vmid counts its late frame after the start (frame 4) and 5 missing
    assertEquals(10, MediaStalls.count(SPEC, log, "", STATS_START, DEADLINE));
  }

  @Test
  void shouldCountEveryFrameOfAnEmptyLogAsAStall() {
    assertEquals(20, MediaStalls.count(SPEC, log(), "vmid", STATS_START, DEADLINE));
  }

  @Test
  void shouldCountNoStallWhenEveryFrameIsOnTime() {
    FrameLog log = log();
    for (int frame = 0; frame < 10; frame++) {
      audio(log, frame, 10_000);
      video(log, 2, frame, 10_000);
    }
    assertEquals(0, MediaStalls.count(SPEC, log, "vmid", STATS_START, DEADLINE));
  }
}

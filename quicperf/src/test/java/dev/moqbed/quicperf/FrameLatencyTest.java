package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import org.junit.jupiter.api.Test;

/** Frame latency as quicperf measures it (scenarios.md §2.3). */
class FrameLatencyTest {
  private static final String SMALL_FRAMES = "=a1:d50:p2:S:n100:80;=v:s30:p4:S:n60:1000:G30;";

  @Test
  void shouldMeasureAboutOneRoundTripWhenThePathIsIdle() {
    // 100 Mbit/s, 15 ms each way: request up, frame down, a few µs of serialization.
    QuicperfRun run = QuicperfRun.of(SMALL_FRAMES).run();
    FrameLog frames = run.client.frames();

    assertEquals(160, frames.size());
    for (int r = 0; r < frames.size(); r++) {
      long latency = frames.latencyMicros(r);
      assertTrue(latency >= 30_000 && latency < 30_200, frames.itemId(r) + " took " + latency);
    }
  }

  @Test
  void shouldMeasureFromTheExpectedTimeOfEachFrame() {
    QuicperfRun run = QuicperfRun.of(SMALL_FRAMES).run();
    FrameLog frames = run.client.frames();
    ClientStream audio = run.client.streams().get(0);
    ClientStream group1 = run.client.streams().get(2);

    for (int r = 0; r < frames.size(); r++) {
      if (frames.kind(r) == FrameKind.AUDIO) {
        // request start + n/F: 20 ms apart
        assertEquals(
            audio.startMicros() + 20_000L * frames.frameIndex(r), frames.expectedMicros(r));
      } else if (frames.group(r) == 1) {
        // group start + ⌊i·10⁶/30⌋
        long expected = group1.startMicros() + frames.frameIndex(r) * 1_000_000L / 30;
        assertEquals(expected, frames.expectedMicros(r));
      }
      assertEquals(frames.arrivalMicros(r) - frames.expectedMicros(r), frames.latencyMicros(r));
    }
  }

  @Test
  void shouldKeepCountSumMinAndMaxPerDescription() {
    QuicperfRun run = QuicperfRun.of(SMALL_FRAMES).run();
    FrameLog frames = run.client.frames();

    for (String id : new String[] {"a1", "v"}) {
      long count = 0;
      long sum = 0;
      long min = Long.MAX_VALUE;
      long max = 0;
      for (int r = 0; r < frames.size(); r++) {
        if (frames.itemId(r).equals(id)) {
          count++;
          sum += frames.latencyMicros(r);
          min = Math.min(min, frames.latencyMicros(r));
          max = Math.max(max, frames.latencyMicros(r));
        }
      }
      LatencyStats stats = run.client.stats(id);
      assertEquals(count, stats.count(), id);
      assertEquals(sum, stats.sumMicros(), id);
      assertEquals(min, stats.minMicros(), id);
      assertEquals(max, stats.maxMicros(), id);
      assertEquals((double) sum / count, stats.averageMicros(), 1e-9, id);
    }
  }

  @Test
  void shouldCountOnlyStreamFramesExpectedFromStatsStartButEveryDatagram() {
    long statsStart = 500_000;
    QuicperfRun run = QuicperfRun.of(SMALL_FRAMES).statsStartMicros(statsStart).run();
    FrameLog frames = run.client.frames();

    long streamFramesFromStart = 0;
    for (int r = 0; r < frames.size(); r++) {
      boolean expectedAfter = frames.expectedMicros(r) >= statsStart;
      boolean datagram = frames.kind(r) == FrameKind.AUDIO;
      assertEquals(datagram || expectedAfter, frames.isCounted(r));
      streamFramesFromStart += !datagram && expectedAfter ? 1 : 0;
    }
    // t0 is one RTT in: frames 0..14 of group 0 are expected before 0.5 s.
    assertEquals(45, streamFramesFromStart);
    assertEquals(45, run.client.stats("v").count());
    assertEquals(100, run.client.stats("a1").count());
  }

  @Test
  void shouldKeepAZeroMinimumOnlyUntilTheNextFrameAsTheReferenceDoes() {
    LatencyStats stats = new LatencyStats();
    stats.add(0);
    assertEquals(0, stats.minMicros());
    stats.add(7);
    assertEquals(7, stats.minMicros());
    stats.add(3);
    assertEquals(3, stats.minMicros());
    assertEquals(7, stats.maxMicros());
    assertEquals(3, stats.count());
    assertEquals(10, stats.sumMicros());
  }
}

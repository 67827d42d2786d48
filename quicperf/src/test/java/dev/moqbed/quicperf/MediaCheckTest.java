package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.spec.MediaSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The simulator's pass/fail and reported values (scenarios.md §2.5). */
class MediaCheckTest {
  private static final MediaSpec SPEC =
      MediaSpec.parse("=a1:d50:p2:S:n10:80;=b1:397:1000;=vlow:s30:S:n10:100;=vmid:s30:S:n10:100;");

  private static LatencyStats stats(long... latencies) {
    LatencyStats stats = new LatencyStats();
    for (long latency : latencies) {
      stats.add(latency);
    }
    return stats;
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "vhigh, vmid, vlast|vmid|true",
        "vhigh, vmid, vlast|vlow|false",
        "vhigh, vmid, vlast|vmi|false",
        "vhigh, vmid, vlast|vhigh|true",
        "' \tvmid'|vmid|true",
        "'vmid '|vmid|false",
        "a,,b|''|true",
        "a,b|''|false",
      })
  void shouldMatchExcludedIdsAsTheReference(String excluded, String id, boolean expected) {
    assertEquals(expected, MediaCheck.isExcluded(excluded, id));
  }

  @Test
  void shouldReportTheLargestAverageAndMaximumOfCheckedFlows() {
    List<LatencyStats> stats =
        List.of(stats(30_000, 31_001), stats(), stats(40_000, 40_000), stats(90_000, 200_000));

    MediaCheck check = MediaCheck.evaluate(SPEC, stats, "vhigh, vmid, vlast", 0, 0);

    assertTrue(check.passed());
    assertEquals(40_000, check.avLatencyMicros()); // vlow's average; vmid excluded, b1 ignored
    assertEquals(40_000, check.maxLatencyMicros());
    MediaCheck all = MediaCheck.evaluate(SPEC, stats, "", 0, 0);
    assertEquals(145_000, all.avLatencyMicros());
    assertEquals(200_000, all.maxLatencyMicros());
  }

  @Test
  void shouldTruncateTheAverage() {
    List<LatencyStats> stats = List.of(stats(30_000, 30_001), stats(), stats(1), stats(1));
    assertEquals(30_000, MediaCheck.evaluate(SPEC, stats, "", 0, 0).avLatencyMicros());
  }

  @Test
  void shouldFailWhenACheckedFlowReceivedNothing() {
    List<LatencyStats> stats = List.of(stats(30_000), stats(), stats(), stats(1));

    MediaCheck check = MediaCheck.evaluate(SPEC, stats, "vmid", 0, 0);

    assertFalse(check.passed());
    assertTrue(check.failure().contains("vlow"), check.failure());
  }

  @Test
  void shouldFailOnEitherLimitAndStopAtTheFirstFailureAsTheReference() {
    List<LatencyStats> stats =
        List.of(stats(30_000, 50_000), stats(), stats(60_000), stats(100_000));

    assertTrue(MediaCheck.evaluate(SPEC, stats, "vmid", 60_000, 60_000).passed());
    MediaCheck average = MediaCheck.evaluate(SPEC, stats, "vmid", 39_999, 0);
    assertFalse(average.passed());
    // a1 failed first: vlow's 60 ms never entered the reported values.
    assertEquals(40_000, average.avLatencyMicros());
    assertEquals(50_000, average.maxLatencyMicros());
    MediaCheck max = MediaCheck.evaluate(SPEC, stats, "vmid", 0, 59_999);
    assertFalse(max.passed());
    assertEquals(60_000, max.avLatencyMicros());
    assertTrue(max.failure().contains("vlow"), max.failure());
  }

  @Test
  void shouldIgnoreTheAbandonedLayerWhenRunOnAShortPath() {
    // The draft's mix on 1.5 Mbit/s: vmid (priority 6) starves and its groups are abandoned.
    QuicperfRun run =
        QuicperfRun.of(MediaSpec.DRAFT_MEDIA_MIX)
            .bitsPerSecond(1_500_000)
            .statsStartMicros(200_000)
            .run();
    QuicperfClient client = run.client;

    MediaCheck check = client.check("vhigh, vmid, vlast", 0, 0);

    long audio = (long) client.stats("a1").averageMicros();
    long low = (long) client.stats("vlow").averageMicros();
    assertEquals(Math.max(audio, low), check.avLatencyMicros());
    assertEquals(
        Math.max(client.stats("a1").maxMicros(), client.stats("vlow").maxMicros()),
        check.maxLatencyMicros());
    assertTrue(client.stats("vmid").averageMicros() > check.avLatencyMicros());
    assertTrue(client.check("", 0, 0).avLatencyMicros() > check.avLatencyMicros());
  }
}

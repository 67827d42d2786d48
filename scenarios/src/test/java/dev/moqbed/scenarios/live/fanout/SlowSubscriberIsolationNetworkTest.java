package dev.moqbed.scenarios.live.fanout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.quic.NativeQuic;
import dev.moqbed.quic.QuicSettings;
import dev.moqbed.scenarios.cli.MoqbedCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fan-out benchmark's machinery with one subscriber of six behind a 500 kbit/s link: the draft
 * mix needs about 3.2 Mbit/s, so that subscriber must fall behind (or lose groups), while the five
 * others, served from their own queues at the relay, keep every audio and {@code vlow} frame at
 * loopback latency. The subscribers run in a second JVM started from this test's class path, as
 * {@code bench fanout} starts them. The latency bound on the fast ones (500 ms) is a breakage
 * detector, not a performance figure: a relay that let the slow queue hold back the others would
 * put them seconds behind, as the slow one is.
 */
@Tag("network")
class SlowSubscriberIsolationNetworkTest {

  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void shouldKeepFastSubscribersOnTimeWhileOneSitsBehindAThrottledLink() throws Exception {
    assumeTrue(
        NativeQuic.isAvailable(), "QUIC native library: " + NativeQuic.unavailabilityReason());
    List<String> log = new CopyOnWriteArrayList<>();
    FanoutBench.Result result =
        FanoutBench.run(
            new FanoutBench.Options(
                MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX),
                4_000_000,
                2_000_000,
                6,
                1,
                500_000,
                QuicSettings.DEFAULT,
                "quiche:cubic",
                0,
                1,
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    MoqbedCommand.class.getName(),
                    "bench",
                    "fanout-subscribers"),
                line -> {},
                log::add));

    assertEquals(6, result.connected(), String.join("\n", log));
    for (FanoutBench.Row row : result.rows()) {
      assertTrue(row.expected() > 0, row.group() + " " + row.track());
      if (row.group().equals("fast")) {
        assertEquals(5, row.subscribers());
        assertEquals(
            row.expected(), row.delivered(), "every frame to the fast ones: " + row.track());
        assertTrue(
            row.endToEnd().getMaxValue() < 500_000,
            row.track() + " fast max " + row.endToEnd().getMaxValue() + " us");
      }
    }
    FanoutBench.Row slowVideo = row(result, "slow", "vlow");
    FanoutBench.Row fastVideo = row(result, "fast", "vlow");
    assertEquals(1, slowVideo.subscribers());
    boolean fellBehind =
        slowVideo.delivered() < slowVideo.expected()
            || slowVideo.endToEnd().getValueAtPercentile(50)
                > 4 * fastVideo.endToEnd().getValueAtPercentile(99);
    assertTrue(
        fellBehind,
        "the 500 kbit/s link must throttle: delivered "
            + slowVideo.delivered()
            + " of "
            + slowVideo.expected()
            + ", p50 "
            + slowVideo.endToEnd().getValueAtPercentile(50)
            + " us");
    assertTrue(result.slowLinkDrops() > 0 || slowVideo.delivered() < slowVideo.expected());
  }

  private static FanoutBench.Row row(FanoutBench.Result result, String group, String track) {
    return result.rows().stream()
        .filter(r -> r.group().equals(group) && r.track().equals(track))
        .findFirst()
        .orElseThrow();
  }
}

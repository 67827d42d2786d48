package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.live.fanout.FanoutBench;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.NativeQuic;
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
 * {@code bench fanout} starts them. The bounds on the fast ones (98 % of the frames, median under
 * 250 ms) are breakage detectors sized for a loaded CI host, not performance figures: a relay that
 * let the slow queue hold back the others would put them seconds behind, as the slow one is.
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
                LiveStack.quicheDefault(),
                0,
                1,
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp",
                    System.getProperty("java.class.path"),
                    MoqbedCommand.class.getName(),
                    "bench",
                    "fanout-subscribers"),
                null,
                null,
                1,
                line -> {},
                log::add));

    assertEquals(6, result.connected(), String.join("\n", log));
    for (FanoutBench.Row row : result.rows()) {
      assertTrue(row.expected() > 0, row.group() + " " + row.track());
    }
    for (String track : List.of("a1", "vlow")) {
      FanoutBench.Row fast = row(result, "fast", track);
      assertEquals(5, fast.subscribers());
      // A starved host may lose an audio datagram or two; a held-back subscriber loses groups.
      assertTrue(
          fast.delivered() * 100 >= fast.expected() * 98,
          track + ": " + fast.delivered() + " of " + fast.expected() + " to the fast ones");
      assertTrue(
          fast.endToEnd().getValueAtPercentile(50) < 250_000,
          track + " fast p50 " + fast.endToEnd().getValueAtPercentile(50) + " us");
    }
    FanoutBench.Row slowVideo = row(result, "slow", "vlow");
    FanoutBench.Row fastVideo = row(result, "fast", "vlow");
    assertEquals(1, slowVideo.subscribers());
    boolean fellBehind =
        slowVideo.delivered() * 10 < slowVideo.expected() * 9
            || slowVideo.endToEnd().getValueAtPercentile(50)
                > 4 * fastVideo.endToEnd().getValueAtPercentile(50);
    assertTrue(
        fellBehind,
        "the 500 kbit/s link must throttle: delivered "
            + slowVideo.delivered()
            + " of "
            + slowVideo.expected()
            + ", p50 "
            + slowVideo.endToEnd().getValueAtPercentile(50)
            + " us");
    assertTrue(result.slowLinkDrops() > 0, "the slow link's queue overflowed at least once");
  }

  private static FanoutBench.Row row(FanoutBench.Result result, String group, String track) {
    return result.rows().stream()
        .filter(r -> r.group().equals(group) && r.track().equals(track))
        .findFirst()
        .orElseThrow();
  }
}

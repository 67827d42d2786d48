package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live chain on loopback over real QUIC (Netty's codec, quiche inside): publisher → relay → two
 * subscribers for three seconds of the draft's media mix, with a 1 s deadline on {@code vmid}.
 * Subscriber 2 assumes a clock 2 s behind, so every frame looks 2 s late to it: its {@code vmid}
 * groups are stopped at their first frame and the layer must come back with each next group. (The
 * deadline is generous because the first frames of a cold JVM on two shared cores can take 200 ms
 * on loopback.)
 */
@Tag("network")
class LiveChainNetworkTest {

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldDeliverEveryAudioAndVlowFrameAndResumeStoppedVmidAtNextGroup() throws Exception {
    assumeTrue(
        NativeQuic.isAvailable(), "QUIC native library: " + NativeQuic.unavailabilityReason());
    List<String> log = new CopyOnWriteArrayList<>();
    LiveChain.Result result =
        LiveChain.run(
            ChainOptions.builder()
                .media(MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX))
                .durationMicros(3_000_000)
                .subscribers(2)
                .lateMicros(1_000_000)
                .clockOffsetsMicros(List.of(0L, -2_000_000L))
                .log(log::add)
                .build());

    long audioSent = result.publisher().objectsSent("a1");
    long vlowSent = result.publisher().objectsSent("vlow");
    long vmidSent = result.publisher().objectsSent("vmid");
    assertEquals(150, audioSent, "3 s of 50 fps audio");
    assertEquals(90, vlowSent, "3 s of 30 fps video");
    assertEquals(90, vmidSent);

    for (SubscriberReport report : result.subscribers()) {
      assertTrue(report.completed(), report.endReason() + " " + log);
      assertEquals(audioSent, report.track("a1").received(), "every audio object");
      assertEquals(vlowSent, report.track("vlow").received(), "every vlow frame");
      assertEquals(audioSent, report.track("a1").latency(FrameKind.AUDIO).getTotalCount());
      assertEquals(3, report.track("vlow").received(FrameKind.I));
      assertTrue(report.track("vlow").latency().getMaxValue() > 0, "latency recorded");
    }

    TrackReport onTime = result.subscribers().get(0).track("vmid");
    assertEquals(vmidSent, onTime.received(), "no late vmid on loopback: " + log);
    assertEquals(0, onTime.stopSendingSent());

    TrackReport late = result.subscribers().get(1).track("vmid");
    assertEquals(3, late.stopSendingSent(), "each of the 3 vmid groups stopped once");
    assertEquals(3, late.received(FrameKind.I), "the layer resumes with every next group");
    assertTrue(late.received() < vmidSent, "stopped groups lose their later frames");
  }
}

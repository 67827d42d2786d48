package dev.moqbed.live.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.ChainOptions;
import dev.moqbed.live.LiveChain;
import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.session.transport.PathStats;
import dev.moqbed.subscriber.SubscriberReport;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The live chain on the project's own QUIC stack (TLS 1.3, the project's controllers) on loopback:
 * the controller under test really runs the relay's sending side.
 */
@Tag("network")
class MoqbedChainNetworkTest {
  private static LiveChain.Result run(String controller, List<String> log) throws Exception {
    LiveStack stack = LiveStack.of(LiveTransport.MOQBED, controller);
    return run(stack, stack, log);
  }

  private static LiveChain.Result run(LiveStack relay, LiveStack clients, List<String> log)
      throws Exception {
    return LiveChain.run(
        ChainOptions.builder()
            .media(MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX))
            .durationMicros(2_000_000)
            .subscribers(2)
            .lateMicros(1_000_000)
            .stacks(relay, clients)
            .log(log::add)
            .build());
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldDeliverEveryAudioAndVlowFrameWithEachControllerOnTheProjectsStack() throws Exception {
    for (String controller : List.of("c4", "newreno")) {
      List<String> log = new CopyOnWriteArrayList<>();
      LiveChain.Result result = run(controller, log);
      long audioSent = result.publisher().objectsSent("a1");
      long vlowSent = result.publisher().objectsSent("vlow");
      assertEquals(100, audioSent, "2 s of 50 fps audio");
      assertEquals(60, vlowSent, "2 s of 30 fps video");
      for (SubscriberReport report : result.subscribers()) {
        assertTrue(report.completed(), controller + ": " + report.endReason() + " " + log);
        assertEquals(audioSent, report.track("a1").received(), controller + ": every datagram");
        assertEquals(vlowSent, report.track("vlow").received(), controller + ": every vlow frame");
      }
      // The relay's path figures come from the project's controller, not quiche's.
      for (PathStats path : result.relayPaths()) {
        assertTrue(path.congestionWindowBytes() > 0, controller + ": " + path);
        assertTrue(path.smoothedRttMicros() > 0, controller + ": " + path);
      }
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldServeQuicheClientsFromARelayOnTheProjectsStackAndTheOtherWayRound() throws Exception {
    LiveStack moqbed = LiveStack.of(LiveTransport.MOQBED, "c4");
    LiveStack quiche = LiveStack.quicheDefault();
    for (LiveStack[] pairing : new LiveStack[][] {{moqbed, quiche}, {quiche, moqbed}}) {
      List<String> log = new CopyOnWriteArrayList<>();
      LiveChain.Result result = run(pairing[0], pairing[1], log);
      String name = pairing[0].describe() + " serving " + pairing[1].describe();
      long audioSent = result.publisher().objectsSent("a1");
      assertEquals(100, audioSent, name);
      for (SubscriberReport report : result.subscribers()) {
        assertTrue(report.completed(), name + ": " + report.endReason() + " " + log);
        assertEquals(audioSent, report.track("a1").received(), name + ": every datagram");
        assertEquals(60, report.track("vlow").received(), name + ": every vlow frame");
      }
    }
  }
}

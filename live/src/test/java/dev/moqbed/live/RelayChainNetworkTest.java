package dev.moqbed.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.moqbed.media.spec.MediaSpec;
import dev.moqbed.netty.NativeQuic;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.subscriber.SubscriberReport;
import dev.moqbed.subscriber.TrackReport;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two relays in a row on loopback: publisher → relay 1 → relay 2 (relay 1 is its upstream) → two
 * subscribers. Relay 2 knows no publisher, so it forwards the SUBSCRIBEs upstream, once per track;
 * every frame crosses both relays, each of which stamps its arrival, so each subscriber sees three
 * hops in order.
 */
@Tag("network")
class RelayChainNetworkTest {

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void shouldForwardThroughTwoRelaysWithOneUpstreamSubscriptionPerTrackAndPerHopLatency()
      throws Exception {
    assumeTrue(
        NativeQuic.isAvailable(), "QUIC native library: " + NativeQuic.unavailabilityReason());
    List<String> log = new CopyOnWriteArrayList<>();
    List<FrameRecord> frames = new CopyOnWriteArrayList<>();
    LiveChain.Result result =
        LiveChain.run(
            ChainOptions.builder()
                .media(MediaSpec.parse(MediaSpec.DRAFT_MEDIA_MIX))
                .durationMicros(2_000_000)
                .subscribers(2)
                .lateMicros(0)
                .droppableTracks(Set.of())
                .log(log::add)
                .frames((subscriber, frame) -> frames.add(frame))
                .relays(2)
                .build());

    assertEquals(List.of(3, 6), result.subscriptionsPerRelay(), "relay 1 serves relay 2 once");
    for (String track : List.of("a1", "vlow", "vmid")) {
      long sent = result.publisher().objectsSent(track);
      assertTrue(sent > 0, track);
      for (SubscriberReport report : result.subscribers()) {
        assertTrue(report.completed(), report.endReason() + " " + log);
        TrackReport received = report.track(track);
        assertEquals(sent, received.received(), track + " through both relays: " + log);
        assertEquals(3, received.hops(), "publisher -> relay 1 -> relay 2 -> subscriber");
        for (int hop = 0; hop < 3; hop++) {
          assertEquals(sent, received.hopLatency(hop).getTotalCount(), track + " hop " + hop);
        }
      }
    }
    List<List<Object>> hops = LiveSupport.hopTable(result.subscribers().get(0)).rows();
    assertEquals(9, hops.size(), "three tracks, three hops each");
    assertEquals(List.of("a1", 1, "publisher", "relay 1"), hops.get(0).subList(0, 4));
    assertEquals(List.of("a1", 2, "relay 1", "relay 2"), hops.get(1).subList(0, 4));
    assertEquals(List.of("a1", 3, "relay 2", "subscriber"), hops.get(2).subList(0, 4));
    for (FrameRecord frame : frames) {
      List<Long> stamps = frame.relayArrivalsMicros();
      assertEquals(2, stamps.size(), "one stamp per relay");
      assertTrue(frame.captureMicros() <= stamps.get(0), "relay 1 after capture");
      assertTrue(stamps.get(0) <= stamps.get(1), "relay 2 after relay 1");
      assertTrue(stamps.get(1) <= frame.arrivalMicros(), "subscriber after relay 2");
    }
  }
}
